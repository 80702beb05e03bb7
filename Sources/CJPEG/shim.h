#ifndef FLIPBOOK_CJPEG_SHIM_H
#define FLIPBOOK_CJPEG_SHIM_H
// libjpeg reports errors by calling error_exit, which must not return: the decoder below turns
// that into a longjmp back to its caller, which Swift cannot do itself, and returns the message.
#include <stddef.h>
#include <stdio.h>
#include <setjmp.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct flipbook_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void flipbook_jpeg_error_exit(j_common_ptr cinfo) {
    struct flipbook_jpeg_error *error = (struct flipbook_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

// A file that ends early (JWRN_JPEG_EOF) or whose compressed data stops at a marker before the
// picture is complete (JWRN_HIT_MARKER, "premature end of data segment") is a damaged file, not a
// warning to decode grey past: else a few hundred bytes whose header claims 16000×16000 pixels
// would fill a gigabyte with grey for seconds (the Image fuzz seeds with their sizes raised did).
static void flipbook_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0 && (cinfo->err->msg_code == JWRN_JPEG_EOF || cinfo->err->msg_code == JWRN_HIT_MARKER)) {
        flipbook_jpeg_error_exit(cinfo);
    }
}

/// Decodes a baseline or progressive JPEG from memory. With `pixels` NULL only reads the size.
/// Otherwise writes `height` rows of `stride` bytes of 32-bit pixels, native-endian 0xFFRRGGBB
/// (Cairo's ARGB32, opaque). Returns 0, or -1 with libjpeg's message in `message`.
static inline int flipbook_jpeg_decode(const unsigned char *data, unsigned long size, unsigned char *pixels,
                                       size_t stride, int *width, int *height, char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    struct flipbook_jpeg_error error;
    cinfo.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = flipbook_jpeg_error_exit;
    error.manager.emit_message = flipbook_jpeg_emit_message;
    error.message[0] = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        snprintf(message, message_size, "%s", error.message);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, size);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    if (pixels == NULL) {
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    cinfo.out_color_space = JCS_EXT_BGRA;
#else
    cinfo.out_color_space = JCS_EXT_ARGB;
#endif
    jpeg_start_decompress(&cinfo);
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}
#endif
