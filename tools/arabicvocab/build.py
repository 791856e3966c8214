#!/usr/bin/env python3
"""Builds the word lists the Egyptian ID reader corrects its Arabic readings
against (Sources/VerityVision/Resources/egyptian-id/). Reproducible: the given
and family names are Faker's public Arabic lists (pinned in requirements.txt)
plus the common Egyptian names below; the places, professions and street names
are written out here. No list holds a test card's data: the card generator
(tools/docgen/egypt.py) draws from these lists and from names kept out of them.

  build.py [--out DIR]"""
import argparse
import os

from faker.providers.person.ar_AA import Provider as AA
from faker.providers.person.ar_PS import Provider as PS
from faker.providers.person.ar_SA import Provider as SA

# Common Egyptian given names Faker's lists lack (Muslim and Coptic).
EGYPTIAN_MALE = """
إبراهيم إسماعيل إسلام أشرف أيمن أسامة إيهاب بيشوي مينا جرجس كيرلس أبانوب شنودة مرقس بولس بطرس يوحنا ميخائيل
رفعت هشام هيثم حمدي شحاتة عبده السيد سيد متولي عرفة عرفات صبحي صبري فتحي مجدي مدحت ممدوح نبيل نصحي وجدي
زكريا زكي رأفت شوقي فوزي لطفي رشدي عصام عاطف عزت عماد محروس مرسي مسعد مصيلحي منير نشأت هاني وائل يسري
""".split() + ["عبد " + w for w in """الله الرحمن العزيز الحميد الفتاح الرحيم المنعم الحليم الناصر الكريم الحكيم الوهاب السلام
العال الغني الستار اللطيف الباسط الجواد الهادي المجيد الرازق التواب العظيم القادر المطلب الحي الرؤوف""".split()]
EGYPTIAN_FEMALE = """
فاطمة نورا سارة هبة منى دينا رنا سلمى شيماء إيمان أسماء نادية سعاد عزة غادة داليا رحاب نهى نهال نجلاء ناهد
هدى هناء وفاء سناء سامية سميرة صفاء عبير علياء فريدة كريمة ليلى ماجدة مروة مي نسمة نيفين هالة يسرا أميرة
إسراء آية بسمة جيهان حنان خديجة رانيا زينب سهير شاهندة عائشة فايزة مديحة منال نجوى نرمين ولاء يمنى ماريان
مارينا دميانة كريستين مريم فيبي
""".split()
EGYPTIAN_FAMILY = """السيد عبد الله إبراهيم حسين عثمان الشريف منصور فؤاد سالم رمضان النجار الشافعي المصري البحيري الصعيدي
الشرقاوي المنوفي الدمياطي الفيومي الأسيوطي الجندي العطار الحداد الخياط الفخراني البنا الشاذلي الدسوقي""".split()

STREET_NAMES = """التحرير|الجمهورية|النصر|الثورة|السلام|بورسعيد|الجيش|الهرم|فيصل|رمسيس|الحجاز|النيل|الجلاء|صلاح سالم
|مصطفى النحاس|عباس العقاد|جمال عبد الناصر|سعد زغلول|طلعت حرب|قصر النيل|شبرا|الأزهر|المعز|الخليفة المأمون|عمر بن الخطاب
|أحمد عرابي|محمد علي|الملك فيصل|الترعة|البحر|المحطة|المدارس|الجامع|الكنيسة|المستشفى|السوق|الزهراء|الشهيد|الوحدة|العروبة
|الحرية|الاستقلال|الفتح|الرشيد|النزهة|الحسين|السيدة زينب|الإسكندرية|القاهرة|الجيزة|الأهرام|السد العالي|الفردوس|الروضة
|المنيل|الدقي|التحرير الجديد|الشيخ زايد|عثمان بن عفان|علي بن أبي طالب|أبو بكر الصديق|خالد بن الوليد|طه حسين
|نجيب محفوظ|أم كلثوم|سيد درويش|محمد فريد|مصطفى كامل|إسماعيل المهدي|الشيخ ريحان|كورنيش النيل|الخديوي إسماعيل"""
STREET_TYPES = ["شارع", "ميدان", "حارة", "عطفة", "طريق"]

PROFESSIONS = """مهندس|مهندسة|طبيب|طبيبة|مدرس|مدرسة|محاسب|محاسبة|طالب|طالبة|موظف|موظفة|محام|محامية|ربة منزل|صيدلي
|صيدلانية|ممرض|ممرضة|عامل|عاملة|سائق|فلاح|مزارع|تاجر|نجار|حداد|كهربائي|سباك|ميكانيكي|ضابط|أمين شرطة|صحفي
|صحفية|مترجم|مبرمج|أستاذ جامعي|معيد|مدير|بدون عمل|على المعاش|أعمال حرة|خياط|حلاق|طباخ|عامل بناء|نقاش|فني
|مقاول|محاسب قانوني|مهندس زراعي|طبيب أسنان|أخصائي اجتماعي|موظف حكومي|موظف بالقطاع الخاص|رجل أعمال|بائع|جزار|خباز
|صائغ|مصور|ممثل|مذيع|مرشد سياحي|طيار|بحار|صياد|حارس أمن|عسكري|مأمور|مفتش|كاتب|شيف|فني كهرباء|فني تبريد"""

