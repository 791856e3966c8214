"""Fonts from Debian packages (fonts-ocr-b, fonts-dejavu-core, fonts-hosny-amiri, fonts-noto-core)."""
from functools import lru_cache
from PIL import ImageFont

OCR_B = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
SANS_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
ARABIC = "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf"
ARABIC_BOLD = "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Bold.ttf"
NOTO = "/usr/share/fonts/truetype/noto/"
# (regular, bold) per Arabic family an Egyptian card is printed in.
ARABIC_FAMILIES = {
    "amiri": (ARABIC, ARABIC_BOLD),
    "noto-naskh": (NOTO + "NotoNaskhArabic-Regular.ttf", NOTO + "NotoNaskhArabic-Bold.ttf"),
    "noto-sans": (NOTO + "NotoSansArabic-Regular.ttf", NOTO + "NotoSansArabic-Bold.ttf"),
}


@lru_cache(maxsize=None)
def font(path, size):
    return ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.RAQM)


@lru_cache(maxsize=None)
def has_separators(path):
    """Noto Naskh Arabic has no "-" or "/": they would print as its missing-glyph box."""
    probe = font(path, 30)
    missing = bytes(probe.getmask("\u0378"))
    return all(bytes(probe.getmask(c)) != missing for c in "-/")
