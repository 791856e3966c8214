"""An Egyptian-style national ID card (front and back) in Arabic, with a 14-digit
national number that encodes the birth date, governorate and gender. Fictional
people; the layout follows the public description of the card, not a real card.

Names, places and professions come from the reader's word lists
(Sources/VerityVision/Resources/egyptian-id, built by tools/arabicvocab), except
that one name word in twenty is a name those lists lack: the reader must read
those as printed, not correct them into a listed name. Each card is printed in
one of three Arabic fonts."""
import datetime
import os
import re

from PIL import ImageDraw

import canvas
import fonts

VOCABULARY = os.path.join(os.path.dirname(__file__), "../../Sources/VerityVision/Resources/egyptian-id")
# Real names the word lists lack (checked below): read as printed, never corrected.
UNLISTED_MALE = ["عطوة", "دسوقي", "قناوي", "فرغلي", "شلبي", "عويس", "بسيوني", "طلبة", "الدمرداش", "حسانين", "دياب", "سعفان"]
UNLISTED_FEMALE = ["زينات", "تفيدة", "نبوية", "فتحية", "عنايات", "عطيات"]
UNLISTED_RATE = 0.05
GOVERNORATES = {1: "القاهرة", 2: "الإسكندرية", 3: "بورسعيد", 4: "السويس", 11: "دمياط", 12: "الدقهلية", 13: "الشرقية",
                14: "القليوبية", 15: "كفر الشيخ", 16: "الغربية", 17: "المنوفية", 18: "البحيرة", 19: "الإسماعيلية",
                21: "الجيزة", 22: "بني سويف", 23: "الفيوم", 24: "المنيا", 25: "أسيوط", 26: "سوهاج", 27: "قنا",
                28: "أسوان", 29: "الأقصر", 31: "البحر الأحمر", 32: "الوادي الجديد", 33: "مطروح", 34: "شمال سيناء",
                35: "جنوب سيناء"}
# Amiri's decorative ligatures and contextual alternates stack letters the way
# calligraphy does ("محمد", "سلمى"); a card's print is flat.
FLAT = ["-dlig", "-calt"]
DATE = re.compile("[٠-٩]+(/[٠-٩]+)+")
EASTERN = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def _list(name):
    with open(os.path.join(VOCABULARY, name), encoding="utf-8") as handle:
        return [line.rstrip("\n") for line in handle if line.strip() and not line.startswith("#")]


MALE = _list("male-names.txt")
FEMALE = _list("female-names.txt")
FAMILY = _list("family-names.txt")
STREET_NAMES = _list("street-names.txt")
STREET_TYPES = _list("street-types.txt")
PROFESSIONS = _list("professions.txt")
POLICE = {}
for _line in _list("police-stations.txt"):
    _code, _station = _line.split("\t")
    POLICE.setdefault(int(_code), []).append(_station)
assert not set(UNLISTED_MALE + UNLISTED_FEMALE) & set(MALE + FEMALE + FAMILY), set(UNLISTED_MALE + UNLISTED_FEMALE) & set(MALE + FEMALE + FAMILY)


def eastern(text):
    return text.translate(EASTERN)


