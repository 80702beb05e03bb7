#ifndef FLIPBOOK_CCAIRO_SHIM_H
#define FLIPBOOK_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
// zlib, for Flipbook's own PNG writer (Bitmap.pngData()); Cairo itself links it through libpng.
#include <zlib.h>
// A hint that the fast paths (Flipbook's own rasterizers) will soon write the cache line at `address`:
// small shapes scattered over a large frame otherwise wait on one cache miss per row, in turn.
static inline void flipbook_prefetch_for_write(const void *address) { __builtin_prefetch(address, 1, 3); }
#endif
