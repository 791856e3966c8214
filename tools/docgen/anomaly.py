"""Things that cover part of a card when it is photographed, or damage it:
what the image-anomaly zones (anomaly_*) and `is_cracked` (damage_*) must find. Each takes one flat side (RGB) and a
random generator, draws on a copy, and returns (image, facts); the caller then
degrades it like any capture. Positions fall on the card's text and never on
the front's portrait (canvas.PORTRAIT_BOXES["egypt_id"]), which the portrait
checks judge."""
import numpy
from PIL import Image, ImageDraw, ImageFilter

import fonts

# Where text is printed: right of the portrait on the front, anywhere on the back.
TEXT_AREA = {"front": (290, 110, 830, 480), "back": (40, 20, 830, 480)}


def _spot(r, side, width, height):
    x0, y0, x1, y1 = TEXT_AREA[side]
    return r.randint(x0, max(x0, x1 - width)), r.randint(y0, max(y0, y1 - height))


def sticker(image, side, r):
    """A price label or a note stuck on the card."""
    width, height = r.randint(70, 150), r.randint(45, 95)
    x, y = _spot(r, side, width, height)
    colour = r.choice([(250, 212, 45), (232, 84, 62), (72, 142, 222), (126, 204, 120), (252, 252, 250)])
    ImageDraw.Draw(image).rounded_rectangle((x, y, x + width, y + height), radius=r.randint(4, 14), fill=colour)
    return image, {"anomaly": "sticker", "box": [x, y, x + width, y + height]}


def finger(image, side, r):
    """A thumb holding the card, over its text from the bottom edge."""
    mask = Image.new("L", image.size, 0)
    x = r.randint(TEXT_AREA[side][0], 760)
    width = r.randint(95, 135)
    top = r.randint(260, 380)
    ImageDraw.Draw(mask).ellipse((x, top, x + width, top + 2 * (540 - top) + 60), fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(5))
    skin = Image.new("RGB", image.size, r.choice([(226, 176, 144), (199, 136, 98), (142, 88, 60)]))
    image.paste(skin, (0, 0), mask)
    return image, {"anomaly": "finger", "box": [x, top, x + width, 540]}


def hole(image, side, r):
    """A punched hole: what lies under the card shows through."""
    radius = r.randint(14, 26)
    x, y = _spot(r, side, 2 * radius, 2 * radius)
    colour = r.choice([(34, 34, 40), (58, 46, 38), (20, 24, 30)])
    ImageDraw.Draw(image).ellipse((x, y, x + 2 * radius, y + 2 * radius), fill=colour)
    return image, {"anomaly": "hole", "box": [x, y, x + 2 * radius, y + 2 * radius]}


def covered(image, side, r):
    """A corner of the card under a sheet of paper or another card."""
    reach_x, reach_y = r.randint(180, 300), r.randint(150, 260)
    colour = r.choice([(246, 246, 243), (62, 62, 72), (196, 186, 166), (170, 40, 40)])
    corner = r.choice(["right", "bottom"])
    draw = ImageDraw.Draw(image)
    if corner == "right":
        draw.polygon([(856 - reach_x, 0), (856, 0), (856, reach_y)], fill=colour)
        box = [856 - reach_x, 0, 856, reach_y]
    else:
        draw.polygon([(856, 540 - reach_y), (856, 540), (856 - reach_x, 540)], fill=colour)
        box = [856 - reach_x, 540 - reach_y, 856, 540]
    return image, {"anomaly": "covered", "box": box}


def crease(image, side, r):
    """A card folded once in a wallet: a grey fold line with a bright edge beside it, top to bottom."""
    x0 = r.randint(320 if side == "front" else 120, 760)
    x1 = x0 + r.randint(-120, 120)
    draw = ImageDraw.Draw(image)
    draw.line([(x0, 0), (x1, 540)], fill=(150, 146, 138), width=2)
    draw.line([(x0 + 3, 0), (x1 + 3, 540)], fill=(250, 248, 244), width=3)
    return image, {"damage": "crease", "line": [x0, 0, x1, 540]}


