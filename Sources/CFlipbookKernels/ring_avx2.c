// The ring's coverage and blend (FastRingCoverage.swift, FastRingBlend.swift) in eight AVX2 lanes:
// the same operations in the same order, so the bytes equal the Swift code's. Compiled for AVX2 by
// a function attribute, not a flag, so the package builds for baseline x86-64 and chooses at run
// time (flipbook_has_avx2). FMA is not enabled, so no multiply and add are fused.
#include "flipbook_kernels.h"

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

#define ATTR __attribute__((target("avx2")))

// ε(q) = q²(c2 + c3·q + c4·q²): FastRing.bulgeC2…C4.
static const float bulgeC2 = 0.00247383f, bulgeC3 = -0.00344021f, bulgeC4 = 0.00096771f;

ATTR static inline __m256 half_plane(__m256 s, __m256 major, __m256 minor, __m256 edge, __m256 scale) {
    const __m256 zero = _mm256_setzero_ps();
    __m256 t = _mm256_add_ps(s, _mm256_mul_ps(_mm256_set1_ps(0.5f), edge));
    __m256 g0 = _mm256_max_ps(t, zero), g1 = _mm256_max_ps(_mm256_sub_ps(t, major), zero);
    __m256 g2 = _mm256_max_ps(_mm256_sub_ps(t, minor), zero), g3 = _mm256_max_ps(_mm256_sub_ps(t, edge), zero);
    __m256 sum = _mm256_sub_ps(_mm256_sub_ps(_mm256_mul_ps(g0, g0), _mm256_mul_ps(g1, g1)), _mm256_mul_ps(g2, g2));
    return _mm256_mul_ps(_mm256_add_ps(sum, _mm256_mul_ps(g3, g3)), scale);
}

// Coverage masks of two groups: lanes 0-3 the first, 4-7 the second, each repeated in both 16-bit
// halves; `keep` the destination weights 255 − alpha·m / 255.
ATTR static inline void masks(const flipbook_ring *ring, const flipbook_pixel_group *a, const flipbook_pixel_group *b,
                              __m256i *coverage, __m256i *keep) {
    __m256 px = _mm256_add_ps(_mm256_setr_ps(a->firstX, a->firstX, a->firstX, a->firstX,
                                             b->firstX, b->firstX, b->firstX, b->firstX),
                              _mm256_setr_ps(0, 1, 2, 3, 0, 1, 2, 3));
    __m256 ay = _mm256_setr_ps(a->y, a->y, a->y, a->y, b->y, b->y, b->y, b->y);
    __m256 ax = _mm256_and_ps(px, _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF)));
    __m256 d = _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(px, px), _mm256_mul_ps(ay, ay)));
    __m256 inverse = _mm256_div_ps(_mm256_set1_ps(1), _mm256_add_ps(d, _mm256_set1_ps(1e-6f)));
    __m256 major = _mm256_mul_ps(_mm256_max_ps(ax, ay), inverse);
    __m256 minor = _mm256_add_ps(_mm256_mul_ps(_mm256_min_ps(ax, ay), inverse), _mm256_set1_ps(1.0f / 64));
    __m256 product = _mm256_mul_ps(major, minor);
    __m256 q = _mm256_add_ps(product, product);
    __m256 poly = _mm256_add_ps(_mm256_set1_ps(bulgeC2),
                                _mm256_mul_ps(q, _mm256_add_ps(_mm256_set1_ps(bulgeC3), _mm256_mul_ps(q, _mm256_set1_ps(bulgeC4)))));
    __m256 bulge = _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(ring->radius), _mm256_mul_ps(q, q)), poly);
    __m256 edge = _mm256_add_ps(major, minor);
    __m256 scale = _mm256_div_ps(_mm256_set1_ps(0.5f), product);
    __m256 outside = _mm256_sub_ps(_mm256_add_ps(_mm256_set1_ps(ring->outer), bulge), d);
    __m256 inside = _mm256_sub_ps(_mm256_sub_ps(d, _mm256_set1_ps(ring->inner)), bulge);
    __m256 cover;
    if (ring->isWide) {
        cover = half_plane(_mm256_min_ps(outside, inside), major, minor, edge, scale);
    } else {
        __m256 negated = _mm256_sub_ps(_mm256_setzero_ps(), inside);
        cover = _mm256_sub_ps(half_plane(outside, major, minor, edge, scale), half_plane(negated, major, minor, edge, scale));
    }
    cover = _mm256_min_ps(_mm256_max_ps(cover, _mm256_setzero_ps()), _mm256_set1_ps(1));
    __m256i m = _mm256_cvtps_epi32(_mm256_mul_ps(cover, _mm256_set1_ps(255)));
    __m256i m16 = _mm256_or_si256(m, _mm256_slli_epi32(m, 16));
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(m16, _mm256_set1_epi16((short)ring->alpha)), _mm256_set1_epi16(128));
    __m256i scaled = _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
    *coverage = m16;
    *keep = _mm256_sub_epi16(_mm256_set1_epi16(255), scaled);
}

