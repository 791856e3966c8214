// Tesseract's C API (Debian libtesseract-dev).
#include <tesseract/capi.h>
