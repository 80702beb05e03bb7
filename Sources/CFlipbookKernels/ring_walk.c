// The ring's row walk (FastRing.swift's stroke), in C: per row a couple of square roots and a
// handful of comparisons, which Swift surrounded with checked conversions and overflow traps. Plain
// C for every target; the pixels it finds go to the ring's blend (Swift lanes or ring_avx2.c).
#include "flipbook_kernels.h"
#include <math.h>

enum { prefetchDistance = 4 };

// Without SSE4.1 (x86-64's baseline) floor() and ceil() are calls into libm.
static inline long floor_to_long(double x) {
    long i = (long)x;
    return (double)i > x ? i - 1 : i;
}

static inline long ceiling_to_long(double x) {
    long i = (long)x;
    return (double)i < x ? i + 1 : i;
}

// The columns of `row` whose squares reach into the outer disk (empty when none).
static inline void reach(const flipbook_ring_walk *w, long row, long *left, long *right) {
    double distance = fabs((double)row + 0.5 - w->cy) - 0.5;
    double near = distance >= 0 ? distance : 0;
    if (!(near < w->outerReach)) { *left = 0; *right = 0; return; }
    double half = sqrt(w->outerReach * w->outerReach - near * near);
    long l = floor_to_long(w->cx - half), r = ceiling_to_long(w->cx + half);
    *left = l > 0 ? l : 0;
    *right = r < w->surfaceWidth ? r : w->surfaceWidth;
}

void flipbook_ring_walk_start(flipbook_ring_walk *w, long rowStart) {
    w->row = rowStart;
    w->dirtyMin = w->surfaceWidth;
    w->dirtyMax = 0;
    for (long row = rowStart; row < w->rowEnd && row < rowStart + prefetchDistance; row++)
        reach(w, row, &w->reaches[2 * (row & 3)], &w->reaches[2 * (row & 3) + 1]);
}

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
    long count = 0;
    for (; w->row < w->rowEnd; w->row++) {
        long row = w->row, slot = 2 * (row & 3);
        long left = w->reaches[slot], right = w->reaches[slot + 1];
        // Two spans: at most (right - left) / 4 + 2 groups.
        if (left < right && count + (right - left) / 4 + 2 > capacity) break;
        long ahead = row + prefetchDistance;
        if (ahead < w->rowEnd) {
            long nextLeft, nextRight;
            reach(w, ahead, &nextLeft, &nextRight);
            w->reaches[slot] = nextLeft;
            w->reaches[slot + 1] = nextRight;
            if (nextLeft < nextRight) {
                const uint8_t *line = w->data + ahead * w->rowBytes;
                __builtin_prefetch(line + 4 * nextLeft, 1, 3);
                __builtin_prefetch(line + 4 * (nextRight - 1), 1, 3);
            }
        }
        if (!(left < right)) continue;
        double dy = (double)row + 0.5 - w->cy, far = fabs(dy) + 0.5;
        uint32_t *pixels = (uint32_t *)(w->data + row * w->rowBytes);
        long holeLeft = right, holeRight = right;
        if (far < w->innerReach) {
            double half = sqrt(w->innerReach * w->innerReach - far * far);
            long l = ceiling_to_long(w->cx - half), r = floor_to_long(w->cx + half);
            holeLeft = l > left ? l : left;
            holeRight = r < right ? r : right;
            if (holeRight - holeLeft < 4) { holeLeft = right; holeRight = right; }
        }
        float y = (float)fabs(dy);
        // Pixels past a span's end up to the hole's far side or the row's end get no coverage.
        count = span(groups, count, pixels, left, holeLeft, holeLeft < right ? holeRight : w->surfaceWidth, w->cx, y);
        if (holeRight < right) count = span(groups, count, pixels, holeRight, right, w->surfaceWidth, w->cx, y);
        if (left < w->dirtyMin) w->dirtyMin = left;
        if (right > w->dirtyMax) w->dirtyMax = right;
    }
    return count;
}
