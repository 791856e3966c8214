"""Fictional people and documents, reproducible from a seed. No real person's data."""
import datetime
import random

SURNAMES = ["ERIKSSON", "MARTIN", "OKAFOR", "NAKAMURA", "GARCIA LOPEZ", "SMITH", "NOVAK", "HAUGEN", "DUBOIS",
            "KOWALSKI", "FERREIRA", "MCALLISTER", "OBRIEN", "VAN DER BERG", "QUIGLEY", "ZHANG", "PETROV", "ADEYEMI"]
GIVEN = ["ANNA MARIA", "JOHN", "LUCIA", "KENJI", "OLIVIA GRACE", "MOHAMED", "ELENA", "PIERRE LOUIS", "SVEN",
         "AMARA", "WOJCIECH", "BEATRIZ", "DECLAN", "YUKI", "IVAN", "CHIAMAKA", "HANNAH", "TOMAS"]
STATES = ["UTO", "UTO", "UTO", "GBR", "FRA", "D", "CAN", "NLD", "JPN", "NGA"]
STREETS = ["PEACHTREE PLACE", "MAIN STREET", "OAK AVENUE", "LAKE SHORE DRIVE", "ELM COURT", "RIVER ROAD"]
CITIES = [("ATLANTA", "GA", "30318"), ("SPRINGFIELD", "IL", "62701"), ("AUSTIN", "TX", "73301"),
          ("PORTLAND", "OR", "97201"), ("ALBANY", "NY", "12207"), ("DENVER", "CO", "80202")]


def rng(seed):
    return random.Random(seed)


def date_between(r, start_year, end_year):
    start = datetime.date(start_year, 1, 1).toordinal()
    end = datetime.date(end_year, 12, 28).toordinal()
    return datetime.date.fromordinal(r.randint(start, end))


def document_number(r, letters=1, digits=8):
    alphabet = "ABCDEFGHJKLMNPRSTUVWXYZ"
    return "".join(r.choice(alphabet) for _ in range(letters)) + "".join(r.choice("0123456789") for _ in range(digits))


def person(r, today=datetime.date(2026, 11, 22)):
    birth = date_between(r, 1940, 2006)
    issue = date_between(r, 2018, 2026)
    if issue > today:
        issue = today
    expiry = issue.replace(year=issue.year + 10) if not (issue.month == 2 and issue.day == 29) else issue.replace(year=issue.year + 10, day=28)
    state = r.choice(STATES)
    city, region, postal = r.choice(CITIES)
    return {
        "surname": r.choice(SURNAMES),
        "given_names": r.choice(GIVEN),
        "issuing_state": state,
        "nationality": state,
        "sex": r.choice("MF"),
        "birth": birth,
        "issue": issue,
        "expiry": expiry,
        "document_number": document_number(r, r.randint(1, 2), r.randint(6, 7)),
        "personal_number": "".join(r.choice("0123456789") for _ in range(r.choice([0, 9, 11]))),
        "street": f"{r.randint(10, 99999)} {r.choice(STREETS)}",
        "city": city,
        "region": region,
        "postal_code": postal,
        "place_of_birth": r.choice(["ZENITH", "UTOPIA CITY", "NORTHPORT", "LAKEVIEW"]),
    }
