#ifndef FLIPBOOK_CSWSCALE_SHIM_H
#define FLIPBOOK_CSWSCALE_SHIM_H
/* libswscale: decoded video frames to BGRA (video layers), and the benchmark's reference
   conversion; Flipbook's own output converts to YUV itself. */
#include <libswscale/swscale.h>
#endif
