#define ZX_USE_UTF8 1
#include "CZXing.h"

#include <ZXing/BarcodeFormat.h>
#include <ZXing/BitMatrix.h>
#include <ZXing/DecodeHints.h>
#include <ZXing/MultiFormatWriter.h>
#include <ZXing/ReadBarcode.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

extern "C" int czx_read(const unsigned char *pixels, int width, int height, int row_stride, int formats, int try_harder,
                        czx_symbol **symbols) {
    *symbols = nullptr;
    if (pixels == nullptr || width <= 0 || height <= 0 || row_stride < width) return -1;
    try {
        ZXing::ImageView image(pixels, width, height, ZXing::ImageFormat::Lum, row_stride);
        ZXing::DecodeHints hints;
        hints.setFormats(ZXing::BarcodeFormats(static_cast<ZXing::BarcodeFormat>(formats)));
        hints.setTryHarder(try_harder != 0);
        hints.setTryRotate(try_harder != 0);
        auto results = ZXing::ReadBarcodes(image, hints);
        if (results.empty()) return 0;
        auto *out = static_cast<czx_symbol *>(calloc(results.size(), sizeof(czx_symbol)));
        if (out == nullptr) return -1;
        int count = 0;
        for (const auto &result : results) {
            if (!result.isValid()) continue;
            czx_symbol &symbol = out[count++];
            symbol.format = static_cast<int>(result.format());
            const auto &bytes = result.bytes();
            symbol.bytes_length = static_cast<int>(bytes.size());
            symbol.bytes = static_cast<unsigned char *>(malloc(bytes.size() + 1));
            if (symbol.bytes != nullptr && !bytes.empty()) memcpy(symbol.bytes, bytes.data(), bytes.size());
            std::string text = result.text();
            symbol.text = strdup(text.c_str());
            const auto &position = result.position();
            for (int corner = 0; corner < 4; corner++) {
                symbol.corner_x[corner] = position[corner].x;
                symbol.corner_y[corner] = position[corner].y;
            }
            symbol.orientation = result.orientation();
        }
        *symbols = out;
        return count;
    } catch (const std::exception &) {
        return -1;
    } catch (...) {
        return -1;
    }
}

extern "C" void czx_free(czx_symbol *symbols, int count) {
    if (symbols == nullptr) return;
    for (int index = 0; index < count; index++) {
        free(symbols[index].bytes);
        free(symbols[index].text);
    }
    free(symbols);
}

extern "C" const char *czx_format_name(int format) {
    switch (format) {
    case CZX_FORMAT_AZTEC: return "Aztec";
    case CZX_FORMAT_CODE128: return "Code128";
    case CZX_FORMAT_DATAMATRIX: return "DataMatrix";
    case CZX_FORMAT_PDF417: return "PDF417";
    case CZX_FORMAT_QRCODE: return "QRCode";
    default: return "Other";
    }
}

extern "C" int czx_write_qr(const char *text, int ecc_level, unsigned char **modules, int *size) {
    *modules = nullptr;
    *size = 0;
    if (text == nullptr || ecc_level < 0 || ecc_level > 8) return -1;
    try {
        // Width and height 0 with no margin: one pixel per module.
        auto matrix = ZXing::MultiFormatWriter(ZXing::BarcodeFormat::QRCode).setEccLevel(ecc_level).setMargin(0)
                          .encode(std::string(text), 0, 0);
        const int side = matrix.width();
        if (side <= 0 || matrix.height() != side) return -1;
        auto *out = static_cast<unsigned char *>(malloc(static_cast<size_t>(side) * side));
        if (out == nullptr) return -1;
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x) out[y * side + x] = matrix.get(x, y) ? 1 : 0;
        *modules = out;
        *size = side;
        return 0;
    } catch (const std::exception &) {
        return -1;
    }
}
