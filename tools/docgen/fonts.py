"""Fonts from Debian packages (fonts-ocr-b, fonts-dejavu-core, fonts-hosny-amiri)."""
from functools import lru_cache
from PIL import ImageFont

OCR_B = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
SANS_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
ARABIC = "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf"
ARABIC_BOLD = "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Bold.ttf"


@lru_cache(maxsize=None)
def font(path, size):
    return ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.RAQM)
