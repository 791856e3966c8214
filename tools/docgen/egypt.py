"""An Egyptian-style national ID card (front and back) in Arabic, with a 14-digit
national number that encodes the birth date, governorate and gender. Fictional
people; the layout follows the public description of the card, not a real card."""
import datetime

from PIL import ImageDraw

import canvas
import fonts

FIRST_MALE = ["أحمد", "محمد", "محمود", "مصطفى", "عمر", "يوسف", "خالد", "طارق", "كريم", "حسن"]
FIRST_FEMALE = ["فاطمة", "مريم", "نورا", "سارة", "هبة", "ياسمين", "منى", "دينا", "رنا", "سلمى"]
FAMILY = ["عبد الله", "السيد", "إبراهيم", "حسين", "عثمان", "الشريف", "منصور", "فؤاد", "سالم", "رمضان"]
STREETS = ["شارع التحرير", "شارع الجمهورية", "شارع النصر", "شارع الثورة", "شارع السلام", "شارع بورسعيد"]
POLICE = {1: ["قسم مصر الجديدة", "قسم المعادي"], 2: ["قسم سيدي جابر", "قسم المنتزه"], 21: ["قسم الدقي", "قسم العجوزة"],
          12: ["قسم أول المنصورة"], 16: ["قسم أول طنطا"], 25: ["قسم أول أسيوط"]}
GOVERNORATES = {1: "القاهرة", 2: "الإسكندرية", 21: "الجيزة", 12: "الدقهلية", 16: "الغربية", 25: "أسيوط"}
PROFESSIONS = ["مهندس", "طبيب", "مدرس", "محاسب", "طالب", "موظف", "محام"]
EASTERN = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def eastern(text):
    return text.translate(EASTERN)


def check_digit(first13):
    weights = [2, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
    remainder = 11 - sum(int(d) * w for d, w in zip(first13, weights)) % 11
    return str(remainder - 10 if remainder >= 10 else remainder)


def person(r, today=datetime.date(2026, 11, 22)):
    male = r.random() < 0.5
    birth = datetime.date.fromordinal(r.randint(datetime.date(1950, 1, 1).toordinal(), datetime.date(2008, 1, 1).toordinal()))
    governorate = r.choice(list(GOVERNORATES))
    sequence = f"{r.randint(0, 999):03d}" + str(r.choice([1, 3, 5, 7, 9] if male else [0, 2, 4, 6, 8]))
    first13 = ("2" if birth.year < 2000 else "3") + birth.strftime("%y%m%d") + f"{governorate:02d}" + sequence
    nid = first13 + check_digit(first13)
    first = r.choice(FIRST_MALE if male else FIRST_FEMALE)
    rest = " ".join([r.choice(FIRST_MALE), r.choice(FIRST_MALE), r.choice(FAMILY)])
    release = datetime.date.fromordinal(r.randint(datetime.date(2019, 1, 1).toordinal(), today.toordinal()))
    married = r.random() < 0.4 and birth.year < 1998
    return {
        "first_name": first,
        "full_name": first + " " + rest,
        "rest_of_name": rest,
        "street": eastern(str(r.randint(1, 120))) + " " + r.choice(STREETS),
        "police_station": r.choice(POLICE[governorate]),
        "governorate": GOVERNORATES[governorate],
        "nid": nid,
        "birth": birth,
        "gender": "ذكر" if male else "أنثى",
        "religion": ("مسلم" if male else "مسلمة") if r.random() < 0.85 else ("مسيحي" if male else "مسيحية"),
        "marital_status": ("متزوج" if male else "متزوجة") if married else ("أعزب" if male else "آنسة"),
        "husband_name": (r.choice(FIRST_MALE) + " " + r.choice(FIRST_MALE) + " " + r.choice(FAMILY)) if married and not male else "",
        "profession": r.choice(PROFESSIONS) if not (not male and r.random() < 0.3) else "ربة منزل",
        "release": release,
        "expiry": release.replace(year=release.year + 7, day=min(release.day, 28)),
        "serial": "".join(r.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(2)) + str(r.randint(1000000, 9999999)),
    }


def ar(draw, right, y, text, size, bold=False, fill=(20, 20, 25)):
    """Right-aligned Arabic text; raqm shapes and orders it."""
    font = fonts.font(fonts.ARABIC_BOLD if bold else fonts.ARABIC, size)
    # Amiri's decorative ligatures (e.g. for "محمد") are not what cards print.
    draw.text((right, y), text, font=font, fill=fill, anchor="ra", direction="rtl", language="ar", features=["-dlig"])


def card(p, r):
    front = canvas.background((856, 540), (232, 226, 212), r)
    draw = ImageDraw.Draw(front)
    ar(draw, 826, 14, "جمهورية مصر العربية", 30, bold=True, fill=(40, 60, 90))
    ar(draw, 826, 60, "بطاقة تحقيق الشخصية", 24, fill=(40, 60, 90))
    canvas.portrait(front, canvas.PORTRAIT_BOXES["egypt_id"], r)
    ar(draw, 826, 120, p["first_name"], 40, bold=True)
    ar(draw, 826, 180, p["rest_of_name"], 36, bold=True)
    ar(draw, 826, 250, p["street"], 30)
    ar(draw, 826, 305, p["police_station"] + " - " + p["governorate"], 30)
    ar(draw, 826, 430, eastern(p["nid"]), 44, bold=True)

    back = canvas.background((856, 540), (232, 226, 212), r)
    draw = ImageDraw.Draw(back)
    ar(draw, 826, 20, eastern(p["nid"]), 40, bold=True)
    ar(draw, 470, 28, eastern(p["release"].strftime("%Y/%m")), 32)
    ar(draw, 826, 95, p["profession"], 32)
    ar(draw, 826, 155, p["gender"], 32)
    ar(draw, 600, 155, p["religion"], 32)
    ar(draw, 380, 155, p["marital_status"], 32)
    if p["husband_name"]:
        ar(draw, 826, 215, "زوجة / " + p["husband_name"], 30)
    ar(draw, 826, 290, "البطاقة سارية حتى " + eastern(p["expiry"].strftime("%Y/%m/%d")), 30)
    draw.text((40, 460), p["serial"], font=fonts.font(fonts.SANS_BOLD, 30), fill=(20, 20, 25))
    return front, back
