"""Document templates at 10 px/mm: what a flat scan at 254 dpi looks like."""
import io

import pdf417gen
import segno
from PIL import Image, ImageDraw

import aamva
import canvas
import fonts
import mrz

MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]


def visual_date(d):
    return f"{d.day:02d} {MONTHS[d.month - 1]} {d.year}"


def passport(p, r):
    """TD3 data page, 125 x 88 mm."""
    image = canvas.background((1250, 880), (236, 232, 214), r)
    draw = ImageDraw.Draw(image)
    draw.text((40, 24), "UTOPIA  PASSPORT  PASSEPORT", font=fonts.font(fonts.SANS_BOLD, 30), fill=(90, 40, 60))
    draw.text((900, 30), "SPECIMEN", font=fonts.font(fonts.SANS_BOLD, 26), fill=(190, 120, 120))
    canvas.portrait(image, canvas.PORTRAIT_BOXES["passport"], r, p.get("photo"))
    x = 380
    canvas.label_value(draw, (x, 100), "Type / Type", "P")
    canvas.label_value(draw, (x + 180, 100), "Code / Code", p["issuing_state"])
    canvas.label_value(draw, (x + 400, 100), "Passport No. / No. du passeport", p["document_number"])
    canvas.label_value(draw, (x, 170), "Surname / Nom", p["surname"])
    canvas.label_value(draw, (x, 240), "Given names / Prénoms", p["given_names"])
    canvas.label_value(draw, (x, 310), "Nationality / Nationalité", p["nationality"])
    canvas.label_value(draw, (x, 380), "Date of birth / Date de naissance", visual_date(p["birth"]))
    canvas.label_value(draw, (x + 420, 380), "Sex / Sexe", p["sex"])
    canvas.label_value(draw, (x, 450), "Place of birth / Lieu de naissance", p["place_of_birth"])
    canvas.label_value(draw, (x, 520), "Date of issue / Date de délivrance", visual_date(p["issue"]))
    canvas.label_value(draw, (x + 420, 520), "Date of expiry / Date d'expiration", visual_date(p["expiry"]))
    lines = mrz.td3(p)
    canvas.mrz(draw, lines, left=66, top=700, pitch=25, size=38)
    return image, lines


def id_card(p, r):
    """TD1 card, 85.6 x 54 mm: front with the visual zone, back with the MRZ."""
    front = canvas.background((856, 540), (222, 234, 240), r)
    draw = ImageDraw.Draw(front)
    draw.text((30, 18), "UTOPIA  IDENTITY CARD", font=fonts.font(fonts.SANS_BOLD, 28), fill=(30, 60, 110))
    canvas.portrait(front, canvas.PORTRAIT_BOXES["id_card"], r, p.get("photo"))
    canvas.label_value(draw, (280, 80), "Surname", p["surname"], value_size=24)
    canvas.label_value(draw, (280, 150), "Given names", p["given_names"], value_size=24)
    canvas.label_value(draw, (280, 220), "Date of birth", visual_date(p["birth"]), value_size=24)
    canvas.label_value(draw, (600, 220), "Sex", p["sex"], value_size=24)
    canvas.label_value(draw, (280, 290), "Document No.", p["document_number"], value_size=24)
    canvas.label_value(draw, (280, 360), "Date of expiry", visual_date(p["expiry"]), value_size=24)
    canvas.label_value(draw, (600, 360), "Nationality", p["nationality"], value_size=24)
    back = canvas.background((856, 540), (222, 234, 240), r)
    draw = ImageDraw.Draw(back)
    draw.text((30, 30), f"Place of birth: {p['place_of_birth']}", font=fonts.font(fonts.SANS, 22), fill=(20, 20, 25))
    draw.text((30, 70), f"Date of issue: {visual_date(p['issue'])}", font=fonts.font(fonts.SANS, 22), fill=(20, 20, 25))
    lines = mrz.td1(p)
    canvas.mrz(draw, lines, left=46, top=330, pitch=25, size=38)
    return front, back, lines


def driver_licence(p, r):
    """US driver licence, 85.6 x 54 mm, AAMVA PDF417 on the back."""
    front = canvas.background((856, 540), (240, 236, 222), r)
    draw = ImageDraw.Draw(front)
    draw.text((30, 18), f"{p['region']}  DRIVER LICENSE", font=fonts.font(fonts.SANS_BOLD, 30), fill=(120, 30, 30))
    draw.text((620, 24), "USA", font=fonts.font(fonts.SANS_BOLD, 26), fill=(30, 30, 120))
    canvas.portrait(front, canvas.PORTRAIT_BOXES["driver_licence"], r)
    given = p["given_names"].split(" ")
    canvas.label_value(draw, (280, 80), "4d DLN", p["document_number"], value_size=26)
    canvas.label_value(draw, (280, 145), "1 Family name", p["surname"], value_size=24)
    canvas.label_value(draw, (280, 205), "2 Given names", " ".join(given), value_size=24)
    canvas.label_value(draw, (280, 265), "3 DOB", p["birth"].strftime("%m/%d/%Y"), value_size=24)
    canvas.label_value(draw, (560, 265), "4b EXP", p["expiry"].strftime("%m/%d/%Y"), value_size=24)
    canvas.label_value(draw, (280, 325), "8 Address", p["street"], value_size=22)
    draw.text((280, 380), f"{p['city']}, {p['region']} {p['postal_code']}", font=fonts.font(fonts.SANS_BOLD, 22), fill=(20, 20, 25))
    canvas.label_value(draw, (280, 420), "15 Sex", p["sex"], value_size=22)
    canvas.label_value(draw, (420, 420), "4a ISS", p["issue"].strftime("%m/%d/%Y"), value_size=22)
    payload = aamva.payload(p)
    codes = pdf417gen.encode(payload, columns=13, security_level=5)
    symbol = pdf417gen.render_image(codes, scale=2, ratio=3, padding=10).convert("RGB")
    back = canvas.background((856, 540), (240, 236, 222), r)
    symbol.thumbnail((800, 330))
    back.paste(symbol, ((856 - symbol.width) // 2, 150))
    ImageDraw.Draw(back).text((30, 30), "This card is the property of the State", font=fonts.font(fonts.SANS, 20), fill=(60, 60, 60))
    return front, back, payload


def residence_permit(p, r):
    """A card back carrying a QR code with a verification link, as many newer IDs do."""
    back = canvas.background((856, 540), (226, 236, 228), r)
    text = f"https://verify.example/permit/{p['document_number']}?n={p['surname'].replace(' ', '+')}"
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=7, border=4)
    symbol = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    back.paste(symbol, (856 - symbol.width - 40, (540 - symbol.height) // 2))
    ImageDraw.Draw(back).text((40, 40), "RESIDENCE PERMIT", font=fonts.font(fonts.SANS_BOLD, 30), fill=(30, 60, 40))
    return back, text
