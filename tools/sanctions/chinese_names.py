#!/usr/bin/env python3
"""Writes chinese-names.tsv: the listed people whose names OFAC's SDN list
gives in Chinese too, as Chinese Commercial Codes (telegraph codes, e.g.
"Chinese Commercial Code 1728 4320" for ZHANG, Lei), written back in Han
characters with the Unicode Han Database's telegraph tables
(kMainlandTelegraph, else kTaiwanTelegraph). Screening must find each of
them from the Han name: the cross-script set the list itself provides.

    apt-get install unicode-data        # /usr/share/unicode/Unihan_OtherMappings.txt.bz2
    python3 chinese_names.py ../../reference-data/sanctions/ofac-sdn-2024-05-03.csv > chinese-names.tsv
"""
import bz2
import csv
import re
import sys

UNIHAN = "/usr/share/unicode/Unihan_OtherMappings.txt.bz2"


def telegraph_tables():
    mainland, taiwan = {}, {}
    with bz2.open(UNIHAN, "rt", encoding="utf-8") as lines:
        for line in lines:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or parts[1] not in ("kMainlandTelegraph", "kTaiwanTelegraph"):
                continue
            table = mainland if parts[1] == "kMainlandTelegraph" else taiwan
            for code in parts[2].split():
                table.setdefault(code, chr(int(parts[0][2:], 16)))
    return mainland, taiwan


def main():
    mainland, taiwan = telegraph_tables()
    out = sys.stdout
    out.write("# ent_num\tlisted name\tChinese Commercial Code\tHan name (Unihan telegraph tables); written by chinese_names.py\n")
    with open(sys.argv[1], encoding="utf-8", errors="replace") as sdn:
        for row in csv.reader(sdn):
            if len(row) < 12 or "Chinese Commercial Code" not in row[11]:
                continue
            for codes in re.findall(r"Chinese Commercial Code ((?:\d{4} ?)+)", row[11]):
                codes = codes.split()
                han = "".join(mainland.get(code) or taiwan.get(code) or "?" for code in codes)
                if "?" not in han:
                    out.write(f"{row[0].strip()}\t{row[1].strip()}\t{' '.join(codes)}\t{han}\n")


if __name__ == "__main__":
    main()