def check_digit(first13):
    weights = [2, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
    remainder = 11 - sum(int(d) * w for d, w in zip(first13, weights)) % 11
    return str(remainder - 10 if remainder >= 10 else remainder)


def name_word(r, listed, unlisted):
    return r.choice(unlisted) if r.random() < UNLISTED_RATE else r.choice(listed)


def family_name(r):
    """Egyptian names end in a grandfather's given name or a family name."""
    return name_word(r, MALE, UNLISTED_MALE) if r.random() < 0.6 else name_word(r, FAMILY, UNLISTED_MALE)


def person(r, today=datetime.date(2026, 11, 22)):
    male = r.random() < 0.5
    birth = datetime.date.fromordinal(r.randint(datetime.date(1950, 1, 1).toordinal(), datetime.date(2008, 1, 1).toordinal()))
    governorate = r.choice(sorted(GOVERNORATES))
    sequence = f"{r.randint(0, 999):03d}" + str(r.choice([1, 3, 5, 7, 9] if male else [0, 2, 4, 6, 8]))
    first13 = ("2" if birth.year < 2000 else "3") + birth.strftime("%y%m%d") + f"{governorate:02d}" + sequence
    nid = first13 + check_digit(first13)
    first = name_word(r, MALE, UNLISTED_MALE) if male else name_word(r, FEMALE, UNLISTED_FEMALE)
    rest = " ".join([name_word(r, MALE, UNLISTED_MALE), name_word(r, MALE, UNLISTED_MALE), family_name(r)])
    release = datetime.date.fromordinal(r.randint(datetime.date(2019, 1, 1).toordinal(), today.toordinal()))
    married = r.random() < 0.4 and birth.year < 1998
    husband = " ".join([name_word(r, MALE, UNLISTED_MALE), name_word(r, MALE, UNLISTED_MALE), family_name(r)])
    return {
        "first_name": first,
        "full_name": first + " " + rest,
        "rest_of_name": rest,
        "street": eastern(str(r.randint(1, 120))) + " " + r.choice(STREET_TYPES) + " " + r.choice(STREET_NAMES),
        "police_station": r.choice(POLICE[governorate]),
        "governorate": GOVERNORATES[governorate],
        "nid": nid,
        "birth": birth,
        "gender": "ذكر" if male else "أنثى",
        "religion": ("مسلم" if male else "مسلمة") if r.random() < 0.85 else ("مسيحي" if male else "مسيحية"),
        "marital_status": ("متزوج" if male else "متزوجة") if married else ("أعزب" if male else "آنسة"),
        "husband_name": husband if married and not male else "",
        "profession": r.choice(PROFESSIONS) if not (not male and r.random() < 0.3) else "ربة منزل",
        "release": release,
        "expiry": release.replace(year=release.year + 7, day=min(release.day, 28)),
        "serial": "".join(r.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(2)) + str(r.randint(1000000, 9999999)),
        "font": r.choice(sorted(fonts.ARABIC_FAMILIES)),
    }


def writer(draw, family):
    regular, bold = fonts.ARABIC_FAMILIES[family]

    def ar(right, y, text, size, bold_face=False, fill=(20, 20, 25)):
        """Right-aligned Arabic text; raqm shapes and orders it."""
        font = fonts.font(bold if bold_face else regular, size)
        if not fonts.has_separators(font.path):
            return by_words(right, y, text, font, fill)
        draw.text((right, y), text, font=font, fill=fill, anchor="ra", direction="rtl", language="ar", features=FLAT)

    def by_words(right, y, text, font, fill):
        """For a font without "-" and "/": words right to left, each date's parts
        left to right, the separators from DejaVu Sans at the same size."""
        separator_font = fonts.font(fonts.SANS, font.size)
        space = font.getlength(" ")
        # Both fonts on the Arabic font's baseline, as a printer's fallback sets them.
        baseline = y + font.getmetrics()[0]
        for word in text.split(" "):
            pieces = re.split(r"(/)", word) if DATE.fullmatch(word) else [word]
            for piece in reversed(pieces):
                face = separator_font if piece in ("-", "/") else font
                draw.text((right, baseline), piece, font=face, fill=fill, anchor="rs", direction="rtl", language="ar", features=FLAT)
                right -= face.getlength(piece, direction="rtl", language="ar", features=FLAT)
            right -= space
    return ar


def card(p, r):
    front = canvas.background((856, 540), (232, 226, 212), r)
    ar = writer(ImageDraw.Draw(front), p["font"])
    ar(826, 14, "جمهورية مصر العربية", 30, bold_face=True, fill=(40, 60, 90))
    ar(826, 60, "بطاقة تحقيق الشخصية", 24, fill=(40, 60, 90))
    canvas.portrait(front, canvas.PORTRAIT_BOXES["egypt_id"], r)
    ar(826, 120, p["first_name"], 40, bold_face=True)
    ar(826, 180, p["rest_of_name"], 36, bold_face=True)
    ar(826, 250, p["street"], 30)
    ar(826, 305, p["police_station"] + " - " + p["governorate"], 30)
    ar(826, 430, eastern(p["nid"]), 44, bold_face=True)

    back = canvas.background((856, 540), (232, 226, 212), r)
    draw = ImageDraw.Draw(back)
    ar = writer(draw, p["font"])
    ar(826, 20, eastern(p["nid"]), 40, bold_face=True)
    ar(470, 28, eastern(p["release"].strftime("%Y/%m")), 32)
    ar(826, 95, p["profession"], 32)
    ar(826, 155, p["gender"], 32)
    ar(600, 155, p["religion"], 32)
    ar(380, 155, p["marital_status"], 32)
    if p["husband_name"]:
        ar(826, 215, "زوجة / " + p["husband_name"], 30)
    ar(826, 290, "البطاقة سارية حتى " + eastern(p["expiry"].strftime("%Y/%m/%d")), 30)
    draw.text((40, 460), p["serial"], font=fonts.font(fonts.SANS_BOLD, 30), fill=(20, 20, 25))
    return front, back
