#ifndef FLIPBOOK_CCAIRO_SHIM_H
#define FLIPBOOK_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
// zlib, for Flipbook's own PNG writer (Bitmap.pngData()); Cairo itself links it through libpng.
#include <zlib.h>
#endif
