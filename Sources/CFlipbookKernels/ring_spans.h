// A ring's row spans, found sixteen rows at a time for ring_walk.c (not part of the module's interface).
#ifndef FLIPBOOK_RING_SPANS_H
#define FLIPBOOK_RING_SPANS_H
#include "flipbook_kernels.h"

enum { ringSpanRows = 16 };

/// One row of a ring: the columns `left ..< right` whose squares reach into the outer disk, and the
/// hole `holeLeft ..< holeRight` among them whose squares lie wholly inside the inner disk (both
/// `right` when there is none, or when it is under four pixels wide).
typedef struct {
    long left, right, holeLeft, holeRight;
} ring_row_span;

/// The spans of rows `row ..< row + ringSpanRows` (rows outside the target too: they are never walked).
void ring_spans(const flipbook_ring_walk *walk, long row, ring_row_span spans[ringSpanRows]);

#endif