// x·y / 255 rounded, in 16-bit lanes (products up to 255 × 255).
ATTR static inline __m256i multiply(__m256i x, __m256i y) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, y), _mm256_set1_epi16(128));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
}

ATTR static inline __m128i load_group(const flipbook_pixel_group *g) {
    if (g->count == 4) return _mm_loadu_si128((const __m128i *)g->pixels);
    uint32_t lanes[4] = {0, 0, 0, 0};
    for (int k = 0; k < g->count; k++) lanes[k] = g->pixels[k];
    return _mm_loadu_si128((const __m128i *)lanes);
}

ATTR static inline void store_group(const flipbook_pixel_group *g, __m128i v) {
    if (g->count == 4) { _mm_storeu_si128((__m128i *)g->pixels, v); return; }
    uint32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, v);
    for (int k = 0; k < g->count; k++) g->pixels[k] = lanes[k];
}

ATTR static void blend_pair(const flipbook_ring *ring, const flipbook_pixel_group *a, const flipbook_pixel_group *b) {
    __m256i coverage, keep;
    masks(ring, a, b, &coverage, &keep);
    if (a->count != 4 || b->count != 4) {
        // Lanes past a partial group get no coverage: the mask 0 and the destination kept whole.
        int32_t counts[8] = {0};
        for (int k = 0; k < 4; k++) { counts[k] = k < a->count ? -1 : 0; counts[4 + k] = k < b->count ? -1 : 0; }
        __m256i live = _mm256_loadu_si256((const __m256i *)counts);
        coverage = _mm256_and_si256(coverage, live);
        keep = _mm256_blendv_epi8(_mm256_set1_epi32(0x00FF00FF), keep, live);
    }
    __m256i d = _mm256_set_m128i(load_group(b), load_group(a));
    const __m256i mask = _mm256_set1_epi32(0x00FF00FF);
    __m256i rb = _mm256_add_epi32(multiply(_mm256_and_si256(d, mask), keep),
                                  multiply(_mm256_set1_epi32((int)ring->sourceRB), coverage));
    __m256i ag = _mm256_add_epi32(multiply(_mm256_and_si256(_mm256_srli_epi32(d, 8), mask), keep),
                                  multiply(_mm256_set1_epi32((int)ring->sourceAG), coverage));
    __m256i result = _mm256_or_si256(rb, _mm256_slli_epi32(ag, 8));
    store_group(a, _mm256_castsi256_si128(result));
    store_group(b, _mm256_extracti128_si256(result, 1));
}

ATTR void flipbook_ring_blend_avx2(const flipbook_ring *ring, const flipbook_pixel_group *groups, long count) {
    long i = 0;
    for (; i + 1 < count; i += 2) blend_pair(ring, &groups[i], &groups[i + 1]);
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
