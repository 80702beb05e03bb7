#ifndef FLIPBOOK_CSWSCALE_SHIM_H
#define FLIPBOOK_CSWSCALE_SHIM_H
/* libswscale, for the benchmark's reference conversion only: Flipbook converts to YUV itself. */
#include <libswscale/swscale.h>
#endif
