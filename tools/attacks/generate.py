"""Renders the presentation-attack test set for the passive liveness signals:
real face photos (bona fide), and simulated recaptures of the same photos shown
on a screen, printed on paper, and held up as a photo print.

The simulations model what the signals look for (a screen's pixel grid sampled
again by a camera, a printer's halftone screen, the edges of a print or a
phone), so error rates measured on this set say how well the signals find those
traces when they are there, not how a real attacker with a good screen fares.

    python generate.py --faces .build/facedata --out .build/attacks
writes one image per sample and manifest.json: [{file, kind, source}], kind in
bona_fide, screen, print, photo_print.
"""
import argparse
import io
import json
import math
import os
import random

import numpy
from PIL import Image, ImageFilter


def sources(faces):
    """Real photos of one person each (bald_guys has four; partial faces are cut off)."""
    names = []
    johns = os.path.join(faces, "johns")
    for person in sorted(os.listdir(johns)):
        names += [os.path.join(johns, person, f) for f in sorted(os.listdir(os.path.join(johns, person)))]
    for name in ["obama.jpg", "obama2.jpg", "obama3.jpg", "biden.jpg", "astronaut.png", "grace_hopper.jpg"]:
        if os.path.exists(os.path.join(faces, name)):
            names.append(os.path.join(faces, name))
    return names


def as_array(image):
    return numpy.asarray(image.convert("RGB"), dtype=numpy.float64) / 255.0


def as_image(array):
    return Image.fromarray((array.clip(0, 1) * 255 + 0.5).astype(numpy.uint8))


def jpeg(image, quality):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality)
    return buffer.getvalue()


def camera(image, r, noise=(0.006, 0.016)):
    """What every capture goes through: sensor noise, then JPEG."""
    array = as_array(image)
    rng = numpy.random.default_rng(r.randint(0, 2**31))
    array = array + rng.normal(0, r.uniform(*noise), array.shape)
    return jpeg(as_image(array), r.randint(78, 93))


def fitted(image, long_side):
    scale = long_side / max(image.size)
    return image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.Resampling.LANCZOS)


def tilted(image, r, degrees, fill):
    return image.rotate(r.uniform(-degrees, degrees), resample=Image.Resampling.BICUBIC, expand=True, fillcolor=fill)


def on_background(image, r, margin):
    """The object lying on (or held in front of) a plain, dim surface."""
    width, height = image.size
    pad = int(max(width, height) * margin)
    base = numpy.ones((height + 2 * pad, width + 2 * pad, 3)) * numpy.array([r.uniform(0.15, 0.45) for _ in range(3)])
    base *= numpy.linspace(0.8, 1.1, base.shape[1])[None, :, None]
    canvas = as_image(base)
    mask = Image.new("L", image.size, 255)
    angle = r.uniform(-8, 8)
    turned = image.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    turned_mask = mask.rotate(angle, resample=Image.Resampling.BILINEAR, expand=True)
    canvas.paste(turned, ((canvas.width - turned.width) // 2, (canvas.height - turned.height) // 2), turned_mask)
    return canvas


def glare(array, r):
    """A soft specular reflection somewhere on a glossy surface."""
    height, width = array.shape[:2]
    y, x = numpy.mgrid[0:height, 0:width]
    cx, cy = r.uniform(0, width), r.uniform(0, height)
    radius = r.uniform(0.1, 0.3) * max(width, height)
    spot = numpy.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * radius ** 2)) * r.uniform(0.2, 0.5)
    return array + spot[..., None]


def screen_replay(photo, r):
    """The photo shown on an LCD and photographed: each screen pixel is three
    coloured stripes with dark gaps, which the camera samples again (moiré)."""
    displayed = fitted(photo, r.randint(220, 480))
    pixel = r.choice([3, 4])
    array = as_array(displayed) ** 1.1 * 0.92 + 0.04
    array *= numpy.array([0.96, 0.98, 1.04])
    emitted = numpy.repeat(numpy.repeat(array, pixel, axis=0), pixel, axis=1)
    mask = numpy.zeros((pixel, pixel, 3))
    for channel in range(3):
        mask[:, channel, channel] = 1.0  # a fourth column, if any, stays dark
    mask[pixel - 1, :, :] *= 0.35  # the black matrix between rows
    tiled = numpy.tile(mask, (array.shape[0], array.shape[1], 1))
    emitted = emitted * tiled
    blurred = as_array(as_image(emitted / emitted.max()).filter(ImageFilter.GaussianBlur(r.uniform(0.3, 0.9) * pixel / 3)))
    # The camera's exposure brings the dimmer, striped screen back to the photo's brightness.
    screen = as_image(blurred * (array.mean() / max(blurred.mean(), 1e-3)))
    if r.random() < 0.5:  # the phone's bezel and the room around it are in the frame
        bezel = int(0.06 * max(screen.size))
        framed = Image.new("RGB", (screen.width + 2 * bezel, screen.height + 2 * bezel), (12, 12, 14))
        framed.paste(screen, (bezel, bezel))
        screen = on_background(framed, r, 0.12)
    captured = fitted(screen, int(max(screen.size) / pixel * r.uniform(1.3, 2.8)))
    captured = tilted(captured, r, 4, (40, 40, 40)) if r.random() < 0.5 else captured
    array = as_array(captured)
    if r.random() < 0.4:
        array = glare(array, r)
    return camera(as_image(array), r)


