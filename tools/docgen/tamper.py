"""Portrait substitution, the commonest identity-document forgery, in the two
ways it reaches a verifier. Each takes the flat front, its portrait box, another
person's photo and a random generator, and returns (image, file format, facts)."""
import numpy
from PIL import Image, ImageDraw

import canvas
import degrade


def _substitute(box, path):
    """The other person's photo cut to the portrait box, as canvas prints portraits."""
    x0, y0, x1, y1 = box
    sheet = Image.new("RGB", (x1, y1), (255, 255, 255))
    canvas.photo_portrait(sheet, box, path)
    return sheet.crop(box)


def digital(front, box, path, r):
    """A captured card edited on a computer: the capture's sensor noise is
    everywhere except on the new portrait, pasted in afterwards."""
    pixels = numpy.asarray(front, dtype=float)
    pixels += numpy.random.default_rng(r.randint(0, 2**31)).normal(0, r.uniform(6, 12), pixels.shape)
    captured = Image.fromarray(pixels.clip(0, 255).astype(numpy.uint8))
    captured.paste(_substitute(box, path), box[:2])
    return captured, "png", {"tampering": "portrait_pasted_digitally"}


def glued(front, box, path, r):
    """A new photo glued over the card's portrait by hand, slightly askew and
    larger than the printed one, then the card photographed."""
    x0, y0, x1, y1 = box
    grow = r.uniform(1.03, 1.08)
    width, height = int((x1 - x0) * grow), int((y1 - y0) * grow)
    photo = _substitute(box, path).resize((width, height), Image.Resampling.LANCZOS)
    ImageDraw.Draw(photo).rectangle((0, 0, width - 1, height - 1), outline=(250, 250, 248), width=2)
    angle = r.choice([-1, 1]) * r.uniform(2.0, 4.0)
    turned = photo.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    mask = Image.new("L", photo.size, 255).rotate(angle, resample=Image.Resampling.BILINEAR, expand=True)
    forged = front.copy()
    cx, cy = (x0 + x1) / 2 + r.uniform(-6, 6), (y0 + y1) / 2 + r.uniform(-6, 6)
    forged.paste(turned, (int(cx - turned.width / 2), int(cy - turned.height / 2)), mask)
    image, file_format, facts = degrade.photo(forged, r)
    return image, file_format, {**facts, "tampering": "portrait_glued"}


TAMPERINGS = {"tampered_digital": digital, "tampered_glued": glued}
