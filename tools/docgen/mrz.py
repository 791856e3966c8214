"""ICAO 9303 machine readable zones with correct check digits."""


def _value(c):
    if c.isdigit():
        return int(c)
    if c == "<":
        return 0
    return ord(c) - 55


def check_digit(text):
    return str(sum(_value(c) * (7, 3, 1)[i % 3] for i, c in enumerate(text)) % 10)


def _field(text, length):
    text = text.upper().replace(" ", "<").replace("-", "<").replace("'", "")
    return (text + "<" * length)[:length]


def name_field(surname, given, length):
    return _field(surname.replace(" ", "<") + "<<" + given.replace(" ", "<"), length)


def yymmdd(date):
    return date.strftime("%y%m%d")


def td3(p):
    """Passport: 2 lines of 44."""
    line1 = _field("P<" + p["issuing_state"], 5) + name_field(p["surname"], p["given_names"], 39)
    number = _field(p["document_number"], 9)
    personal = _field(p.get("personal_number", ""), 14)
    personal_check = check_digit(personal) if personal.strip("<") else "<"
    body = (number + check_digit(number) + _field(p["nationality"], 3) + yymmdd(p["birth"]) + check_digit(yymmdd(p["birth"]))
            + p["sex"] + yymmdd(p["expiry"]) + check_digit(yymmdd(p["expiry"])) + personal + personal_check)
    composite = check_digit(body[0:10] + body[13:20] + body[21:43])
    return [line1, body + composite]


def td1(p):
    """ID card: 3 lines of 30."""
    number = _field(p["document_number"], 9)
    line1 = _field("I<" + p["issuing_state"], 5) + number + check_digit(number) + _field(p.get("optional", ""), 15)
    line2 = (yymmdd(p["birth"]) + check_digit(yymmdd(p["birth"])) + p["sex"] + yymmdd(p["expiry"])
             + check_digit(yymmdd(p["expiry"])) + _field(p["nationality"], 3) + _field("", 11))
    composite = check_digit(line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29])
    return [line1, line2 + composite, name_field(p["surname"], p["given_names"], 30)]
