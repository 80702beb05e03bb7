#ifndef FLIPBOOK_KERNELS_H
#define FLIPBOOK_KERNELS_H
// Drawing kernels compiled for instruction sets beyond the package's baseline and chosen at run time.
// Each one has a Swift twin (the portable path) that gives the same bytes; the tests compare them.
#include <stdbool.h>
#include <stdint.h>

/// Four neighbouring pixels of one row of a ring, and where they sit relative to its centre.
typedef struct {
    /// The first of the four pixels.
    uint32_t *_Nonnull pixels;
    /// The first pixel's centre, horizontally from the circle's centre.
    float firstX;
    /// The row's centre's distance from the circle's centre.
    float y;
    /// 4 when all four pixels may be read and written (any beyond the ring get no coverage);
    /// otherwise how many of them may (1...3).
    int32_t count;
} flipbook_pixel_group;

/// A ring's edges (device pixels) and colour, as FastRing's Swift code holds them.
typedef struct {
    float outer, inner, radius;
    /// Whether no pixel can meet both edges (the ring is at least 1.5 px wide).
    bool isWide;
    /// Red and blue, green and alpha, each byte in its own 16-bit half.
    uint32_t sourceRB, sourceAG;
    /// The alpha byte.
    uint16_t alpha;
} flipbook_ring;

/// Whether this CPU and the operating system run the AVX2 kernels.
bool flipbook_has_avx2(void);

/// Blends `ring` into each group's pixels, two groups at a time in eight lanes. Needs AVX2.
void flipbook_ring_blend_avx2(const flipbook_ring *_Nonnull ring, const flipbook_pixel_group *_Nonnull groups, long count);

#endif
