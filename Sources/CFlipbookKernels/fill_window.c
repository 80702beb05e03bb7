// The fast fill for narrow shapes: each row's coverage is found directly, sixteen lanes at a time, one
// per pixel of a window 16 or 32 pixels wide over the shape, from the closed-form share of each edge
// (see flipbook_fill_window in flipbook_kernels.h). A shape's edges cross each row only a few times,
// so a row costs a few vector steps and there are no coverage cells to accumulate and sum.
//
// The arithmetic is written once, in Clang's generic vectors, and compiled three times: for the
// package's baseline (SSE2 on x86-64, NEON on arm64), for AVX2 and for AVX-512, each chosen at run
// time. Every step is a lane-wise IEEE operation (no multiply and add are fused, no reassociation), so
// the three give the same bytes; the tests compare them.
#include "flipbook_kernels.h"
#include "instruction_sets.h"

#include <math.h>
#include <string.h>

typedef float lanes_f __attribute__((ext_vector_type(16)));
typedef uint32_t lanes_u32 __attribute__((ext_vector_type(16)));
typedef uint16_t lanes_u16 __attribute__((ext_vector_type(32)));
typedef int32_t lanes_i32 __attribute__((ext_vector_type(16)));

INLINE lanes_f lanes_min(lanes_f a, lanes_f b) { return a < b ? a : b; }
INLINE lanes_f lanes_max(lanes_f a, lanes_f b) { return a > b ? a : b; }
INLINE float scalar_min(float a, float b) { return a < b ? a : b; }
INLINE float scalar_max(float a, float b) { return a > b ? a : b; }

INLINE lanes_f load_lanes(const float *p) {
    lanes_f v;
    memcpy(&v, p, sizeof v);
    return v;
}

INLINE void store_lanes(float *p, lanes_f v) { memcpy(p, &v, sizeof v); }
INLINE void store_i32(int32_t *p, lanes_i32 v) { memcpy(p, &v, sizeof v); }

// x / 255, rounded, in each 16-bit lane (values up to 255 × 255).
INLINE lanes_u16 div255(lanes_u16 x) {
    lanes_u16 t = x + 128;
    return (t + (t >> 8)) >> 8;
}

// Adds one edge's share of a row to the row's coverage. The part of the edge in the row runs from
// x = l to x = r (w = r − l wide) and spans the signed height d; pixel X (lane X, from X to X + 1)
// gains d times the mean over the part of clamp(X + 1 − x, 0, 1), the share of the pixel's row right of
// the edge. That mean is found from α = clamp(X, l, r) and β = clamp(X + 1, l, r): the part left of α
// counts whole, the part from α to β by its distance to X + 1. Left of the part it is exactly 0, and
// from r on the pixel gains exactly d, so pixels wholly outside a shape are untouched and a row's
// pixels wholly inside gain exactly its height. Sixteen lanes at a time, skipping those left of the
// part (which gain nothing) and gaining d in those right of it; `scale` is d / w, or 0 for a part
// narrower than a millionth of a pixel, which is taken as vertical (an error of at most half that in
// coverage) because d / w would overflow for a denormal width.
INLINE void add_edge_row(float *row, long columns, float l, float r, float d, float scale) {
    const lanes_f steps = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    lanes_f lv = l, rv = r;
    for (long c = 0; c < columns; c += 16) {
        if ((float)(c + 16) <= l) continue;
        lanes_f left = steps + (float)c, right = left + 1;
        lanes_f share;
        if ((float)c >= r) {
            share = d;
        } else if (scale != 0) {
            lanes_f alpha = lanes_min(lanes_max(left, lv), rv);
            lanes_f beta = lanes_min(lanes_max(right, lv), rv);
            lanes_f area = (alpha - lv) + (beta - alpha) * (right - (alpha + beta) * 0.5f);
            share = left >= rv ? (lanes_f)d : area * scale;
        } else {
            share = lanes_min(lanes_max(right - l, 0), 1) * d;
        }
        store_lanes(row + c, load_lanes(row + c) + share);
    }
}

// The parts of edges waiting to be added to the rows' coverage: which row, where the part runs from
// and to, its signed height and its scale (see add_edge_row). They are found sixteen rows at a time
// and added later, in one flat loop: added straight away, each part would read back its values from
// the vector just written, which stalls the CPU's store-to-load forwarding.
enum { PARTS_CAPACITY = 512 };
typedef struct {
    int32_t row[PARTS_CAPACITY];
    float l[PARTS_CAPACITY], r[PARTS_CAPACITY], d[PARTS_CAPACITY], scale[PARTS_CAPACITY];
    long count;
} edge_parts;

INLINE void add_parts(edge_parts *parts, float *coverage, long columns) {
    long count = parts->count;
    for (long j = 0; j < count; j++) {
        add_edge_row(coverage + parts->row[j] * columns, columns, parts->l[j], parts->r[j], parts->d[j],
                     parts->scale[j]);
    }
    parts->count = 0;
}

