"""Forged text on an Egyptian card: one word or a few digits replaced by print
that does not match the card's own (another font, another size, another
weight, or off the line's baseline), then the card captured one of the usual
ways. What `front_text_manipulation` / `back_text_manipulation` must find.

Each forgery takes the flat side (RGB), the sample's truth, its font family
and a random generator, and returns (image, facts). Positions come from the
same fonts and anchors egypt.card prints with."""
import fonts
from PIL import ImageDraw

import egypt

PAPER = (232, 226, 212)
INK = (20, 20, 25)
# The card's lines a forger changes (egypt.card): right edge, top, size, bold.
FRONT_REST_OF_NAME = (826, 180, 36, True)
FRONT_STREET = (826, 250, 30, False)
FRONT_NID = (826, 430, 44, True)
BACK_NID = (826, 20, 40, True)
BACK_HUSBAND = (826, 215, 30, False)
ALTERATIONS = ["font", "size", "weight", "baseline"]


def _face(family, bold):
    regular, heavy = fonts.ARABIC_FAMILIES[family]
    return heavy if bold else regular


def _altered(alteration, family, bold, size, r):
    """The forger's print: (font path, size, baseline shift in pixels)."""
    if alteration == "font":
        other = r.choice(sorted(set(fonts.ARABIC_FAMILIES) - {family}))
        return _face(other, bold), size, 0
    if alteration == "size":
        return _face(family, bold), round(size * r.choice([r.uniform(0.76, 0.86), r.uniform(1.15, 1.26)])), 0
    if alteration == "weight":
        return _face(family, not bold), size, 0
    return _face(family, bold), size, r.choice([-1, 1]) * r.randint(4, 8)


def _erase(image, box):
    ImageDraw.Draw(image).rectangle(box, fill=PAPER)


def _word_box(font, right, top, words, index):
    """Where word `index` (right to left) of a line printed right-aligned at `right` stands."""
    space = font.getlength(" ")
    for word in words[:index]:
        right -= font.getlength(word, direction="rtl", language="ar", features=egypt.FLAT) + space
    left, ink_top, ink_right, ink_bottom = font.getbbox(words[index], anchor="ra", direction="rtl", language="ar", features=egypt.FLAT)
    return right, (right + left - 2, top + ink_top - 2, right + ink_right + 2, top + ink_bottom + 2)


def replace_word(image, line, text, new_word, family, r, first=0):
    """One word of a line (from word `first` on), printed afresh in the forger's print on a patch of paper."""
    right, top, size, bold = line
    font = fonts.font(_face(family, bold), size)
    words = text.split(" ")
    index = r.randrange(first, len(words))
    word_right, box = _word_box(font, right, top, words, index)
    _erase(image, box)
    alteration = r.choice(ALTERATIONS)
    path, new_size, shift = _altered(alteration, family, bold, size, r)
    baseline = top + font.getmetrics()[0] + shift
    ImageDraw.Draw(image).text((word_right, baseline), new_word, font=fonts.font(path, new_size), fill=INK, anchor="rs",
                               direction="rtl", language="ar", features=egypt.FLAT)
    return {"forgery": "word", "alteration": alteration, "word": index, "box": list(box)}


def replace_digits(image, line, digits, family, r):
    """Two to four neighbouring digits of a number, reprinted in the forger's print."""
    right, top, size, bold = line
    font = fonts.font(_face(family, bold), size)
    count = r.randint(2, 4)
    start = r.randint(1, len(digits) - count - 1)
    left = right - font.getlength(digits)
    x0 = left + font.getlength(digits[:start])
    x1 = left + font.getlength(digits[:start + count])
    _, ink_top, _, ink_bottom = font.getbbox(digits, anchor="la")
    _erase(image, (int(x0) - 1, top + ink_top - 2, int(x1) + 1, top + ink_bottom + 2))
    alteration = r.choice(ALTERATIONS)
    path, new_size, shift = _altered(alteration, family, bold, size, r)
    new = "".join(r.choice("١٢٣٤٥٦٧٨٩") for _ in range(count))
    baseline = top + font.getmetrics()[0] + shift
    ImageDraw.Draw(image).text((x0, baseline), new, font=fonts.font(path, new_size), fill=INK, anchor="ls")
    return {"forgery": "digits", "alteration": alteration, "digits": [start, start + count], "box": [int(x0), top, int(x1), top + size]}


def forged_word(image, side, truth, family, r):
    """Front: a word of the name or the street; back: a word of the husband's
    name (or, with none, of the number) replaced."""
    new_word = r.choice(egypt.MALE)
    if side == "front":
        if r.random() < 0.6:
            rest = truth["full_name"][len(truth["first_name"]) + 1:]
            return image, replace_word(image, FRONT_REST_OF_NAME, rest, new_word, family, r)
        return image, replace_word(image, FRONT_STREET, truth["street"], r.choice(egypt.STREET_NAMES).split(" ")[0], family, r)
    if truth["husband_name"]:
        return image, replace_word(image, BACK_HUSBAND, "زوجة / " + truth["husband_name"], new_word, family, r, first=2)
    return image, replace_digits(image, BACK_NID, egypt.eastern(truth["back_nid"]), family, r)


def forged_digits(image, side, truth, family, r):
    """Digits of the national number on the side."""
    line = FRONT_NID if side == "front" else BACK_NID
    return image, replace_digits(image, line, egypt.eastern(truth[f"{side}_nid"]), family, r)


FORGERIES = {"forged_word": forged_word, "forged_digits": forged_digits}