# Police stations (أقسام and مراكز) by governorate code of the national number.
POLICE_STATIONS = {
    1: "مصر الجديدة|المعادي|شبرا|حلوان|الزيتون|عين شمس|المطرية|النزهة|مدينة نصر أول|مدينة نصر ثان|السيدة زينب|عابدين|الأزبكية|الموسكي|باب الشعرية|الخليفة|مصر القديمة|البساتين|دار السلام|الساحل|روض الفرج|الشرابية|حدائق القبة|الوايلي|الزاوية الحمراء|المرج|السلام أول|التبين|المقطم|قصر النيل|بولاق أبو العلا",
    2: "سيدي جابر|المنتزه أول|المنتزه ثان|الرمل أول|الرمل ثان|محرم بك|العطارين|المنشية|الجمرك|اللبان|كرموز|مينا البصل|الدخيلة|العامرية أول|باب شرق|برج العرب",
    3: "الشرق|العرب|المناخ|الضواحي|الزهور|بورفؤاد",
    4: "السويس|الأربعين|عتاقة|فيصل|الجناين",
    11: "أول دمياط|ثان دمياط|دمياط الجديدة|فارسكور|الزرقا|كفر سعد",
    12: "أول المنصورة|ثان المنصورة|طلخا|ميت غمر|السنبلاوين|دكرنس|أجا|بلقاس|شربين|المنزلة",
    13: "أول الزقازيق|ثان الزقازيق|بلبيس|منيا القمح|أبو حماد|فاقوس|ههيا|أبو كبير|العاشر من رمضان",
    14: "أول بنها|ثان بنها|شبرا الخيمة أول|شبرا الخيمة ثان|قليوب|القناطر الخيرية|طوخ|الخانكة|كفر شكر",
    15: "كفر الشيخ|دسوق|فوه|بيلا|الحامول|سيدي سالم|مطوبس",
    16: "أول طنطا|ثان طنطا|أول المحلة|ثان المحلة|كفر الزيات|زفتى|السنطة|بسيون|قطور|سمنود",
    17: "شبين الكوم|منوف|أشمون|الباجور|قويسنا|تلا|الشهداء|السادات",
    18: "دمنهور|كفر الدوار|رشيد|إدكو|أبو حمص|المحمودية|إيتاي البارود|كوم حمادة",
    19: "أول الإسماعيلية|ثان الإسماعيلية|ثالث الإسماعيلية|القنطرة غرب|فايد|التل الكبير",
    21: "الدقي|العجوزة|الجيزة|الهرم|إمبابة|بولاق الدكرور|العمرانية|الطالبية|الوراق|أول أكتوبر|البدرشين|الصف|أطفيح|العياط|أوسيم|كرداسة",
    22: "بني سويف|الواسطى|ناصر|إهناسيا|ببا|الفشن|سمسطا",
    23: "الفيوم|سنورس|إطسا|طامية|أبشواي|يوسف الصديق",
    24: "المنيا|ملوي|سمالوط|مغاغة|بني مزار|مطاي|أبو قرقاص|دير مواس|العدوة",
    25: "أول أسيوط|ثان أسيوط|ديروط|القوصية|منفلوط|أبنوب|أبو تيج|الغنايم|ساحل سليم|البداري|صدفا",
    26: "سوهاج|أخميم|طهطا|جرجا|البلينا|المراغة|طما|المنشاة|دار السلام",
    27: "قنا|نجع حمادي|قوص|دشنا|أبو تشت|فرشوط|نقادة|قفط",
    28: "أسوان|كوم أمبو|إدفو|دراو|نصر النوبة",
    29: "الأقصر|إسنا|أرمنت|الطود|البياضية",
    31: "الغردقة|سفاجا|القصير|مرسى علم|رأس غارب",
    32: "الخارجة|الداخلة|الفرافرة|باريس",
    33: "مرسى مطروح|الحمام|العلمين|الضبعة|سيوة|السلوم",
    34: "العريش|الشيخ زويد|رفح|بئر العبد",
    35: "الطور|شرم الشيخ|دهب|نويبع|سانت كاترين",
}
# A town's station is a markaz (مركز), a city district's a qism (قسم).
QISM_ONLY = {1, 2, 3, 4, 19}


def bare(name):
    """Without harakat (cards print none) and with one space between words."""
    return " ".join("".join(c for c in name if not 0x064B <= ord(c) <= 0x0652).split())


def unique(names):
    seen, out = set(), []
    for name in map(bare, names):
        # Lists of lineages with three or more words are not a card's names.
        if name and name not in seen and len(name.split()) <= 2:
            seen.add(name)
            out.append(name)
    return out


def stations():
    lines = []
    for code, names in POLICE_STATIONS.items():
        for name in names.split("|"):
            kind = "قسم" if code in QISM_ONLY or name.startswith(("أول", "ثان", "ثالث")) or name.endswith(("أول", "ثان")) else "مركز"
            lines.append(f"{code}\t{kind} {name}")
    return lines


def write(directory, name, header, lines):
    with open(os.path.join(directory, name), "w", encoding="utf-8") as handle:
        handle.write(f"# {header}\n# Built by tools/arabicvocab/build.py; do not edit by hand.\n")
        handle.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "../../Sources/VerityVision/Resources/egyptian-id"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    write(args.out, "male-names.txt", "Male given names (also fathers', grandfathers' and many family names).",
          unique(EGYPTIAN_MALE + list(AA.first_names_male)))
    write(args.out, "female-names.txt", "Female given names.", unique(EGYPTIAN_FEMALE + list(AA.first_names_female)))
    write(args.out, "family-names.txt", "Family names.",
          unique(EGYPTIAN_FAMILY + list(AA.last_names) + list(PS.last_names) + list(SA.last_names)))
    write(args.out, "street-names.txt", "Street names (after a street type).", unique(STREET_NAMES.replace("\n", "").split("|")))
    write(args.out, "street-types.txt", "Street types.", STREET_TYPES)
    write(args.out, "professions.txt", "Professions as cards print them.", unique(PROFESSIONS.replace("\n", "").split("|")))
    write(args.out, "police-stations.txt", "Governorate code (national number digits 8-9) and police station.", stations())


if __name__ == "__main__":
    main()
