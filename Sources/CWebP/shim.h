#ifndef FLIPBOOK_CWEBP_SHIM_H
#define FLIPBOOK_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/demux.h>
#endif
