#ifndef CJPEG_H
#define CJPEG_H
#include <stddef.h>

/// Decodes a JPEG as far as its data goes (an upload that ended early) into
/// 8-bit RGB rows, at 1/reduction of its size (1, 2, 4 or 8). libjpeg's warnings are counted, never printed. Returns 0 and
/// fills *pixels (free with cjpeg_free), *width, *height and *warnings; returns
/// -1 when not even the header could be read, -2 when memory ran out.
int cjpeg_decode_partial(const unsigned char *data, size_t size, int reduction, unsigned char **pixels,
                         int *width, int *height, int *warnings);
void cjpeg_free(unsigned char *pixels);

#endif
