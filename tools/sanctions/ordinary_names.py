#!/usr/bin/env python3
"""Writes ordinary-names.tsv: names of ordinary people in 65 locales and
their own scripts, from Faker's public name lists (not ours), that sanctions
screening must not flag. Reproducible: Faker is pinned (requirements.txt)
and every locale is seeded.

The first 3,299 rows are the first set (30 locales, 110 names each, seeds
1000 + n), unchanged so earlier figures stay comparable; then 35 more
locales (200 names each), then a second batch for the locales whose names
the list's entries share most (Arabic, Persian, Turkic, Indonesian,
Russian, Chinese, Korean).

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
MORE_LOCALES = ["en_PK", "en_IN", "bn_BD", "ta_IN", "gu_IN", "ne_NP", "th_TH", "vi_VN", "ja_JP", "zh_TW", "hy_AM",
                "da_DK", "fi_FI", "no_NO", "sk_SK", "sl_SI", "hr_HR", "lt_LT", "lv_LV", "et_EE", "de_AT", "de_CH",
                "fr_BE", "fr_CA", "nl_BE", "pt_PT", "es_AR", "es_CL", "es_CO", "en_IE", "ga_IE", "en_NZ", "yo_NG",
                "tw_GH", "zu_ZA"]
PER_MORE_LOCALE = 200
SECOND_BATCH = ["ar_SA", "ar_AA", "ar_PS", "fa_IR", "tr_TR", "az_AZ", "id_ID", "ru_RU", "zh_CN", "ko_KR"]


def names(locale, seed, count, skip=frozenset()):
    faker = Faker(locale)
    faker.seed_instance(seed)
    seen = set()
    tries = 0
    while len(seen) < count and tries < count * 20:
        tries += 1
        name = f"{faker.first_name()} {faker.last_name()}"
        if name not in seen and name not in skip:
            seen.add(name)
            yield name


def main():
    out = sys.stdout
    out.write("# locale\tname: Faker 30.8.2, seeded; written by ordinary_names.py\n")
    first = {}
    for number, locale in enumerate(LOCALES):
        first[locale] = set()
        for name in names(locale, 1000 + number, PER_LOCALE):
            first[locale].add(name)
            out.write(f"{locale}\t{name}\n")
    for number, locale in enumerate(MORE_LOCALES):
        for name in names(locale, 2000 + number, PER_MORE_LOCALE):
            out.write(f"{locale}\t{name}\n")
    for number, locale in enumerate(SECOND_BATCH):
        for name in names(locale, 3000 + number, PER_LOCALE, skip=first[locale]):
            out.write(f"{locale}\t{name}\n")


if __name__ == "__main__":
    main()
