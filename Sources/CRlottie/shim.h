#ifndef FLIPBOOK_CRLOTTIE_SHIM_H
#define FLIPBOOK_CRLOTTIE_SHIM_H
#include <rlottie_capi.h>

// lottie_animation_property_override is variadic, which Swift cannot call: one fixed-arity wrapper
// per number of values the property takes (colours three, positions and scales two, the rest one).
static inline void flipbook_lottie_override1(Lottie_Animation *animation, Lottie_Animation_Property type,
                                             const char *keypath, double a) {
    lottie_animation_property_override(animation, type, keypath, a);
}

static inline void flipbook_lottie_override2(Lottie_Animation *animation, Lottie_Animation_Property type,
                                             const char *keypath, double a, double b) {
    lottie_animation_property_override(animation, type, keypath, a, b);
}

static inline void flipbook_lottie_override3(Lottie_Animation *animation, Lottie_Animation_Property type,
                                             const char *keypath, double a, double b, double c) {
    lottie_animation_property_override(animation, type, keypath, a, b, c);
}
#endif
