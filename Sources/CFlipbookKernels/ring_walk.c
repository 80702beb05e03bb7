// The ring's row walk (FastRing.swift's stroke), in C: per row a couple of square roots and a
// handful of comparisons, which Swift surrounded with checked conversions and overflow traps. The
// rows' spans are found eight rows at a time (ring_spans.c; in AVX-512 lanes where the CPU has
// them), then each row's pixels are gathered in groups for the ring's blend.
#include "flipbook_kernels.h"
#include "ring_spans.h"
#include <math.h>
#include <string.h>

enum { prefetchDistance = 4 };

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
    // The spans of rows base ..< base + 2 · ringSpanRows: the current block and the next, which the
    // prefetch reaches into.
    ring_row_span window[2 * ringSpanRows];
    long base = w->row;
    ring_spans(w, base, window);
    ring_spans(w, base + ringSpanRows, window + ringSpanRows);
    long count = 0, row = w->row;
    for (; row < w->rowEnd; row++) {
        if (row - base == ringSpanRows) {
            memcpy(window, window + ringSpanRows, sizeof(ring_row_span) * ringSpanRows);
            base += ringSpanRows;
            ring_spans(w, base + ringSpanRows, window + ringSpanRows);
        }
        const ring_row_span s = window[row - base];
        // Two spans: at most (right - left) / 4 + 2 groups.
        if (s.left < s.right && count + (s.right - s.left) / 4 + 2 > capacity) break;
        long ahead = row + prefetchDistance;
        if (ahead < w->rowEnd) {
            const ring_row_span next = window[ahead - base];
            if (next.left < next.right) {
                const uint8_t *line = w->data + ahead * w->rowBytes;
                __builtin_prefetch(line + 4 * next.left, 1, 3);
                __builtin_prefetch(line + 4 * (next.right - 1), 1, 3);
            }
        }
        if (!(s.left < s.right)) continue;
        double dy = (double)row + 0.5 - w->cy;
        uint32_t *pixels = (uint32_t *)(w->data + row * w->rowBytes);
        float y = (float)fabs(dy);
        // Pixels past a span's end up to the hole's far side or the row's end get no coverage.
        long limit = s.holeLeft < s.right ? s.holeRight : w->surfaceWidth;
        count = span(groups, count, pixels, s.left, s.holeLeft, limit, w->cx, y);
        if (s.holeRight < s.right) count = span(groups, count, pixels, s.holeRight, s.right, w->surfaceWidth, w->cx, y);
        if (s.left < w->dirtyMin) w->dirtyMin = s.left;
        if (s.right > w->dirtyMax) w->dirtyMax = s.right;
    }
    w->row = row;
    return count;
}
