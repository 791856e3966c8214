// A C view of zxing-cpp 1.4, which has only a C++ API.
#ifndef CZXING_H
#define CZXING_H

#ifdef __cplusplus
extern "C" {
#endif

/// One decoded symbol. `bytes` is the raw content (no character-set conversion),
/// `text` the same content as UTF-8. Corners go top-left, top-right,
/// bottom-right, bottom-left in image coordinates.
typedef struct {
    int format;
    unsigned char *bytes;
    int bytes_length;
    char *text;
    int corner_x[4];
    int corner_y[4];
    int orientation;
} czx_symbol;

/// Bits of `formats` (the values of ZXing::BarcodeFormat).
enum {
    CZX_FORMAT_AZTEC = 1 << 0,
    CZX_FORMAT_CODE128 = 1 << 4,
    CZX_FORMAT_DATAMATRIX = 1 << 7,
    CZX_FORMAT_PDF417 = 1 << 12,
    CZX_FORMAT_QRCODE = 1 << 13,
};

/// Reads every symbol of `formats` in an 8-bit greyscale image.
/// Returns the number of symbols (0 if none, -1 on error); `*symbols` must be
/// released with czx_free. `try_harder` also tries rotations and inverted images.
int czx_read(const unsigned char *pixels, int width, int height, int row_stride, int formats, int try_harder,
             czx_symbol **symbols);

void czx_free(czx_symbol *symbols, int count);

/// Encodes `text` (UTF-8) as a QR code at error-correction level `ecc_level`
/// (0–8, zxing's scale; 4 ≈ "Q"). Writes the module grid, one byte per module
/// (1 dark, 0 light), no quiet zone, into `*modules` (release with free) and
/// its side in `*size`. Returns 0, or -1 when the text does not fit or on error.
int czx_write_qr(const char *text, int ecc_level, unsigned char **modules, int *size);

/// The name of one format bit ("PDF417", "QRCode", …), static storage.
const char *czx_format_name(int format);

#ifdef __cplusplus
}
#endif

#endif
