#!/usr/bin/env python3
"""Renders synthetic identity documents with ground truth, then degrades them the
way real captures are degraded. Deterministic for a given --seed.

  generate.py --out DIR [--per-kind N] [--seed S]

DIR/truth.json lists every sample: files, document type, country, degradation,
what a quality check should find, and the true field values."""
import argparse
import base64
import json
import os

import degrade
import egypt
import fonts
import people
import tamper
import templates
import anomaly
import forgery
import canvas


def iso(d):
    return d.isoformat()


def latin_truth(p, lines=None):
    truth = {
        "surname": p["surname"], "given_names": p["given_names"], "document_number": p["document_number"],
        "date_of_birth": iso(p["birth"]), "expiry_date": iso(p["expiry"]), "issue_date": iso(p["issue"]),
        "sex": p["sex"], "nationality": p["nationality"],
    }
    if lines:
        truth["mrz"] = lines
    return truth


def egypt_truth(p):
    return {
        "first_name": p["first_name"], "full_name": p["full_name"], "street": p["street"],
        "police_station": p["police_station"], "governorate": p["governorate"], "front_nid": p["nid"], "back_nid": p["nid"],
        "date_of_birth": iso(p["birth"]), "gender": p["gender"], "religion": p["religion"],
        "marital_status": p["marital_status"], "husband_name": p["husband_name"], "profession": p["profession"],
        "release_date": p["release"].strftime("%Y-%m"), "expiry_date": iso(p["expiry"]), "serial_number": p["serial"],
    }


def save(image, directory, name, file_format):
    path = os.path.join(directory, f"{name}.{file_format}")
    if file_format == "jpg":
        image.save(path, "JPEG", quality=92)
    else:
        image.save(path, "PNG", optimize=False, compress_level=1)
    return os.path.basename(path)


def face_photos(directory):
    """{person: [photo paths]} from a folder of per-person folders (dlib's johns)."""
    if not directory or not os.path.isdir(directory):
        return {}
    return {person: sorted(os.path.join(directory, person, name) for name in os.listdir(os.path.join(directory, person)))
            for person in sorted(os.listdir(directory)) if os.path.isdir(os.path.join(directory, person))}


def with_photo(p, r, photos, truth):
    """Gives the holder a real face; the truth names the person and the photo used."""
    if not photos:
        return p
    person = r.choice(sorted(photos))
    p["photo"] = r.choice(photos[person])
    truth["portrait_person"] = person
    truth["portrait_photo"] = os.path.basename(p["photo"])
    return p


def with_portrait(front, kind, p):
    """Prints the photo over the drawn silhouette after the card is rendered, so
    the card's other random choices are the same as before it had a photo."""
    if p.get("photo"):
        canvas.photo_portrait(front, canvas.PORTRAIT_BOXES[kind], p["photo"])


def render(kind, r, photos):
    """(sides, type, country, truth, extra) for one fictional document."""
    if kind == "passport":
        p = people.person(r)
        portrait = {}
        with_photo(p, r, photos, portrait)
        page, lines = templates.passport(p, r)
        return [page], "passport", p["issuing_state"], {**latin_truth(p, lines), **portrait}, {}
    if kind == "id_card":
        p = people.person(r)
        portrait = {}
        with_photo(p, r, photos, portrait)
        front, back, lines = templates.id_card(p, r)
        return [front, back], "idCard", p["issuing_state"], {**latin_truth(p, lines), **portrait}, {}
    if kind == "driver_licence":
        p = people.person(r)
        portrait = {}
        # Its own generator, so the licence's other random choices stay as they were before it had a photo.
        with_photo(p, people.rng(f"portrait-{p['document_number']}"), photos, portrait)
        front, back, payload = templates.driver_licence(p, r)
        with_portrait(front, kind, p)
        truth = {**latin_truth(p), **portrait}
        truth.update({"street": p["street"], "city": p["city"], "region": p["region"], "postal_code": p["postal_code"]})
        return [front, back], "driverLicense", "US", truth, {"aamva_base64": base64.b64encode(payload).decode()}
    if kind == "qr_card":
        p = people.person(r)
        back, text = templates.residence_permit(p, r)
        return [back], "idCard", p["issuing_state"], {"qr_text": text}, {}
    if kind == "egypt_id":
        p = egypt.person(r)
        portrait = {}
        with_photo(p, people.rng(f"portrait-{p['nid']}"), photos, portrait)
        front, back = egypt.card(p, r)
        with_portrait(front, kind, p)
        return [front, back], "idCard", "EG", {**egypt_truth(p), **portrait}, {"font": p["font"]}
    raise ValueError(kind)


def tampered(args, kind, number, sides, document_type, country, truth, extra, photos):
    """The same document with another person's photo over its portrait (tamper.py)."""
    samples = []
    for name, forge in tamper.TAMPERINGS.items():
        r = people.rng(f"{args.seed}-{kind}-{number}-{name}")
        other = r.choice([person for person in sorted(photos) if person != truth.get("portrait_person")])
        path = r.choice(photos[other])
        front, file_format, facts = forge(sides[0], canvas.PORTRAIT_BOXES[kind], path, r)
        files = [save(front, args.out, f"{kind}-{number:03d}-{name}-front", file_format)]
        for back in sides[1:]:
            files.append(save(back, args.out, f"{kind}-{number:03d}-{name}-back", "png"))
        samples.append({"id": f"{kind}-{number:03d}-{name}", "kind": kind, "type": document_type, "country": country,
                        "degradation": name, "files": files, "facts": facts,
                        "truth": {**truth, "pasted_person": other, "pasted_photo": os.path.basename(path)}, **extra})
    return samples


