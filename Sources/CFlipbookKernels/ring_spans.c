// A ring's row spans (ring_spans.h), one row at a time in plain C or eight at a time in AVX-512
// lanes (two blocks of eight a call): the same operations in the same order, in double precision,
// so the same columns. Which one runs is the walk's `wideSpans` (FastRing sets it with the AVX-512
// kernel); the tests draw rings with both and compare the bytes.
#include "ring_spans.h"
#include <math.h>

#pragma STDC FP_CONTRACT OFF

// Without SSE4.1 (x86-64's baseline) floor() and ceil() are calls into libm.
static inline long floor_to_long(double x) {
    long i = (long)x;
    return (double)i > x ? i - 1 : i;
}

static inline long ceiling_to_long(double x) {
    long i = (long)x;
    return (double)i < x ? i + 1 : i;
}

static void spans_one_by_one(const flipbook_ring_walk *w, long first, ring_row_span spans[ringSpanRows]) {
    for (long k = 0; k < ringSpanRows; k++) {
        double dy = (double)(first + k) + 0.5 - w->cy;
        double distance = fabs(dy) - 0.5;
        double near = distance >= 0 ? distance : 0;
        ring_row_span s = {0, 0, 0, 0};
        if (near < w->outerReach) {
            double half = sqrt(w->outerReach * w->outerReach - near * near);
            long l = floor_to_long(w->cx - half), r = ceiling_to_long(w->cx + half);
            s.left = l > 0 ? l : 0;
            s.right = r < w->surfaceWidth ? r : w->surfaceWidth;
        }
        s.holeLeft = s.right;
        s.holeRight = s.right;
        double far = fabs(dy) + 0.5;
        if (far < w->innerReach) {
            double half = sqrt(w->innerReach * w->innerReach - far * far);
            long l = ceiling_to_long(w->cx - half), r = floor_to_long(w->cx + half);
            long holeLeft = l > s.left ? l : s.left, holeRight = r < s.right ? r : s.right;
            if (holeRight - holeLeft >= 4) { s.holeLeft = holeLeft; s.holeRight = holeRight; }
        }
        spans[k] = s;
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

#define ATTR __attribute__((target("avx512f,avx512dq")))
#define DOWN (_MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#define UP (_MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)

// Every lane computes both square roots; a lane whose row misses a disk takes no column from it
// (its square root's argument may be negative there, and the mask drops the result).
ATTR static inline __attribute__((always_inline)) void eight_spans_in_lanes(const flipbook_ring_walk *w, long first,
                                                                            ring_row_span spans[8]) {
    const __m512d zero = _mm512_setzero_pd(), half = _mm512_set1_pd(0.5);
    const __m512d cx = _mm512_set1_pd(w->cx), outer = _mm512_set1_pd(w->outerReach), inner = _mm512_set1_pd(w->innerReach);
    __m512d rows = _mm512_cvtepi64_pd(_mm512_add_epi64(_mm512_set1_epi64(first), _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7)));
    __m512d dy = _mm512_sub_pd(_mm512_add_pd(rows, half), _mm512_set1_pd(w->cy));
    __m512d distance = _mm512_sub_pd(_mm512_abs_pd(dy), half);
    __m512d near = _mm512_mask_mov_pd(zero, _mm512_cmp_pd_mask(distance, zero, _CMP_GE_OQ), distance);
    __mmask8 inDisk = _mm512_cmp_pd_mask(near, outer, _CMP_LT_OQ);
    __m512d reach = _mm512_sqrt_pd(_mm512_sub_pd(_mm512_mul_pd(outer, outer), _mm512_mul_pd(near, near)));
    __m512i l = _mm512_cvttpd_epi64(_mm512_roundscale_pd(_mm512_sub_pd(cx, reach), DOWN));
    __m512i r = _mm512_cvttpd_epi64(_mm512_roundscale_pd(_mm512_add_pd(cx, reach), UP));
    __m512i left = _mm512_maskz_mov_epi64(inDisk, _mm512_max_epi64(l, _mm512_setzero_si512()));
    __m512i right = _mm512_maskz_mov_epi64(inDisk, _mm512_min_epi64(r, _mm512_set1_epi64(w->surfaceWidth)));
    __m512d far = _mm512_add_pd(_mm512_abs_pd(dy), half);
    __mmask8 inHole = _mm512_cmp_pd_mask(far, inner, _CMP_LT_OQ);
    __m512d holeReach = _mm512_sqrt_pd(_mm512_sub_pd(_mm512_mul_pd(inner, inner), _mm512_mul_pd(far, far)));
    __m512i hl = _mm512_cvttpd_epi64(_mm512_roundscale_pd(_mm512_sub_pd(cx, holeReach), UP));
    __m512i hr = _mm512_cvttpd_epi64(_mm512_roundscale_pd(_mm512_add_pd(cx, holeReach), DOWN));
    __m512i holeLeft = _mm512_max_epi64(hl, left), holeRight = _mm512_min_epi64(hr, right);
    __mmask8 wide = _mm512_cmp_epi64_mask(_mm512_sub_epi64(holeRight, holeLeft), _mm512_set1_epi64(4), _MM_CMPINT_NLT);
    __mmask8 hole = inHole & wide;
    holeLeft = _mm512_mask_mov_epi64(right, hole, holeLeft);
    holeRight = _mm512_mask_mov_epi64(right, hole, holeRight);
    long lanes[4][8];
    _mm512_storeu_si512(lanes[0], left);
    _mm512_storeu_si512(lanes[1], right);
    _mm512_storeu_si512(lanes[2], holeLeft);
    _mm512_storeu_si512(lanes[3], holeRight);
    for (int k = 0; k < 8; k++) spans[k] = (ring_row_span){lanes[0][k], lanes[1][k], lanes[2][k], lanes[3][k]};
}

// Two independent blocks of eight rows, so that one block's square roots run while the other's wait.
ATTR static void spans_in_lanes(const flipbook_ring_walk *w, long first, ring_row_span spans[ringSpanRows]) {
    eight_spans_in_lanes(w, first, spans);
    eight_spans_in_lanes(w, first + 8, spans + 8);
}

void ring_spans(const flipbook_ring_walk *w, long first, ring_row_span spans[ringSpanRows]) {
    if (w->wideSpans) spans_in_lanes(w, first, spans); else spans_one_by_one(w, first, spans);
}
#else
void ring_spans(const flipbook_ring_walk *w, long first, ring_row_span spans[ringSpanRows]) {
    spans_one_by_one(w, first, spans);
}
#endif
