// The ring's coverage and blend (FastRingCoverage.swift, FastRingBlend.swift) in eight AVX2 lanes,
// two groups a step: the operations of ring_lanes.h, so the bytes equal the Swift code's. Compiled for AVX2 by
// a function attribute, not a flag, so the package builds for baseline x86-64 and chooses at run
// time (flipbook_has_avx2). FMA is not enabled, so no multiply and add are fused.
#include "flipbook_kernels.h"
#include "instruction_sets.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#pragma STDC FP_CONTRACT OFF

bool flipbook_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
    // The OS must save the YMM registers (OSXSAVE, then XCR0 bits 1 and 2).
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return false;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return false;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    return (b & bit_AVX2) != 0;
}

#define ATTR TARGET_AVX2
#define FV __m256
#define IV __m256i
#define V(op) _mm256_##op
#define VSI(op) _mm256_##op##_si256
#define CAST_PS _mm256_castsi256_ps
#include "ring_lanes.h"

// Two groups: lanes 0-3 the first, 4-7 the second.
ATTR static void blend_pair(const flipbook_ring *ring, const flipbook_pixel_group *a, const flipbook_pixel_group *b) {
    __m256 px = _mm256_add_ps(_mm256_setr_ps(a->firstX, a->firstX, a->firstX, a->firstX,
                                             b->firstX, b->firstX, b->firstX, b->firstX),
                              _mm256_setr_ps(0, 1, 2, 3, 0, 1, 2, 3));
    __m256 ay = _mm256_setr_ps(a->y, a->y, a->y, a->y, b->y, b->y, b->y, b->y);
    __m256i coverage, keep;
    lane_masks(ring, px, ay, &coverage, &keep);
    if (a->count != 4 || b->count != 4) {
        // Lanes past a partial group get no coverage: the mask 0 and the destination kept whole.
        int32_t counts[8] = {0};
        for (int k = 0; k < 4; k++) { counts[k] = k < a->count ? -1 : 0; counts[4 + k] = k < b->count ? -1 : 0; }
        __m256i live = _mm256_loadu_si256((const __m256i *)counts);
        coverage = _mm256_and_si256(coverage, live);
        keep = _mm256_blendv_epi8(_mm256_set1_epi32(0x00FF00FF), keep, live);
    }
    __m256i result = blend_lanes(ring, _mm256_set_m128i(load_group(b), load_group(a)), coverage, keep);
    store_group(a, _mm256_castsi256_si128(result));
    store_group(b, _mm256_extracti128_si256(result, 1));
}

ATTR void flipbook_ring_blend_avx2(const flipbook_ring *ring, const flipbook_pixel_group *groups, long count) {
    long i = 0;
    for (; i + 1 < count; i += 2) {
        ring_prefetch_ahead(groups, i, count, 2);
        blend_pair(ring, &groups[i], &groups[i + 1]);
    }
    // An odd last group is paired with itself, read and written once.
    if (i < count) {
        flipbook_pixel_group none = groups[i];
        none.count = 0;
        blend_pair(ring, &groups[i], &none);
    }
}

#else
bool flipbook_has_avx2(void) { return false; }
void flipbook_ring_blend_avx2(const flipbook_ring *ring, const flipbook_pixel_group *groups, long count) {
    (void)ring; (void)groups; (void)count;
}
#endif
