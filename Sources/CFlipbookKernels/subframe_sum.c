// Motion blur's sub-frame sum (FlipbookRaster's SubframeSum.swift): a sub-frame's premultiplied bytes
// added to 16-bit sums, and the average divided out rounded to nearest, thirty-two bytes a step,
// written once in Clang's generic vectors and compiled for the baseline, AVX2 and AVX-512. It is
// integer arithmetic throughout, so every instruction set gives the same bytes; the tests compare them
// with the formula.
#include "flipbook_kernels.h"
#include "instruction_sets.h"

#include <string.h>

typedef uint8_t bytes32 __attribute__((ext_vector_type(32)));
typedef uint16_t lanes32 __attribute__((ext_vector_type(32)));
typedef uint32_t words32 __attribute__((ext_vector_type(32)));
typedef uint64_t quads32 __attribute__((ext_vector_type(32)));

INLINE void add_row(const uint8_t *pixels, uint16_t *sums, long bytes, bool replaces) {
    long x = 0;
    for (; x + 32 <= bytes; x += 32) {
        bytes32 b;
        memcpy(&b, pixels + x, sizeof b);
        lanes32 s = __builtin_convertvector(b, lanes32);
        if (!replaces) {
            lanes32 old;
            memcpy(&old, sums + x, sizeof old);
            s += old;
        }
        memcpy(sums + x, &s, sizeof s);
    }
    for (; x < bytes; x++) sums[x] = (uint16_t)(replaces ? pixels[x] : sums[x] + pixels[x]);
}

INLINE void add_rows(const flipbook_subframe_add *add) {
    for (long row = 0; row < add->rows; row++)
        add_row(add->pixels + row * add->pixelRowBytes, add->sums + row * add->sumRowLength, add->bytes, add->replaces);
}

// (sum + addend) / count as ((sum + addend) × multiplier) >> 32: exact for every value below
// 2³² / count, far above the largest (256 × 255 + 128). Each byte of a pixel has its own addend: the
// clear pixel's byte times the sub-frames that left the tile clear, plus half the count for rounding.
// `addends` holds them lane by lane, built once per call: a span is often one 16-pixel tile wide, two
// steps a row, and building the vector for each row cost more than its steps.
INLINE void average_row(const uint16_t *sums, uint8_t *pixels, words32 addends, const flipbook_subframe_average *average) {
    long x = 0;
    for (; x + 32 <= average->bytes; x += 32) {
        lanes32 s;
        memcpy(&s, sums + x, sizeof s);
        words32 total = __builtin_convertvector(s, words32) + addends;
        quads32 product = __builtin_convertvector(total, quads32) * average->multiplier;
        bytes32 b = __builtin_convertvector(product >> 32, bytes32);
        memcpy(pixels + x, &b, sizeof b);
    }
    for (; x < average->bytes; x++)
        pixels[x] = (uint8_t)(((uint64_t)(sums[x] + average->addends[x % 4]) * average->multiplier) >> 32);
}

INLINE void average_rows(const flipbook_subframe_average *average) {
    words32 addends;
    for (int lane = 0; lane < 32; lane++) addends[lane] = average->addends[lane % 4];
    for (long row = 0; row < average->rows; row++)
        average_row(average->sums + row * average->sumRowLength, average->pixels + row * average->pixelRowBytes, addends,
                    average);
}

INSTRUCTION_SET_ENTRY_POINTS(void, flipbook_subframe_add, flipbook_subframe_add, add_rows(argument))
INSTRUCTION_SET_ENTRY_POINTS(void, flipbook_subframe_average, flipbook_subframe_average, average_rows(argument))
