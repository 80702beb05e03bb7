#ifndef FLIPBOOK_CRSVG_SHIM_H
#define FLIPBOOK_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#endif
