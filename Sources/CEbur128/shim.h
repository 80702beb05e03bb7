#ifndef FLIPBOOK_CEBUR128_SHIM_H
#define FLIPBOOK_CEBUR128_SHIM_H
#include <ebur128.h>
#endif
