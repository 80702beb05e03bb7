// BGRA → YUV 4:2:0 for two rows at a time, thirty-two pixels a step: the arithmetic of
// FlipbookRaster's YUVRowPair.swift (16-bit lanes, products' high halves, the same truncations),
// written once in Clang's generic vectors and compiled for the baseline, AVX2 and AVX-512. It is
// integer arithmetic throughout, so every instruction set gives the bytes of the Swift code; the tests
// compare them.
#include "flipbook_kernels.h"
#include "instruction_sets.h"

#include <string.h>

typedef uint32_t words32 __attribute__((ext_vector_type(32)));
typedef uint16_t lanes32 __attribute__((ext_vector_type(32)));
typedef uint16_t lanes16 __attribute__((ext_vector_type(16)));
typedef uint8_t bytes32 __attribute__((ext_vector_type(32)));
typedef uint8_t bytes16 __attribute__((ext_vector_type(16)));

INLINE lanes32 min32(lanes32 a, lanes32 b) { return a < b ? a : b; }

// a·b >> 16 in each lane (the high half of the 32-bit product).
INLINE lanes32 mulhi32(lanes32 a, uint16_t b) {
    words32 wide = __builtin_convertvector(a, words32) * (uint32_t)b;
    return __builtin_convertvector(wide >> 16, lanes32);
}

INLINE lanes16 mulhi16(lanes16 a, uint16_t b) {
    typedef uint32_t words16 __attribute__((ext_vector_type(16)));
    words16 wide = __builtin_convertvector(a, words16) * (uint32_t)b;
    return __builtin_convertvector(wide >> 16, lanes16);
}

typedef struct {
    lanes32 r, g, b, inv;
} pixel_channels;

// Colour clamped to alpha (as valid premultiplied colour is), and 255 − alpha.
INLINE pixel_channels channels(words32 words) {
    lanes32 a = __builtin_convertvector(words >> 24, lanes32);
    pixel_channels c;
    c.r = min32(__builtin_convertvector((words >> 16) & 0xFF, lanes32), a);
    c.g = min32(__builtin_convertvector((words >> 8) & 0xFF, lanes32), a);
    c.b = min32(__builtin_convertvector(words & 0xFF, lanes32), a);
    c.inv = 255 - a;
    return c;
}

INLINE bytes32 luma(pixel_channels c, const flipbook_yuv_coefficients *k) {
    lanes32 y = mulhi32(c.r << 8, k->yR) + mulhi32(c.g << 8, k->yG) + mulhi32(c.b << 8, k->yB)
        + mulhi32(c.inv << 8, k->yBackground) + (uint16_t)(16 * 256 + 128);
    return __builtin_convertvector(y >> 8, bytes32);
}

// The sums of horizontally adjacent lanes.
INLINE lanes16 pair_sums(lanes32 v) {
    lanes16 even = __builtin_shufflevector(v, v, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    lanes16 odd = __builtin_shufflevector(v, v, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    return even + odd;
}

// Sums of four pixels in; wrapping 16-bit arithmetic is exact on the way to 16…240 levels.
INLINE bytes16 chroma(lanes16 positive, lanes16 first, lanes16 second, lanes16 inv, uint16_t cPositive,
                      uint16_t cFirst, uint16_t cSecond, uint16_t plus, uint16_t minus) {
    lanes16 c = (uint16_t)(128 * 256 + 128) + mulhi16(positive << 6, cPositive) - mulhi16(first << 6, cFirst)
        - mulhi16(second << 6, cSecond) + mulhi16(inv << 6, plus) - mulhi16(inv << 6, minus);
    return __builtin_convertvector(c >> 8, bytes16);
}

INLINE long convert_rows(const flipbook_yuv_rows *rows) {
    const flipbook_yuv_coefficients *k = &rows->coefficients;
    long x = rows->x;
    // The last uniform block converted: its pixel and its samples.
    bool cached = false;
    uint32_t cachedPixel = 0;
    bytes32 cachedLuma = 0;
    bytes16 cachedCb = 0, cachedCr = 0;
    for (; x + 32 <= rows->end; x += 32) {
        words32 w0, w1;
        memcpy(&w0, rows->row0 + 4 * x, sizeof w0);
        memcpy(&w1, rows->row1 + 4 * x, sizeof w1);
        // Frames are mostly background: a 32×2 block of one pixel gives the samples of the last such
        // block, stored again rather than computed again.
        uint32_t first = w0[0];
        words32 differences = (w0 ^ first) | (w1 ^ first);
        bool uniform = __builtin_reduce_or(differences) == 0;
        if (uniform && cached && cachedPixel == first) {
            memcpy(rows->luma0 + x, &cachedLuma, sizeof cachedLuma);
            memcpy(rows->luma1 + x, &cachedLuma, sizeof cachedLuma);
            memcpy(rows->cb + x / 2, &cachedCb, sizeof cachedCb);
            memcpy(rows->cr + x / 2, &cachedCr, sizeof cachedCr);
            continue;
        }
        pixel_channels c0 = channels(w0), c1 = channels(w1);
        bytes32 luma0 = luma(c0, k), luma1 = luma(c1, k);
        memcpy(rows->luma0 + x, &luma0, sizeof luma0);
        memcpy(rows->luma1 + x, &luma1, sizeof luma1);
        lanes16 r = pair_sums(c0.r + c1.r), g = pair_sums(c0.g + c1.g), b = pair_sums(c0.b + c1.b);
        lanes16 inv = pair_sums(c0.inv + c1.inv);
        bytes16 cb = chroma(b, r, g, inv, k->cbB, k->cbR, k->cbG, k->cbPlus, k->cbMinus);
        bytes16 cr = chroma(r, g, b, inv, k->crR, k->crG, k->crB, k->crPlus, k->crMinus);
        memcpy(rows->cb + x / 2, &cb, sizeof cb);
        memcpy(rows->cr + x / 2, &cr, sizeof cr);
        if (uniform) {
            cached = true;
            cachedPixel = first;
            cachedLuma = luma0;
            cachedCb = cb;
            cachedCr = cr;
        }
    }
    return x;
}

INSTRUCTION_SET_ENTRY_POINTS(long, flipbook_yuv_rows, flipbook_yuv_rows, return convert_rows(argument))
