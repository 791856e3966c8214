#!/usr/bin/env python3
"""Writes ordinary-names.tsv: names of ordinary people in 30 locales and
their own scripts, from Faker's public name lists (not ours), that sanctions
screening must not flag. Reproducible: Faker is pinned (requirements.txt)
and every locale is seeded.

    python3 -m venv /tmp/names && /tmp/names/bin/pip install -r requirements.txt
    /tmp/names/bin/python ordinary_names.py > ordinary-names.tsv
"""
import sys
from faker import Faker

# Locales whose names Faker has in its own lists (some, like ar_AE, fall back to en_US).
LOCALES = ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "es_MX", "it_IT", "pl_PL", "pt_BR", "nl_NL", "sv_SE", "ro_RO",
           "hu_HU", "cs_CZ", "tr_TR", "az_AZ", "ru_RU", "uk_UA", "bg_BG", "el_GR", "ka_GE", "he_IL", "ar_SA", "ar_AA",
           "ar_PS", "fa_IR", "hi_IN", "id_ID", "zh_CN", "ko_KR"]
PER_LOCALE = 110


def main():
    out = sys.stdout
    out.write("# locale\tname: Faker 30.8.2, seeded; written by ordinary_names.py\n")
    for number, locale in enumerate(LOCALES):
        faker = Faker(locale)
        faker.seed_instance(1000 + number)
        seen = set()
        tries = 0
        while len(seen) < PER_LOCALE and tries < PER_LOCALE * 20:
            tries += 1
            name = f"{faker.first_name()} {faker.last_name()}"
            if name not in seen:
                seen.add(name)
                out.write(f"{locale}\t{name}\n")


if __name__ == "__main__":
    main()
