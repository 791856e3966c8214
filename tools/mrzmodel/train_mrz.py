#!/usr/bin/env python3
"""Trains the MRZ glyph classifier from OCR-B renderings (Debian fonts-ocr-b, public
domain) and writes Sources/VerityVision/Resources/mrz-ocrb.mlp.

  train_mrz.py [--lines N] [--epochs E] [--out FILE] [--real GLYPHS --exclude DOC,… --real-copies K]

Lines of random MRZ characters are rendered at many sizes and degraded (blur,
noise, JPEG, stroke weight, contrast, background print, resampling), cut into
fixed-pitch cells, and turned into features by features.py. A one-hidden-layer
network is trained with Adam. Deterministic for a given --seed.

--real adds glyphs cut from real scans (`VerityBench mrz-glyphs`: the reader's
own features, labelled by readings whose check digits all hold), each K times;
--exclude leaves out the named documents' glyphs, so a model can be measured
on documents it never saw (leave_documents_out.sh)."""
import io
import os
import struct
import sys

import numpy
from PIL import Image, ImageDraw, ImageFilter, ImageFont

import features
import mlp

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"
FONTS = ["/usr/share/fonts/opentype/ocr-b/OCRB.otf", "/usr/share/fonts/opentype/ocr-b/OCRBS.otf"]
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "..", "Sources", "VerityVision", "Resources", "mrz-ocrb.mlp")


def render_line(rng, text):
    size = int(rng.integers(18, 56))
    pitch = size * rng.uniform(0.63, 0.70)
    font = ImageFont.truetype(FONTS[int(rng.integers(0, len(FONTS)))], size)
    width = int(pitch * len(text) + size * 2)
    height = int(size * 2.2)
    background = int(rng.integers(150, 256))
    ink = int(rng.integers(0, 90))
    image = Image.new("L", (width, height), background)
    draw = ImageDraw.Draw(image)
    if rng.random() < 0.5:
        tone = max(0, background - int(rng.integers(10, 45)))
        phase = rng.uniform(0, 6.3)
        for k in range(0, height, int(rng.integers(5, 12))):
            points = [(x, k + 4 * numpy.sin(x / 30.0 + phase)) for x in range(0, width, 6)]
            draw.line(points, fill=tone, width=1)
    left, top = size, int(size * 0.5)
    cells = []
    for column, character in enumerate(text):
        x = left + column * pitch + rng.uniform(-0.04, 0.04) * size
        y = top + rng.uniform(-0.04, 0.04) * size
        draw.text((x, y), character, font=font, fill=ink)
        cells.append((x - pitch * 0.18, x + pitch * 0.98))
    return image, cells, (top, top + size * 1.1)


def degrade(rng, image, cells, band):
    scale = 1.0
    if rng.random() < 0.5:
        scale = rng.uniform(0.45, 1.3)
        image = image.resize((max(8, int(image.width * scale)), max(8, int(image.height * scale))), Image.Resampling.BILINEAR)
    if rng.random() < 0.3:
        image = image.filter(ImageFilter.MinFilter(3) if rng.random() < 0.5 else ImageFilter.MaxFilter(3))
    if rng.random() < 0.65:
        # Up to a blur that leaves strokes barely apart: out-of-focus phone shots.
        size = band[1] - band[0]
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, max(0.6, 0.13 * size * scale))))
    pixels = numpy.asarray(image, dtype=numpy.float32)
    if rng.random() < 0.6:
        pixels = pixels + rng.normal(0, rng.uniform(2, 22), pixels.shape)
    image = Image.fromarray(pixels.clip(0, 255).astype(numpy.uint8))
    if rng.random() < 0.5:
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=int(rng.integers(20, 95)))
        image = Image.open(io.BytesIO(buffer.getvalue())).convert("L")
    cells = [(a * scale, b * scale) for a, b in cells]
    return numpy.asarray(image, dtype=numpy.float32), cells, (band[0] * scale, band[1] * scale)


def line_samples(rng, text):
    image, cells, band = render_line(rng, text)
    gray, cells, band = degrade(rng, image, cells, band)
    top, bottom = int(max(0, band[0] - 3)), int(min(gray.shape[0], band[1] + 3))
    region = gray[top:bottom]
    background, ink_level = features.percentile(region, 0.9), features.percentile(region, 0.1)
    if background - ink_level < 25:
        return []
    threshold = (background + ink_level) / 2
    boxes = []
    for a, b in cells:
        x0, x1 = int(max(0, a)), int(min(gray.shape[1], b))
        mask = region[:, x0:x1] < threshold
        ys, xs = numpy.nonzero(mask)
        if len(xs) < 2:
            boxes.append(None)
            continue
        boxes.append((x0 + xs.min(), top + ys.min(), x0 + xs.max() + 1, top + ys.max() + 1))
    present = [box for box in boxes if box is not None]
    if len(present) < len(text) * 0.8:
        return []
    heights = numpy.array(sorted(box[3] - box[1] for box in present))
    letter_height = float(heights[int(0.75 * (len(heights) - 1))])
    tall = sorted((box[1] + box[3]) / 2 for box in present if box[3] - box[1] >= 0.8 * letter_height)
    line_center = tall[(len(tall) - 1) // 2]
    ink = features.ink_map(gray, background, ink_level)
    return [(features.glyph(ink, box, letter_height, line_center), ALPHABET.index(character))
            for box, character in zip(boxes, text) if box is not None]


def random_text(rng, length):
    # Fillers and digits dominate real MRZs.
    weights = numpy.array([1.0] * 26 + [1.6] * 10 + [3.5])
    weights /= weights.sum()
    return "".join(ALPHABET[i] for i in rng.choice(len(ALPHABET), size=length, p=weights))


def dataset(rng, lines):
    xs, ys = [], []
    for _ in range(lines):
        for x, y in line_samples(rng, random_text(rng, int(rng.integers(20, 45)))):
            xs.append(x)
            ys.append(y)
    return numpy.stack(xs), numpy.array(ys)


def real_glyphs(args):
    """The glyphs of --real, less the documents of --exclude, each --real-copies times."""
    if not args.real:
        return numpy.zeros((0, features.COUNT), dtype=numpy.float32), numpy.zeros(0, dtype=int)
    excluded = set(filter(None, args.exclude.split(",")))
    xs, ys = [], []
    with open(args.real, encoding="utf-8") as lines:
        for line in lines:
            document, character, values = line.rstrip("\n").split("\t")
            if document in excluded or character not in ALPHABET:
                continue
            xs.append(numpy.array([float(v) for v in values.split(",")], dtype=numpy.float32))
            ys.append(ALPHABET.index(character))
    if not xs:
        return numpy.zeros((0, features.COUNT), dtype=numpy.float32), numpy.zeros(0, dtype=int)
    x, y = numpy.stack(xs), numpy.array(ys)
    print(f"{len(x)} real glyphs from {args.real}, each {args.real_copies} times", file=sys.stderr)
    return numpy.repeat(x, args.real_copies, axis=0), numpy.repeat(y, args.real_copies)


def main():
    options = [("--real", {"default": None, "help": "glyphs cut by VerityBench mrz-glyphs"}),
               ("--exclude", {"default": "", "help": "documents whose glyphs to leave out, comma-separated"}),
               ("--real-copies", {"type": int, "default": 8, "help": "how many times each real glyph counts"})]
    mlp.main(__doc__, dataset, ALPHABET, DEFAULT_OUT, lines=6000, epochs=20, hidden=128, seed=9303, options=options, extra=real_glyphs)


if __name__ == "__main__":
    main()
