"""AAMVA DL/ID card design standard (2020, version 10) payloads."""


def payload(p, issuer="636026", version=10):
    elements = [
        ("DCA", "C"), ("DCB", "NONE"), ("DCD", "NONE"),
        ("DBA", p["expiry"].strftime("%m%d%Y")),
        ("DCS", p["surname"]), ("DAC", p["given_names"].split(" ")[0]),
        ("DAD", " ".join(p["given_names"].split(" ")[1:]) or "NONE"),
        ("DBD", p["issue"].strftime("%m%d%Y")),
        ("DBB", p["birth"].strftime("%m%d%Y")),
        ("DBC", "1" if p["sex"] == "M" else "2"),
        ("DAY", "BRO"), ("DAU", "070 IN"),
        ("DAG", p["street"]), ("DAI", p["city"]), ("DAJ", p["region"]),
        ("DAK", (p["postal_code"] + "0000").ljust(11)),
        ("DAQ", p["document_number"]),
        ("DCF", "DD" + p["document_number"] + "X"),
        ("DCG", "USA"), ("DDE", "N"), ("DDF", "N"), ("DDG", "N"),
    ]
    subfile = "DL" + "\n".join(code + value for code, value in elements) + "\r"
    header = "@\n\x1e\rANSI " + issuer + f"{version:02d}" + "00" + "01"
    offset = len(header) + 10
    header += "DL" + f"{offset:04d}" + f"{len(subfile):04d}"
    return (header + subfile).encode("ascii")
