// Leptonica's C API (Debian libleptonica-dev): image decoding and geometry.
#include <leptonica/allheaders.h>
