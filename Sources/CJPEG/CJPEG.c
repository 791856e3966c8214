#include "CJPEG.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

struct quiet_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

static void quiet_exit(j_common_ptr info) {
    longjmp(((struct quiet_error *)info->err)->jump, 1);
}

/* Warnings (premature end, corrupt data) are counted by libjpeg itself; nothing is printed. */
static void quiet_output(j_common_ptr info) { (void)info; }

int cjpeg_decode_partial(const unsigned char *data, size_t size, int reduction, unsigned char **pixels,
                         int *width, int *height, int *warnings) {
    struct jpeg_decompress_struct info;
    struct quiet_error error;
    unsigned char *volatile rows = NULL;
    volatile int started = 0;
    *pixels = NULL;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = quiet_exit;
    error.base.output_message = quiet_output;
    if (setjmp(error.jump)) {
        /* A fatal error mid-way: keep the rows decoded so far (the rest stays flat). */
        *warnings = (int)error.base.num_warnings + 1;
        jpeg_destroy_decompress(&info);
        if (!started || rows == NULL) { free(rows); return -1; }
        *pixels = rows;
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK) { jpeg_destroy_decompress(&info); return -1; }
    info.out_color_space = JCS_RGB;
    /* libjpeg's DCT scaling: the image comes out 1/reduction of its size without being decoded whole. */
    info.scale_num = 1;
    info.scale_denom = (unsigned int)(reduction == 2 || reduction == 4 || reduction == 8 ? reduction : 1);
    jpeg_start_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    size_t stride = (size_t)info.output_width * 3;
    rows = calloc((size_t)info.output_height, stride);
    if (rows == NULL) { jpeg_destroy_decompress(&info); return -2; }
    /* Missing rows stay one flat colour, which the caller measures. */
    for (size_t i = 0; i < (size_t)info.output_height * stride; i++) rows[i] = 128;
    started = 1;
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = rows + (size_t)info.output_scanline * stride;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
    }
    *warnings = (int)error.base.num_warnings;
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    *pixels = rows;
    return 0;
}

void cjpeg_free(unsigned char *pixels) { free(pixels); }
