// The ring's coverage and blend written once for any vector width: ring_avx2.c and ring_avx512.c
// each include it after naming their width's intrinsics, so both do the operations of
// FastRingCoverage.swift and FastRingBlend.swift in the same order and give the same bytes. Not part
// of the module's interface; every function here is static, one copy per kernel.
//
// The including file defines:
//   ATTR        the function attribute that compiles for its instruction set
//   FV, IV      its float and integer vector types
//   V(op)       its intrinsic for `op` (`_mm256_##op`, `_mm512_##op`)
//   VSI(op)     its whole-register bitwise intrinsic (`_mm256_##op##_si256`, …)
//   CAST_PS     its integer-to-float reinterpretation

// ε(q) = q²(c2 + c3·q + c4·q²): FastRing.bulgeC2…C4.
static const float bulgeC2 = 0.00247383f, bulgeC3 = -0.00344021f, bulgeC4 = 0.00096771f;

ATTR static inline FV half_plane(FV s, FV major, FV minor, FV edge, FV scale) {
    const FV zero = V(setzero_ps)();
    FV t = V(add_ps)(s, V(mul_ps)(V(set1_ps)(0.5f), edge));
    FV g0 = V(max_ps)(t, zero), g1 = V(max_ps)(V(sub_ps)(t, major), zero);
    FV g2 = V(max_ps)(V(sub_ps)(t, minor), zero), g3 = V(max_ps)(V(sub_ps)(t, edge), zero);
    FV sum = V(sub_ps)(V(sub_ps)(V(mul_ps)(g0, g0), V(mul_ps)(g1, g1)), V(mul_ps)(g2, g2));
    return V(mul_ps)(V(add_ps)(sum, V(mul_ps)(g3, g3)), scale);
}

// x·y / 255 rounded, in 16-bit lanes (products up to 255 × 255): t = x·y + 128, then (t + t / 256) / 256,
// which for every t below 65,536 equals the high half of t·257 (one instruction for two shifts and an add).
ATTR static inline IV multiply(IV x, IV y) {
    IV t = V(add_epi16)(V(mullo_epi16)(x, y), V(set1_epi16)(128));
    return V(mulhi_epu16)(t, V(set1_epi16)(257));
}

// Coverage masks of the pixels centred at (px, ay) from the ring's centre (ay ≥ 0), each repeated in
// both 16-bit halves of its lane; `keep` the destination weights 255 − alpha·m / 255.
ATTR static inline void lane_masks(const flipbook_ring *ring, FV px, FV ay, IV *coverage, IV *keep) {
    FV ax = V(and_ps)(px, CAST_PS(V(set1_epi32)(0x7FFFFFFF)));
    FV d = V(sqrt_ps)(V(add_ps)(V(mul_ps)(px, px), V(mul_ps)(ay, ay)));
    FV inverse = V(div_ps)(V(set1_ps)(1), V(add_ps)(d, V(set1_ps)(1e-6f)));
    FV major = V(mul_ps)(V(max_ps)(ax, ay), inverse);
    FV minor = V(add_ps)(V(mul_ps)(V(min_ps)(ax, ay), inverse), V(set1_ps)(1.0f / 64));
    FV product = V(mul_ps)(major, minor);
    FV q = V(add_ps)(product, product);
    FV poly = V(add_ps)(V(set1_ps)(bulgeC2), V(mul_ps)(q, V(add_ps)(V(set1_ps)(bulgeC3), V(mul_ps)(q, V(set1_ps)(bulgeC4)))));
    FV bulge = V(mul_ps)(V(mul_ps)(V(set1_ps)(ring->radius), V(mul_ps)(q, q)), poly);
    FV edge = V(add_ps)(major, minor);
    FV scale = V(div_ps)(V(set1_ps)(0.5f), product);
    FV outside = V(sub_ps)(V(add_ps)(V(set1_ps)(ring->outer), bulge), d);
    FV inside = V(sub_ps)(V(sub_ps)(d, V(set1_ps)(ring->inner)), bulge);
    FV cover;
    if (ring->isWide) {
        cover = half_plane(V(min_ps)(outside, inside), major, minor, edge, scale);
    } else {
        FV negated = V(sub_ps)(V(setzero_ps)(), inside);
        cover = V(sub_ps)(half_plane(outside, major, minor, edge, scale), half_plane(negated, major, minor, edge, scale));
    }
    cover = V(min_ps)(V(max_ps)(cover, V(setzero_ps)()), V(set1_ps)(1));
    IV m = V(cvtps_epi32)(V(mul_ps)(cover, V(set1_ps)(255)));
    IV m16 = VSI(or)(m, V(slli_epi32)(m, 16));
    *coverage = m16;
    *keep = V(sub_epi16)(V(set1_epi16)(255), multiply(m16, V(set1_epi16)((short)ring->alpha)));
}

// Asks for the pixels of the `step` groups `flipbook_ring_prefetch_groups` after group `i`. The blend,
// not the row walk, asks: the walk gathers hundreds of rows before they are blended, and its
// requests, issued all at once, waited on each other (a tenth of the walk's time on its prefetch)
// and could be gone from the cache by the time their rows were blended. A few groups ahead of the
// blend, each request has about the time of a memory access to arrive, and there are only as many
// at once as that needs.
static inline void ring_prefetch_ahead(const flipbook_pixel_group *groups, long i, long count, int step) {
    const long ahead = i + flipbook_ring_prefetch_groups;
    if (ahead + step > count) return;
    for (int k = 0; k < step; k++) flipbook_prefetch_for_write(groups[ahead + k].pixels);
}

// The destination pixels `d` (premultiplied BGRA) kept by `keep` plus the ring's colour by `coverage`.
ATTR static inline IV blend_lanes(const flipbook_ring *ring, IV d, IV coverage, IV keep) {
    const IV mask = V(set1_epi32)(0x00FF00FF);
    IV rb = V(add_epi32)(multiply(VSI(and)(d, mask), keep), multiply(V(set1_epi32)((int)ring->sourceRB), coverage));
    IV ag = V(add_epi32)(multiply(VSI(and)(V(srli_epi32)(d, 8), mask), keep),
                         multiply(V(set1_epi32)((int)ring->sourceAG), coverage));
    return VSI(or)(rb, V(slli_epi32)(ag, 8));
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
