// What the kernels written once in Clang's generic vectors share (fill_window.c, yuv_rows.c): the
// target attributes for the instruction sets chosen at run time (also used by the ring kernels), and
// the three entry points each such kernel has. Not part of the module's interface.
#ifndef FLIPBOOK_INSTRUCTION_SETS_H
#define FLIPBOOK_INSTRUCTION_SETS_H

// No multiply and add are fused, so every instruction set computes the same floats.
#pragma clang fp contract(off)
// Vector arguments of the always-inlined helpers never cross a call boundary.
#pragma clang diagnostic ignored "-Wpsabi"

#define INLINE static inline __attribute__((always_inline))

#if defined(__x86_64__)
// What flipbook_has_avx2 and flipbook_has_avx512 check for.
#define TARGET_AVX2 __attribute__((target("avx2")))
#define TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512dq")))
#else
// Elsewhere the three entry points are the baseline's code.
#define TARGET_AVX2
#define TARGET_AVX512
#endif

// Defines `name_portable`, `name_avx2` and `name_avx512`, each taking `const type *argument` and
// running `statement` compiled for its instruction set (always-inlined code takes its caller's).
#define INSTRUCTION_SET_ENTRY_POINTS(result, name, type, statement) \
    result name##_portable(const type *argument) { statement; } \
    TARGET_AVX2 result name##_avx2(const type *argument) { statement; } \
    TARGET_AVX512 result name##_avx512(const type *argument) { statement; }

#endif