def documents_of(kind, per_kind):
    # QR cards only check the QR path: a couple of them is enough. Egyptian
    # cards are the Arabic reader's measure: twice the people, so names vary.
    return {"qr_card": min(2, per_kind), "egypt_id": per_kind * 2}.get(kind, per_kind)


def one_side_altered(args, kind, number, sides, document_type, country, truth, extra, alterations, alter):
    """Each alteration on one side of the card, front and back in turn, the
    card then captured one of the usual ways. `alter(function, image, side, r)`
    applies one and returns (image, facts)."""
    samples = []
    for index, (name, function) in enumerate(alterations.items()):
        r = people.rng(f"{args.seed}-{kind}-{number}-{name}")
        side = "front" if (number + index) % 2 == 0 else "back"
        capture = r.choice(anomaly.CAPTURES)
        files, facts = [], {}
        for side_index, flat in enumerate(sides):
            this = "front" if side_index == 0 else "back"
            image = flat.copy()
            if this == side:
                image, facts = alter(function, image, side, r)
            image, file_format, _ = degrade.DEGRADATIONS[capture](image, people.rng(f"{args.seed}-{kind}-{number}-{name}-{this}"))
            files.append(save(image, args.out, f"{kind}-{number:03d}-{name}-{this}", file_format))
        samples.append({"id": f"{kind}-{number:03d}-{name}", "kind": kind, "type": document_type, "country": country,
                        "degradation": name, "files": files, "facts": {**facts, "side": side, "capture": capture},
                        "truth": truth, **extra})
    return samples


def anomalous(args, kind, number, sides, document_type, country, truth, extra):
    """The card with something over or through one side (anomaly.py)."""
    return one_side_altered(args, kind, number, sides, document_type, country, truth, extra, anomaly.ANOMALIES,
                            lambda spoil, image, side, r: spoil(image, side, r))


def forged(args, kind, number, sides, document_type, country, truth, extra):
    """The card with print that does not match its own (forgery.py) on one side."""
    return one_side_altered(args, kind, number, sides, document_type, country, truth, extra, forgery.FORGERIES,
                            lambda forge, image, side, r: forge(image, side, truth, extra["font"], r))


def edited(args, kind, number, sides, document_type, country, truth, extra, font):
    """The front captured with sensor noise and then edited on a computer
    (anomaly.EDITS), the back captured alike; edited_none is the control."""
    samples = []
    for name, edit in anomaly.EDITS.items():
        r = people.rng(f"{args.seed}-{kind}-{number}-{name}")
        front, facts = edit(sides[0].copy(), fonts.ARABIC_FAMILIES[font][1], r)
        back = anomaly._camera_noise(sides[1].copy(), r)
        files = [save(front, args.out, f"{kind}-{number:03d}-{name}-front", "png"), save(back, args.out, f"{kind}-{number:03d}-{name}-back", "png")]
        samples.append({"id": f"{kind}-{number:03d}-{name}", "kind": kind, "type": document_type, "country": country,
                        "degradation": name, "files": files, "facts": {**facts, "side": "front", "capture": "noise"},
                        "truth": truth, **extra})
    return samples


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--per-kind", type=int, default=4, help="documents of each kind (each gets every degradation)")
    parser.add_argument("--seed", type=int, default=9303)
    parser.add_argument("--kinds", default="passport,id_card,driver_licence,egypt_id,qr_card")
    parser.add_argument("--degradations", default=",".join(degrade.DEGRADATIONS))
    parser.add_argument("--tampering", type=int, default=1, help="also forge each document with a substituted portrait (1) or not (0)")
    parser.add_argument("--anomalies", type=int, default=1, help="also cover or hole each Egyptian card one side at a time (1) or not (0)")
    parser.add_argument("--portraits", help="folder of per-person face photo folders (dlib's examples/johns) for passport and ID card portraits")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    samples = []
    photos = face_photos(args.portraits)
    for kind in args.kinds.split(","):
        for number in range(documents_of(kind, args.per_kind)):
            r = people.rng(f"{args.seed}-{kind}-{number}")
            sides, document_type, country, truth, extra = render(kind, r, photos)
            for name in args.degradations.split(","):
                files, facts = [], {}
                for side_index, side in enumerate(sides):
                    image, file_format, side_facts = degrade.DEGRADATIONS[name](side, people.rng(f"{args.seed}-{kind}-{number}-{name}-{side_index}"))
                    files.append(save(image, args.out, f"{kind}-{number:03d}-{name}-{'front' if side_index == 0 else 'back'}", file_format))
                    facts = facts or side_facts
                samples.append({"id": f"{kind}-{number:03d}-{name}", "kind": kind, "type": document_type, "country": country,
                                "degradation": name, "files": files, "facts": facts, "truth": truth, **extra})
            if photos and kind in canvas.PORTRAIT_BOXES and args.tampering:
                samples += tampered(args, kind, number, sides, document_type, country, truth, extra, photos)
            if kind == "egypt_id" and args.anomalies:
                samples += anomalous(args, kind, number, sides, document_type, country, truth, extra)
                samples += edited(args, kind, number, sides, document_type, country, truth, extra, extra["font"])
                samples += forged(args, kind, number, sides, document_type, country, truth, extra)
    with open(os.path.join(args.out, "truth.json"), "w", encoding="utf-8") as handle:
        json.dump({"seed": args.seed, "samples": samples}, handle, ensure_ascii=False, indent=1)
    print(f"docgen: {len(samples)} samples in {args.out}")


if __name__ == "__main__":
    main()
