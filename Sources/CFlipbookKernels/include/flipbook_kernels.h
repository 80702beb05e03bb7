#ifndef FLIPBOOK_KERNELS_H
#define FLIPBOOK_KERNELS_H
// Drawing kernels compiled for instruction sets beyond the package's baseline and chosen at run time.
// Each one has a Swift twin (the portable path) or, for the sub-frame sums, a formula that gives the
// same bytes; the tests compare them.
#include <stdbool.h>
#include <stdint.h>

/// A hint that the fast paths (Flipbook's own rasterizers) will soon write the cache line at `address`:
/// small shapes scattered over a large frame otherwise wait on one cache miss per row, in turn.
static inline void flipbook_prefetch_for_write(const void *_Nonnull address) { __builtin_prefetch(address, 1, 3); }

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

/// The walk over a ring's rows (FastRing.swift sets it up): each row's pixels whose squares reach into
/// the outer disk, less those wholly inside the inner one, in groups of four.
typedef struct {
    uint8_t *_Nonnull data;
    long rowBytes, surfaceWidth;
    /// The centre (device pixels) and the outer and inner reach of the ring, its bulge included.
    double cx, cy, outerReach, innerReach;
    /// The next row to walk, and the row the walk ends before.
    long row, rowEnd;
    /// Whether the rows' spans are found in AVX-512 lanes (needs AVX-512 F and DQ; the same columns).
    bool wideSpans;
    /// The columns walked so far: start with `dirtyMin` at `surfaceWidth` and `dirtyMax` at 0.
    long dirtyMin, dirtyMax;
} flipbook_ring_walk;

/// Walks whole rows from `walk->row` while their groups fit in `capacity` (at least
/// `surfaceWidth / 4 + 4`), writes the groups to `groups` and returns how many. The blend asks for
/// the groups' pixels ahead of itself (``flipbook_ring_prefetch_groups`` groups), not the walk.
long flipbook_ring_walk_rows(flipbook_ring_walk *_Nonnull walk, flipbook_pixel_group *_Nonnull groups,
                             long capacity);

/// How many groups ahead of itself a ring's blend asks for their pixels: about the time of a memory
/// access at the blend's pace (16 and 32 measured alike on B3's frame; 8 and 64 slower).
enum { flipbook_ring_prefetch_groups = 16 };

/// Whether this CPU and the operating system run the AVX2 kernels.
bool flipbook_has_avx2(void);

/// Blends `ring` into each group's pixels, two groups at a time in eight lanes. Needs AVX2.
void flipbook_ring_blend_avx2(const flipbook_ring *_Nonnull ring, const flipbook_pixel_group *_Nonnull groups, long count);

/// Whether this CPU and the operating system run the AVX-512 kernels (AVX-512 F, BW and DQ).
bool flipbook_has_avx512(void);

/// Blends `ring` into each group's pixels, four groups at a time in sixteen lanes. Needs AVX-512.
void flipbook_ring_blend_avx512(const flipbook_ring *_Nonnull ring, const flipbook_pixel_group *_Nonnull groups,
                                long count);

/// A shape for the fill's window (FastFill.swift sets it up): one closed ring of points in window
/// coordinates, with the window's first row and column at 0. Only rows `firstRow ..< height` are
/// filled (a band of a planned frame; 0 and the shape's height fill it whole), and only `columns`
/// columns: the shape's points may lie outside them, on any side (a shape across the raster's edge),
/// since each pixel's coverage comes from the parts of edges in its own row at or left of it.
typedef struct {
    /// The ring's x and y coordinates, `count` of them; NaN ends a ring (such a pair is skipped).
    const float *_Nonnull xs;
    const float *_Nonnull ys;
    long count;
    /// Scratch for the rows' coverage: `height` × `columns` floats (rows before `firstRow` unused).
    float *_Nonnull coverage;
    /// The window's width in pixels (a multiple of 16), and the first row and the row the fill ends
    /// before.
    long columns, firstRow, height;
    /// The window's first pixel, and the bytes from one row to the next; all `columns` pixels of each
    /// of the `height` rows may be read and written (those the shape does not reach are written back as
    /// they were).
    uint8_t *_Nonnull origin;
    long rowBytes;
    /// What a pixel's coverage is multiplied by before it is clamped to 1 (FastFillRasterizer.coverageGain).
    float gain;
    /// 255 × the colour's opacity.
    float alpha;
    /// Red and blue, green and alpha (255), each byte in its own 16-bit half.
    uint32_t sourceRB, sourceAG;
} flipbook_fill_window;