def crack(image, side, r):
    """A cracked card: a thin dark jagged line from the top edge down at least half the card."""
    x = r.randint(320 if side == "front" else 120, 760)
    y, points = 0, [(x, 0)]
    end = r.randint(300, 540)
    while y < end:
        y += r.randint(8, 20)
        x += r.randint(-7, 7)
        points.append((x, y))
    ImageDraw.Draw(image).line(points, fill=(70, 66, 60), width=r.choice([1, 2]))
    return image, {"damage": "crack", "line": [points[0][0], 0, x, y]}


ANOMALIES = {"anomaly_sticker": sticker, "anomaly_finger": finger, "anomaly_hole": hole, "anomaly_covered": covered,
             "damage_crease": crease, "damage_crack": crack}
# The capture each altered card then goes through.
CAPTURES = ["clean", "photo", "jpeg", "noise", "greyscale", "glare"]


def _camera_noise(image, r):
    """A phone's sensor noise over the whole capture."""
    pixels = numpy.asarray(image, dtype=float)
    pixels += numpy.random.default_rng(r.randint(0, 2**31)).normal(0, r.uniform(6, 12), pixels.shape)
    return Image.fromarray(pixels.clip(0, 255).astype(numpy.uint8))


def _edited(front, r, box, text, size, bold_font):
    """A captured front (with sensor noise) with one field replaced on a
    computer: a clean patch of the card's tint, new text, pasted over it."""
    captured = _camera_noise(front, r)
    patch = Image.new("RGB", (box[2] - box[0], box[3] - box[1]), (232, 226, 212))
    ImageDraw.Draw(patch).text((patch.width - 4, 6), text, font=fonts.font(bold_font, size), fill=(20, 20, 25),
                               anchor="ra", direction="rtl", language="ar")
    captured.paste(patch, box[:2])
    return captured


def edited_name(front, bold_font, r):
    return _edited(front, r, (560, 112, 830, 172), r.choice(["حسام", "منصور", "شريف", "وليد"]), 40, bold_font), {"edit": "first_name"}


def edited_digits(front, bold_font, r):
    digits = "".join(r.choice("٠١٢٣٤٥٦٧٨٩") for _ in range(14))
    return _edited(front, r, (520, 425, 830, 485), digits, 44, bold_font), {"edit": "front_nid"}


def cloned(front, bold_font, r):
    """A captured front with a region of the same capture copied over another
    part of it: digits of the national number over their neighbours (a new
    number from the card's own print), or blank paper over a word of the name
    (a word hidden). The copy carries the capture's noise with it, so the noise
    check cannot see it; the copy's likeness to its source can."""
    captured = _camera_noise(front, r)
    if r.random() < 0.5:
        width = r.randint(60, 90)
        source = r.randint(560, 640)
        target = source + r.choice([-1, 1]) * r.randint(90, 150)
        box = (source, 428, source + width, 482)
        captured.paste(captured.crop(box), (target, 428))
        return captured, {"edit": "cloned_digits", "source": list(box), "target": [target, 428, target + width, 482]}
    width, height = r.randint(70, 110), 46
    source = (r.randint(320, 700), r.randint(355, 372))
    target = (r.randint(600, 826 - width), r.randint(182, 190))
    box = (source[0], source[1], source[0] + width, source[1] + height)
    captured.paste(captured.crop(box), target)
    return captured, {"edit": "cloned_paper", "source": list(box), "target": [target[0], target[1], target[0] + width, target[1] + height]}


def edited_none(front, bold_font, r):
    """The same capture, nothing edited: the control."""
    return _camera_noise(front, r), {"edit": None}


# Digital edits of the front after capture (front_image_manipulation_zone):
# pasted from a clean source, or copied from elsewhere on the same capture.
EDITS = {"edited_name": edited_name, "edited_digits": edited_digits, "edited_cloned": cloned, "edited_none": edited_none}