// One edge from (ax, ay) to (bx, by), window coordinates: its part in each row it crosses. Where it
// meets each row's top and bottom is found for sixteen rows at once, straight from the row (no running
// x to carry from row to row), and the vertices are kept exactly.
INLINE void add_edge(edge_parts *parts, float *coverage, long columns, long firstRow, long height, float ax,
                     float ay, float bx, float by) {
    if (ay == by) return;
    float dir = ay < by ? 1 : -1;
    float p0x = ay < by ? ax : bx, p0y = ay < by ? ay : by;
    float p1x = ay < by ? bx : ax, p1y = ay < by ? by : ay;
    float dxdy = (p1x - p0x) / (p1y - p0y);
    // An edge rising less than 1e-30 px (a denormal height) has no area, and an infinite step would
    // make x infinite.
    if (!isfinite(dxdy)) return;
    // Where the slope is huge, rounding can put a row's ends past the edge's; the clamp keeps each
    // part within the edge.
    lanes_f xLow = scalar_min(p0x, p1x), xHigh = scalar_max(p0x, p1x);
    // Truncation is floor for the rows at or below 0; rows above the window (a shape across the
    // raster's top has points there) are never drawn, and the clamp to firstRow skips them.
    long yStart = (long)p0y;
    // Each row's part is found from the row alone, so starting at a later row changes no row's part.
    if (yStart < firstRow) yStart = firstRow;
    long p1yTrunc = (long)p1y;
    long yEnd = (float)p1yTrunc < p1y ? p1yTrunc + 1 : p1yTrunc;
    if (yEnd > height) yEnd = height;
    const lanes_f steps = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const lanes_i32 rowSteps = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    for (long y0 = yStart; y0 < yEnd; y0 += 16) {
        if (parts->count > PARTS_CAPACITY - 16) add_parts(parts, coverage, columns);
        lanes_f rows = steps + (float)y0;
        lanes_f top = lanes_max(rows, p0y), bottom = lanes_min(rows + 1, p1y);
        lanes_f xTop = lanes_min(lanes_max((top - p0y) * dxdy + p0x, xLow), xHigh);
        lanes_f xBottom = lanes_min(lanes_max((bottom - p0y) * dxdy + p0x, xLow), xHigh);
        xBottom = bottom == p1y ? (lanes_f)p1x : xBottom;
        lanes_f l = lanes_min(xTop, xBottom), r = lanes_max(xTop, xBottom), w = r - l;
        lanes_f d = (bottom - top) * dir;
        lanes_f scale = w > 1e-6f ? d / w : 0;
        long n = parts->count;
        // Counted before the stores below, which the compiler cannot tell from stores to the count.
        parts->count = n + (yEnd - y0 < 16 ? yEnd - y0 : 16);
        store_i32(parts->row + n, rowSteps + (int32_t)y0);
        store_lanes(parts->l + n, l);
        store_lanes(parts->r + n, r);
        store_lanes(parts->d + n, d);
        store_lanes(parts->scale + n, scale);
    }
}

// Blends the colour over sixteen pixels of a row by their coverage, as FastFillRasterizer.blend does.
INLINE void blend_lanes(uint8_t *pixels, const float *row, const flipbook_fill_window *fill) {
    lanes_f sum = load_lanes(row);
    lanes_f magnitude = (lanes_f)((lanes_u32)sum & 0x7FFFFFFFu);
    lanes_f gained = magnitude * fill->gain;
    // Adding 1.5 × 2²³ rounds to an integer held in the low mantissa bits (0...255 here).
    lanes_f cover = lanes_min(gained, 1) * fill->alpha + 12582912.0f;
    lanes_u32 ia = (lanes_u32)cover & 0x1FFu;
    lanes_u16 weight = (lanes_u16)(ia | (ia << 16));
    lanes_u16 sourceRB = (lanes_u16)((lanes_u32)fill->sourceRB);
    lanes_u16 sourceAG = (lanes_u16)((lanes_u32)fill->sourceAG);
    lanes_u16 d;
    memcpy(&d, pixels, sizeof d);
    lanes_u16 keep = 255 - weight;
    lanes_u16 rb = div255(sourceRB * weight + (d & 0xFF) * keep);
    lanes_u16 ag = div255(sourceAG * weight + (d >> 8) * keep);
    lanes_u16 result = rb | (ag << 8);
    memcpy(pixels, &result, sizeof result);
}

INLINE void fill_columns(const flipbook_fill_window *fill, long columns) {
    long height = fill->height, firstRow = fill->firstRow;
    float *coverage = fill->coverage;
    // The destination rows, scattered over a frame of several megabytes, are asked for now so that
    // they arrive while the coverage is found rather than when the blend needs them.
    for (long y = firstRow; y < height; y++) {
        uint8_t *pixels = fill->origin + y * fill->rowBytes;
        for (long c = 0; c < columns; c += 16) {
            __builtin_prefetch(pixels + c * 4, 1);
            __builtin_prefetch(pixels + c * 4 + 63, 1);
            store_lanes(coverage + y * columns + c, (lanes_f)0);
        }
    }
    const float *xs = fill->xs, *ys = fill->ys;
    edge_parts parts;
    parts.count = 0;
    for (long i = 0; i + 1 < fill->count; i++) {
        if (isnan(xs[i]) || isnan(xs[i + 1])) continue;
        add_edge(&parts, coverage, columns, firstRow, height, xs[i], ys[i], xs[i + 1], ys[i + 1]);
    }
    add_parts(&parts, coverage, columns);
    for (long y = firstRow; y < height; y++) {
        for (long c = 0; c < columns; c += 16) {
            blend_lanes(fill->origin + y * fill->rowBytes + c * 4, coverage + y * columns + c, fill);
        }
    }
}

// The window's width is a constant in each copy, so that its loops over columns unroll.
INLINE void fill_window(const flipbook_fill_window *fill) {
    if (fill->columns == 16) {
        fill_columns(fill, 16);
    } else {
        fill_columns(fill, fill->columns);
    }
}

INSTRUCTION_SET_ENTRY_POINTS(void, flipbook_fill_window, flipbook_fill_window, fill_window(argument))
