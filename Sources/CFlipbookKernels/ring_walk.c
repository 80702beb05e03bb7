// The ring's row walk (FastRing.swift's stroke), in C: per row a couple of square roots and a
// handful of comparisons, which Swift surrounded with checked conversions and overflow traps. The
// rows' spans are found sixteen rows at a time (ring_spans.c; in AVX-512 lanes where the CPU has
// them), then each row's pixels are gathered in groups for the ring's blend.
#include "flipbook_kernels.h"
#include "ring_spans.h"
#include <math.h>

// Groups of four from `from` to `to`; a last partial group may run on up to `limit` (its pixels past
// `to` get no coverage) and otherwise holds only the pixels up to `to`.
static inline long span(flipbook_pixel_group *groups, long count, uint32_t *pixels, long from, long to, long limit,
                        double cx, float y) {
    for (long x = from; x < to; x += 4) {
        flipbook_pixel_group *g = &groups[count++];
        g->pixels = pixels + x;
        g->firstX = (float)((double)x + 0.5 - cx);
        g->y = y;
        g->count = (int32_t)(x + 4 <= limit ? 4 : to - x);
    }
    return count;
}

long flipbook_ring_walk_rows(flipbook_ring_walk *w, flipbook_pixel_group *groups, long capacity) {
    // The spans of rows base ..< base + ringSpanRows. (The blend asks for the pixels ahead of it, not
    // the walk: ring_lanes.h, ring_prefetch_ahead.) The walk's fields are read once into locals: the
    // groups' stores might alias them, and the compiler otherwise reloads them every row.
    ring_row_span window[ringSpanRows];
    uint8_t *const data = w->data;
    const long rowBytes = w->rowBytes, surfaceWidth = w->surfaceWidth, rowEnd = w->rowEnd;
    const double cx = w->cx, cy = w->cy;
    long dirtyMin = w->dirtyMin, dirtyMax = w->dirtyMax;
    long base = w->row;
    ring_spans(w, base, window);
    long count = 0, row = w->row;
    for (; row < rowEnd; row++) {
        if (row - base == ringSpanRows) {
            base += ringSpanRows;
            ring_spans(w, base, window);
        }
        const ring_row_span s = window[row - base];
        // Two spans: at most (right - left) / 4 + 2 groups.
        if (s.left < s.right && count + (s.right - s.left) / 4 + 2 > capacity) break;
        if (!(s.left < s.right)) continue;
        double dy = (double)row + 0.5 - cy;
        uint32_t *pixels = (uint32_t *)(data + row * rowBytes);
        float y = (float)fabs(dy);
        // Pixels past a span's end up to the hole's far side or the row's end get no coverage.
        long limit = s.holeLeft < s.right ? s.holeRight : surfaceWidth;
        count = span(groups, count, pixels, s.left, s.holeLeft, limit, cx, y);
        if (s.holeRight < s.right) count = span(groups, count, pixels, s.holeRight, s.right, surfaceWidth, cx, y);
        if (s.left < dirtyMin) dirtyMin = s.left;
        if (s.right > dirtyMax) dirtyMax = s.right;
    }
    w->row = row;
    w->dirtyMin = dirtyMin;
    w->dirtyMax = dirtyMax;
    return count;
}
