"""Drawing helpers shared by the document templates."""
import math

from PIL import Image, ImageDraw

import fonts


def background(size, tint, r):
    """A light security-print background: tint plus fine guilloche lines."""
    image = Image.new("RGB", size, tint)
    draw = ImageDraw.Draw(image)
    width, height = size
    line = tuple(max(0, c - 28) for c in tint)
    phase = r.random() * math.pi
    for k in range(0, height + 60, 9):
        points = [(x, k + 7 * math.sin(x / 37.0 + phase + k / 50.0)) for x in range(0, width + 10, 10)]
        draw.line(points, fill=line, width=1)
    return image


# Where each template prints the holder's portrait (left, top, right, bottom):
# on the left of the page or card, as ICAO 9303 and AAMVA lay it out.
PORTRAIT_BOXES = {
    "passport": (40, 110, 340, 500),
    "id_card": (30, 90, 250, 380),
    "driver_licence": (30, 90, 250, 380),
    "egypt_id": (30, 60, 250, 340),
}


def photo_portrait(image, box, path):
    """A real face photo (from a package's test images) cut to the portrait box."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    photo = Image.open(path).convert("RGB")
    scale = max(width / photo.width, height / photo.height)
    photo = photo.resize((int(photo.width * scale + 0.5), int(photo.height * scale + 0.5)), Image.Resampling.LANCZOS)
    left, top = (photo.width - width) // 2, (photo.height - height) // 2
    image.paste(photo.crop((left, top, left + width, top + height)), (x0, y0))


def portrait(image, box, r, photo=None):
    """The holder's photo: a real face when one is given, else a neutral drawn
    head-and-shoulders silhouette."""
    if photo:
        photo_portrait(image, box, photo)
        return
    x0, y0, x1, y1 = box
    photo = Image.new("RGB", (x1 - x0, y1 - y0), (214, 220, 226))
    draw = ImageDraw.Draw(photo)
    cx, w, h = (x1 - x0) / 2, x1 - x0, y1 - y0
    y0 = 0
    skin = r.choice([(233, 196, 170), (198, 150, 115), (141, 99, 72), (245, 215, 190)])
    draw.ellipse((cx - w * 0.42, y0 + h * 0.72, cx + w * 0.42, h * 1.3), fill=(60, 70, 90))
    draw.ellipse((cx - w * 0.24, y0 + h * 0.18, cx + w * 0.24, y0 + h * 0.68), fill=skin)
    draw.ellipse((cx - w * 0.11, y0 + h * 0.38, cx - w * 0.05, y0 + h * 0.42), fill=(40, 40, 40))
    draw.ellipse((cx + w * 0.05, y0 + h * 0.38, cx + w * 0.11, y0 + h * 0.42), fill=(40, 40, 40))
    draw.arc((cx - w * 0.08, y0 + h * 0.48, cx + w * 0.08, y0 + h * 0.58), 20, 160, fill=(120, 60, 60), width=2)
    image.paste(photo, (x0, box[1]))


def label_value(draw, xy, label, value, label_size=14, value_size=22, value_font=fonts.SANS_BOLD):
    x, y = xy
    draw.text((x, y), label, font=fonts.font(fonts.SANS, label_size), fill=(70, 80, 110))
    draw.text((x, y + label_size + 3), value, font=fonts.font(value_font, value_size), fill=(20, 20, 25))


def mrz(draw, lines, left, top, pitch, size):
    """Fixed-pitch OCR-B, one character per cell as ICAO 9303 prints it."""
    font = fonts.font(fonts.OCR_B, size)
    line_gap = int(size * 1.45)
    for row, text in enumerate(lines):
        for column, character in enumerate(text):
            draw.text((left + column * pitch, top + row * line_gap), character, font=font, fill=(15, 15, 15))
