// The ring's coverage and blend in sixteen AVX-512 lanes, four groups at a time: the operations of
// ring_avx2.c (and of FastRingCoverage.swift, FastRingBlend.swift) in the same order, so the same
// bytes. On CPUs whose 512-bit units are full width, the square root and the divisions, which set
// the pace, do twice the lanes in the same time. Chosen at run time (flipbook_has_avx512); FMA is
// not enabled, so no multiply and add are fused.
#include "flipbook_kernels.h"
#include "instruction_sets.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#pragma STDC FP_CONTRACT OFF

bool flipbook_has_avx512(void) {
    if (!flipbook_has_avx2()) return false;
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    if (!(b & bit_AVX512F) || !(b & bit_AVX512BW) || !(b & bit_AVX512DQ)) return false;
    // The OS must save the opmask and ZMM registers too (XCR0 bits 5, 6 and 7).
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (lo & 0xE6) == 0xE6;
}

#define ATTR TARGET_AVX512
#define FV __m512
#define IV __m512i
#define V(op) _mm512_##op
#define VSI(op) _mm512_##op##_si512
#define CAST_PS _mm512_castsi512_ps
#include "ring_lanes.h"

// Four groups, four lanes each.
ATTR static void blend_quad(const flipbook_ring *ring, const flipbook_pixel_group *const g[4]) {
    __m512 first = _mm512_setr_ps(g[0]->firstX, g[0]->firstX, g[0]->firstX, g[0]->firstX,
                                  g[1]->firstX, g[1]->firstX, g[1]->firstX, g[1]->firstX,
                                  g[2]->firstX, g[2]->firstX, g[2]->firstX, g[2]->firstX,
                                  g[3]->firstX, g[3]->firstX, g[3]->firstX, g[3]->firstX);
    __m512 px = _mm512_add_ps(first, _mm512_setr_ps(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3));
    __m512 ay = _mm512_setr_ps(g[0]->y, g[0]->y, g[0]->y, g[0]->y, g[1]->y, g[1]->y, g[1]->y, g[1]->y,
                               g[2]->y, g[2]->y, g[2]->y, g[2]->y, g[3]->y, g[3]->y, g[3]->y, g[3]->y);
    __m512i coverage, keep;
    lane_masks(ring, px, ay, &coverage, &keep);
    // Lanes past a partial group get no coverage: the mask 0 and the destination kept whole.
    __mmask16 live = 0;
    for (int k = 0; k < 4; k++) live |= (__mmask16)(((1u << g[k]->count) - 1) << (4 * k));
    if (live != 0xFFFF) {
        coverage = _mm512_maskz_mov_epi32(live, coverage);
        keep = _mm512_mask_mov_epi32(_mm512_set1_epi32(0x00FF00FF), live, keep);
    }
    __m512i d = _mm512_castsi128_si512(load_group(g[0]));
    d = _mm512_inserti32x4(d, load_group(g[1]), 1);
    d = _mm512_inserti32x4(d, load_group(g[2]), 2);
    d = _mm512_inserti32x4(d, load_group(g[3]), 3);
    __m512i result = blend_lanes(ring, d, coverage, keep);
    store_group(g[0], _mm512_castsi512_si128(result));
    store_group(g[1], _mm512_extracti32x4_epi32(result, 1));
    store_group(g[2], _mm512_extracti32x4_epi32(result, 2));
    store_group(g[3], _mm512_extracti32x4_epi32(result, 3));
}

ATTR void flipbook_ring_blend_avx512(const flipbook_ring *ring, const flipbook_pixel_group *groups, long count) {
    long i = 0;
    for (; i + 3 < count; i += 4) {
        ring_prefetch_ahead(groups, i, count, 4);
        const flipbook_pixel_group *const g[4] = {&groups[i], &groups[i + 1], &groups[i + 2], &groups[i + 3]};
        blend_quad(ring, g);
    }
    // The last one to three groups, with groups of no pixels (read and written not at all) after them.
    if (i < count) {
        flipbook_pixel_group none = groups[i];
        none.count = 0;
        const flipbook_pixel_group *g[4] = {&none, &none, &none, &none};
        for (long k = 0; i + k < count; k++) g[k] = &groups[i + k];
        blend_quad(ring, g);
    }
}

#else
bool flipbook_has_avx512(void) { return false; }
void flipbook_ring_blend_avx512(const flipbook_ring *ring, const flipbook_pixel_group *groups, long count) {
    (void)ring; (void)groups; (void)count;
}
#endif