def halftoned(photo, r):
    """The photo printed with a CMYK halftone screen on slightly textured paper."""
    array = as_array(photo).astype(numpy.float32)
    cmy = 1 - array
    k = cmy.min(axis=2)
    inks = list(numpy.moveaxis((cmy - k[..., None]) / numpy.maximum(1 - k[..., None], 1e-3), 2, 0)) + [k]
    height, width = k.shape
    y, x = numpy.mgrid[0:height, 0:width].astype(numpy.float32)
    cell = r.uniform(4.0, 6.5)
    covered = []
    for ink, angle in zip(inks, [15, 75, 0, 45]):
        a = math.radians(angle)
        u, v = x * math.cos(a) + y * math.sin(a), -x * math.sin(a) + y * math.cos(a)
        threshold = (numpy.cos(2 * math.pi * u / cell) + numpy.cos(2 * math.pi * v / cell)) / 4 + 0.5
        covered.append((ink > threshold).astype(numpy.float32))
    rng = numpy.random.default_rng(r.randint(0, 2**31))
    paper = 0.93 + rng.normal(0, 0.012, (height, width)).astype(numpy.float32)
    paper += numpy.asarray(Image.fromarray((rng.normal(0.5, 0.2, (height // 16 + 1, width // 16 + 1)).clip(0, 1) * 255).astype(numpy.uint8))
                           .resize((width, height), Image.Resampling.BICUBIC), dtype=numpy.float64) / 255 * 0.04 - 0.02
    c, m, yellow, black = covered
    # Inks absorb imperfectly: prints cannot reach a screen's saturation or black.
    out = numpy.stack([(1 - 0.8 * c) * (1 - 0.1 * m) * (1 - 0.02 * yellow),
                       (1 - 0.15 * c) * (1 - 0.8 * m) * (1 - 0.1 * yellow),
                       (1 - 0.3 * c) * (1 - 0.2 * m) * (1 - 0.85 * yellow)], axis=2)
    out *= (1 - 0.85 * black)[..., None]
    return as_image(out * paper[..., None]).filter(ImageFilter.GaussianBlur(0.6))


def printed(photo, r):
    """A halftone print photographed: the screen survives the capture partly."""
    # A 3–4 inch print at ~150 lines per inch: 400 px of photo, about one halftone cell per photo pixel.
    photo = fitted(photo, 400)
    dpi_scale = 5
    page = halftoned(photo.resize((photo.width * dpi_scale, photo.height * dpi_scale), Image.Resampling.BICUBIC), r)
    if r.random() < 0.5:
        page = on_background(page, r, 0.1)
    captured = fitted(page, int(max(page.size) / dpi_scale * r.uniform(1.3, 2.6)))
    return camera(captured.filter(ImageFilter.GaussianBlur(r.uniform(0.0, 0.5))), r)


def photo_print(photo, r):
    """A glossy photo print with its white border, held in front of the camera."""
    photo = fitted(photo, min(max(photo.size), 1000))
    border = int(max(photo.size) * r.uniform(0.04, 0.09))
    card = Image.new("RGB", (photo.width + 2 * border, photo.height + 2 * border), (238, 236, 230))
    card.paste(photo, (border, border))
    scene = on_background(card, r, r.uniform(0.12, 0.3))
    array = as_array(scene) * r.uniform(0.85, 1.05)
    if r.random() < 0.4:
        array = glare(array, r)
    return camera(as_image(array), r)


def bona_fide_recapture(photo, r):
    """The real photo as another camera pipeline would deliver it: resized, noisier, recompressed."""
    return camera(fitted(photo, min(1600, int(max(photo.size) * r.uniform(0.7, 1.6)))), r)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--faces", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=5150)
    arguments = parser.parse_args()
    os.makedirs(arguments.out, exist_ok=True)
    manifest = []
    for index, path in enumerate(sources(arguments.faces)):
        photo = Image.open(path).convert("RGB")
        source = os.path.relpath(path, arguments.faces)
        stem = f"{index:03d}"
        with open(path, "rb") as original:
            raw = original.read()
        extension = os.path.splitext(path)[1]
        outputs = [("bona_fide", stem + "-original" + extension, raw)]
        for kind, render in [("bona_fide", bona_fide_recapture), ("screen", screen_replay),
                             ("print", printed), ("photo_print", photo_print)]:
            r = random.Random(f"{arguments.seed}-{index}-{kind}")
            outputs.append((kind, f"{stem}-{kind}.jpg", render(photo, r)))
        for kind, name, data in outputs:
            with open(os.path.join(arguments.out, name), "wb") as file:
                file.write(data)
            manifest.append({"file": name, "kind": kind, "source": source})
    with open(os.path.join(arguments.out, "manifest.json"), "w") as file:
        json.dump(manifest, file, indent=1)
    counts = {}
    for entry in manifest:
        counts[entry["kind"]] = counts.get(entry["kind"], 0) + 1
    print("attacks:", ", ".join(f"{count} {kind}" for kind, count in sorted(counts.items())), "in", arguments.out)


if __name__ == "__main__":
    main()