/// Fills the shape with the colour, source-over, each pixel by the exact area of it inside the shape
/// (winding once; the magnitude of the signed area, clamped to 1). The three give the same bytes; the
/// AVX2 and AVX-512 ones need their instruction sets (`flipbook_has_avx2`, `flipbook_has_avx512`).
void flipbook_fill_window_portable(const flipbook_fill_window *_Nonnull fill);
void flipbook_fill_window_avx2(const flipbook_fill_window *_Nonnull fill);
void flipbook_fill_window_avx512(const flipbook_fill_window *_Nonnull fill);

/// FlipbookRaster's BGRA → YUV coefficients narrowed to 16 bits (YUVCoefficients.swift makes them):
/// magnitudes, the signs fixed by the matrix, and the background's chroma share split into a positive
/// and a negative part (one of them zero).
typedef struct {
    uint16_t yR, yG, yB, yBackground;
    uint16_t cbR, cbG, cbB, cbPlus, cbMinus;
    uint16_t crR, crG, crB, crPlus, crMinus;
} flipbook_yuv_coefficients;

/// Two rows of premultiplied BGRA pixels and the two luma rows and one row of each chroma plane they
/// become, each pointer at its row's start; columns `x ..< end` are converted.
typedef struct {
    const uint8_t *_Nonnull row0;
    const uint8_t *_Nonnull row1;
    uint8_t *_Nonnull luma0;
    uint8_t *_Nonnull luma1;
    uint8_t *_Nonnull cb;
    uint8_t *_Nonnull cr;
    /// The first column (even) and the column the conversion ends before.
    long x, end;
    flipbook_yuv_coefficients coefficients;
} flipbook_yuv_rows;

/// Converts thirty-two columns at a time while whole steps fit before `end`, and returns the column
/// it stopped at (the rest is the caller's). The three give the same bytes; the AVX2 and AVX-512 ones
/// need their instruction sets.
long flipbook_yuv_rows_portable(const flipbook_yuv_rows *_Nonnull rows);
long flipbook_yuv_rows_avx2(const flipbook_yuv_rows *_Nonnull rows);
long flipbook_yuv_rows_avx512(const flipbook_yuv_rows *_Nonnull rows);

/// The portable, AVX2 and AVX-512 entry points of the sub-frame kernel `name`, which takes a `name`.
#define FLIPBOOK_SUBFRAME_KERNEL(name) \
    void name##_portable(const name *_Nonnull rows); \
    void name##_avx2(const name *_Nonnull rows); \
    void name##_avx512(const name *_Nonnull rows);

/// Rows of a sub-frame and the 16-bit sums motion blur adds them to (SubframeSum.swift): `rows` rows of
/// `bytes` bytes each (whole pixels), the pixels `pixelRowBytes` apart, the sums `sumRowLength` sums
/// apart.
typedef struct {
    const uint8_t *_Nonnull pixels;
    long pixelRowBytes;
    uint16_t *_Nonnull sums;
    long sumRowLength;
    long bytes, rows;
    /// Whether the bytes replace the sums (the first sub-frame to reach these rows) rather than add to
    /// them.
    bool replaces;
} flipbook_subframe_add;

/// Adds (or stores) each byte into its sum. The three give the same sums; the AVX2 and AVX-512 ones
/// need their instruction sets.
FLIPBOOK_SUBFRAME_KERNEL(flipbook_subframe_add)

/// Sums and the bytes their average becomes: each byte is `((sum + addends[byte % 4]) × multiplier) >> 32`,
/// the division by the sub-frame count with `multiplier` = ⌈2³² / count⌉. The layout is
/// that of `flipbook_subframe_add`.
typedef struct {
    const uint16_t *_Nonnull sums;
    long sumRowLength;
    uint8_t *_Nonnull pixels;
    long pixelRowBytes;
    long bytes, rows;
    /// Per byte of a pixel: what the sub-frames not added here contribute, plus half the count.
    uint32_t addends[4];
    uint64_t multiplier;
} flipbook_subframe_average;

/// Writes the average of each sum. The three give the same bytes; the AVX2 and AVX-512 ones need their
/// instruction sets.
FLIPBOOK_SUBFRAME_KERNEL(flipbook_subframe_average)

#endif
