#!/usr/bin/env python3
"""Trains the Eastern Arabic digit classifier (٠–٩ and the date separator /) used
for Egyptian national numbers and dates, which Tesseract's `ara` model cannot
read, and writes Sources/VerityVision/Resources/eastern-digits.mlp.

  train_eastern_digits.py [--lines N] [--epochs E] [--out FILE]

Needs Debian fonts-hosny-amiri, fonts-dejavu-core, fonts-kacst, fonts-arabeyes.
Numbers are rendered glyph by glyph in many Arabic fonts and sizes, degraded as
photos degrade them, and each glyph's ink box becomes features by features.py,
exactly as the run-time reader cuts digits into connected components."""
import io
import os

import numpy
from PIL import Image, ImageDraw, ImageFilter, ImageFont

import features
import mlp

ALPHABET = "٠١٢٣٤٥٦٧٨٩/"
FONTS = [
    "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf",
    "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/fonts-arabeyes/ae_AlArabiya.ttf",
    "/usr/share/fonts/truetype/fonts-arabeyes/ae_Arab.ttf",
    "/usr/share/fonts/truetype/fonts-arabeyes/ae_Nada.ttf",
    "/usr/share/fonts/truetype/fonts-arabeyes/ae_Furat.ttf",
    "/usr/share/fonts/truetype/fonts-arabeyes/ae_Salem.ttf",
    "/usr/share/fonts/truetype/kacst/KacstOne.ttf",
    "/usr/share/fonts/truetype/kacst/KacstBook.ttf",
    "/usr/share/fonts/truetype/kacst/KacstTitle.ttf",
]
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "..", "Sources", "VerityVision", "Resources", "eastern-digits.mlp")


def render(rng, text):
    """The number drawn glyph by glyph; returns the image and each glyph's ink box."""
    size = int(rng.integers(18, 64))
    font = ImageFont.truetype(FONTS[int(rng.integers(0, len(FONTS)))], size)
    gap = rng.uniform(0.02, 0.25) * size
    width, height = int(size * 0.9 * len(text) + size * 2), int(size * 2.2)
    background, ink = int(rng.integers(150, 256)), int(rng.integers(0, 90))
    image = Image.new("L", (width, height), background)
    draw = ImageDraw.Draw(image)
    x, top = size * 0.8, size * 0.4
    boxes = []
    for character in text:
        box = font.getbbox(character)
        if box[2] <= box[0]:
            boxes.append(None)
            continue
        y = top + rng.uniform(-0.03, 0.03) * size
        draw.text((x, y), character, font=font, fill=ink)
        boxes.append((x + box[0], y + box[1], x + box[2], y + box[3]))
        x += (box[2] - box[0]) + gap + box[0]
    return image, boxes


def degrade(rng, image, boxes):
    scale = rng.uniform(0.5, 1.3) if rng.random() < 0.5 else 1.0
    if scale != 1.0:
        image = image.resize((max(8, int(image.width * scale)), max(8, int(image.height * scale))), Image.Resampling.BILINEAR)
    if rng.random() < 0.2:
        image = image.filter(ImageFilter.MinFilter(3) if rng.random() < 0.5 else ImageFilter.MaxFilter(3))
    if rng.random() < 0.6:
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.8)))
    pixels = numpy.asarray(image, dtype=numpy.float32)
    if rng.random() < 0.6:
        pixels = pixels + rng.normal(0, rng.uniform(2, 18), pixels.shape)
    image = Image.fromarray(pixels.clip(0, 255).astype(numpy.uint8))
    if rng.random() < 0.5:
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=int(rng.integers(25, 95)))
        image = Image.open(io.BytesIO(buffer.getvalue())).convert("L")
    boxes = [None if b is None else tuple(v * scale for v in b) for b in boxes]
    return numpy.asarray(image, dtype=numpy.float32), boxes


def samples(rng, text):
    image, boxes = render(rng, text)
    gray, boxes = degrade(rng, image, boxes)
    background, ink_level = features.percentile(gray, 0.9), features.percentile(gray, 0.02)
    if background - ink_level < 25:
        return []
    threshold = (background + ink_level) / 2
    tight = []
    for box in boxes:
        if box is None:
            tight.append(None)
            continue
        x0, y0 = max(0, int(box[0]) - 1), max(0, int(box[1]) - 1)
        x1, y1 = min(gray.shape[1], int(box[2]) + 2), min(gray.shape[0], int(box[3]) + 2)
        ys, xs = numpy.nonzero(gray[y0:y1, x0:x1] < threshold)
        tight.append(None if len(xs) < 2 else (x0 + xs.min(), y0 + ys.min(), x0 + xs.max() + 1, y0 + ys.max() + 1))
    present = [b for b in tight if b is not None]
    if len(present) < len(text) * 0.8:
        return []
    heights = sorted(b[3] - b[1] for b in present)
    letter_height = float(heights[int(0.75 * (len(heights) - 1))])
    tall = sorted((b[1] + b[3]) / 2 for b in present if b[3] - b[1] >= 0.8 * letter_height)
    line_center = tall[(len(tall) - 1) // 2]
    ink = features.ink_map(gray, background, ink_level)
    return [(features.glyph(ink, b, letter_height, line_center), ALPHABET.index(c)) for b, c in zip(tight, text) if b is not None]


def random_text(rng):
    if rng.random() < 0.3:  # a date: 2027/05/10
        return "".join(ALPHABET[int(d)] for d in f"{rng.integers(1950, 2040)}") + "/" + \
               "".join(ALPHABET[int(d)] for d in f"{rng.integers(1, 13):02d}") + "/" + \
               "".join(ALPHABET[int(d)] for d in f"{rng.integers(1, 29):02d}")
    return "".join(ALPHABET[int(i)] for i in rng.integers(0, 10, size=int(rng.integers(6, 15))))


def dataset(rng, lines):
    xs, ys = [], []
    for _ in range(lines):
        for x, y in samples(rng, random_text(rng)):
            xs.append(x)
            ys.append(y)
    return numpy.stack(xs), numpy.array(ys)


def main():
    mlp.main(__doc__, dataset, ALPHABET, DEFAULT_OUT, lines=5000, epochs=18, hidden=96, seed=1414)


if __name__ == "__main__":
    main()
