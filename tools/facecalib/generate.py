"""Document-like versions of real face photos, for calibrating the face-match
threshold: a portrait on an identity document is small, often grey, soft and
compressed, which moves same-person distances up (from ~0.33 towards ~0.55).

    python generate.py --faces .build/facedata/johns --out .build/facecalib
writes OUT/<variant>/<person>/<photo>.jpg for every photo of dlib's johns and
every variant below, and OUT/variants.json describing them.
"""
import argparse
import io
import json
import os
import random

import numpy
from PIL import Image, ImageFilter, ImageOps


def small(photo, r):
    """A portrait about 22 mm wide photographed from arm's length: ~70 px."""
    return photo.resize((70, round(70 * photo.height / photo.width)), Image.Resampling.LANCZOS)


def grey(photo, r):
    """Many cards print the portrait in grey (laser engraving)."""
    return ImageOps.grayscale(photo).convert("RGB")


def soft(photo, r):
    """Out of focus, or printed softly."""
    return photo.filter(ImageFilter.GaussianBlur(1.6))


def compressed(photo, r):
    """Heavy JPEG on the way (chat apps, low-bandwidth uploads)."""
    return Image.open(io.BytesIO(_jpeg(photo, 12)))


def faded(photo, r):
    """Low contrast and sensor noise: an old card under poor light."""
    array = numpy.asarray(photo, dtype=float)
    array = 70 + array * 0.55
    array += numpy.random.default_rng(r.randint(0, 2**31)).normal(0, 6, array.shape)
    return Image.fromarray(array.clip(0, 255).astype(numpy.uint8))


def document(photo, r):
    """All of it at once: the worst portrait a flow should still match."""
    photo = grey(photo, r).resize((90, round(90 * photo.height / photo.width)), Image.Resampling.LANCZOS)
    photo = photo.filter(ImageFilter.GaussianBlur(0.7))
    photo = faded(photo, r)
    return Image.open(io.BytesIO(_jpeg(photo, 30)))


VARIANTS = {"small": small, "grey": grey, "soft": soft, "compressed": compressed, "faded": faded, "document": document}


def _jpeg(image, quality):
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, "JPEG", quality=quality)
    return buffer.getvalue()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--faces", required=True, help="dlib's examples/johns: one folder per person")
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=2024)
    arguments = parser.parse_args()
    for name, variant in VARIANTS.items():
        for person in sorted(os.listdir(arguments.faces)):
            os.makedirs(os.path.join(arguments.out, name, person), exist_ok=True)
            for file in sorted(os.listdir(os.path.join(arguments.faces, person))):
                photo = Image.open(os.path.join(arguments.faces, person, file)).convert("RGB")
                image = variant(photo, random.Random(f"{arguments.seed}-{name}-{person}-{file}"))
                with open(os.path.join(arguments.out, name, person, os.path.splitext(file)[0] + ".jpg"), "wb") as handle:
                    handle.write(_jpeg(image, 92))
    with open(os.path.join(arguments.out, "variants.json"), "w") as handle:
        json.dump({name: variant.__doc__ for name, variant in VARIANTS.items()}, handle, indent=1)
    print("facecalib:", len(VARIANTS), "variants of", sum(len(files) for _, _, files in os.walk(arguments.faces)), "photos in", arguments.out)


if __name__ == "__main__":
    main()
