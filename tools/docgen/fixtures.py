#!/usr/bin/env python3
"""Renders the documents of named test holders: the people the server tests'
reference registry knows (Tests/VerityTestSupport/TestData.swift), so a
document flow can be checked end to end against their PII.

  fixtures.py --out DIR --portraits FOLDER

DIR/fixtures.json names each file, its holder and the face photo printed on
it; the selfies are other photos of the same person (or of someone else)."""
import argparse
import datetime
import json
import os
import shutil

from PIL import Image, ImageEnhance, ImageFilter

import canvas
import degrade
import egypt
import people
import tamper
import templates
from generate import face_photos, save, with_portrait

# Registry people (TestData.registryCSV), as their documents print them.
HOLDERS = {
    "john-smith": {
        "surname": "SMITH", "given_names": "JOHN", "birth": datetime.date(1975, 2, 28),
        "street": "222333 PEACHTREE PLACE", "city": "ATLANTA", "region": "GA", "postal_code": "30318",
        "portrait": "John_Savage",
    },
    "maria-garcia": {
        "surname": "GARCIA", "given_names": "MARIA", "birth": datetime.date(1988, 7, 14),
        "street": "1600 OCEAN AVE APT 4B", "city": "SANTA MONICA", "region": "CA", "postal_code": "90401",
        "portrait": "John_Simm",
    },
    # Nobody in the registry: a readable document whose PII matches no one.
    "nobody-known": {
        "surname": "KNOWN", "given_names": "NOBODY", "birth": datetime.date(1990, 1, 1),
        "street": "1 NOWHERE LANE", "city": "ALBANY", "region": "NY", "postal_code": "10001",
        "portrait": "John_Schneider",
    },
}


def holder(name, photos, expired=False):
    h = HOLDERS[name]
    issue = datetime.date(2014, 3, 2) if expired else datetime.date(2022, 5, 17)
    return {
        "surname": h["surname"], "given_names": h["given_names"], "issuing_state": "USA", "nationality": "USA",
        "sex": "M", "birth": h["birth"], "issue": issue, "expiry": issue.replace(year=issue.year + 10),
        "document_number": fixed_number(name, expired),
        "personal_number": "", "street": h["street"], "city": h["city"], "region": h["region"],
        "postal_code": h["postal_code"], "place_of_birth": "ATLANTA", "photo": photos[h["portrait"]][0],
    }


def fixed_number(name, expired):
    """A stable document number per holder (Python's hash() is salted per run)."""
    digits = sum(ord(c) * (i + 7) for i, c in enumerate(name)) % 10_000_000
    return ("E" if expired else "P") + str(digits).zfill(7)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--portraits", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    photos = face_photos(args.portraits)
    fixtures = {}
    for name in HOLDERS:
        r = people.rng(f"fixture-{name}")
        p = holder(name, photos)
        page, _ = templates.passport(p, r)
        fixtures[f"{name}-passport"] = [save(page, args.out, f"{name}-passport-front", "png")]
        if name == "john-smith":
            # The identity specification takes GIF too: the same page in 256 colours.
            page.convert("RGB").quantize(colors=256).save(os.path.join(args.out, f"{name}-passport-front.gif"), "GIF")
            fixtures[f"{name}-passport-gif"] = [f"{name}-passport-front.gif"]
        front, back, _ = templates.driver_licence(p, r)
        canvas.photo_portrait(front, canvas.PORTRAIT_BOXES["driver_licence"], p["photo"])
        fixtures[f"{name}-licence"] = [save(front, args.out, f"{name}-licence-front", "png"),
                                       save(back, args.out, f"{name}-licence-back", "png")]
        # The same person in another photo, as a phone's selfie would show them.
        selfie = os.path.join(args.out, f"{name}-selfie.jpg")
        shutil.copyfile(photos[HOLDERS[name]["portrait"]][1], selfie)
        fixtures[f"{name}-selfie"] = [os.path.basename(selfie)]
    # Selfies out of focus in poor light: still the holder's face, but near the match threshold (a case for a person:
    # John Smith's passes by a hair, Maria García's fails by one).
    for name in ("john-smith", "maria-garcia"):
        dim = Image.open(os.path.join(args.out, f"{name}-selfie.jpg")).convert("RGB").filter(ImageFilter.GaussianBlur(5))
        ImageEnhance.Brightness(dim).enhance(0.6).save(os.path.join(args.out, f"{name}-selfie-dim.jpg"), quality=60)
        fixtures[f"{name}-selfie-dim"] = [f"{name}-selfie-dim.jpg"]
    # John Smith's passport made unreadable (blurred) and forged (another face pasted over the portrait).
    john = holder("john-smith", photos)
    page, _ = templates.passport(john, people.rng("fixture-john-smith"))
    blurred, file_format, _ = degrade.DEGRADATIONS["blur"](page, people.rng("fixture-john-smith-blur"))
    fixtures["john-smith-blurred-passport"] = [save(blurred, args.out, "john-smith-blurred-passport-front", file_format)]
    other = photos[HOLDERS["maria-garcia"]["portrait"]][2]
    forged, file_format, _ = tamper.TAMPERINGS["tampered_digital"](page, canvas.PORTRAIT_BOXES["passport"], other,
                                                                   people.rng("fixture-john-smith-forged"))
    fixtures["john-smith-forged-passport"] = [save(forged, args.out, "john-smith-forged-passport-front", file_format)]
    expired = holder("john-smith", photos, expired=True)
    page, _ = templates.passport(expired, people.rng("fixture-john-smith-expired"))
    fixtures["john-smith-expired-passport"] = [save(page, args.out, "john-smith-expired-passport-front", "png")]
    # An Egyptian national ID (front in Arabic, back with its numbers), for the demo's OCR session.
    # The seed gives a card printed in Noto Naskh, a face the OCR reads well: the demo's read is meant to go through.
    r = people.rng("fixture-egypt-id-a")
    citizen = egypt.person(r)
    # Issued in 2024, valid seven years: in date until 2031.
    citizen["release"], citizen["expiry"] = datetime.date(2024, 3, 1), datetime.date(2031, 3, 1)
    citizen["photo"] = photos[HOLDERS["nobody-known"]["portrait"]][3]
    front, back = egypt.card(citizen, r)
    with_portrait(front, "egypt_id", citizen)
    fixtures["egypt-id"] = [save(front, args.out, "egypt-id-front", "png"), save(back, args.out, "egypt-id-back", "png")]
    with open(os.path.join(args.out, "fixtures.json"), "w", encoding="utf-8") as handle:
        json.dump({"fixtures": fixtures, "holders": {k: {**v, "birth": v["birth"].isoformat()} for k, v in HOLDERS.items()}},
                  handle, indent=1)
    print(f"docgen fixtures: {len(fixtures)} in {args.out}")


if __name__ == "__main__":
    main()
