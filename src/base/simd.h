// Whether the library compiles its SIMD paths, decided once for every file that has
// them. ROBOTSTXT_SIMD=0 (the CMake option ROBOTSTXT_SIMD=OFF, and the robotstxt_scalar
// library the exactness tests also run against) compiles only the scalar loops, which is
// also what a machine without SSE2 gets. ROBOTSTXT_USE_SSE2 is defined when the SSE2
// paths are compiled, and ROBOTSTXT_USE_AVX2 when AVX2 paths are compiled beside them:
// those are built for AVX2 whatever the build's target and only run where the processor
// says it has AVX2, so one binary serves both kinds of x86-64 machine.
#ifndef ROBOTSTXT_SRC_BASE_SIMD_H_
#define ROBOTSTXT_SRC_BASE_SIMD_H_

#ifndef ROBOTSTXT_SIMD
#define ROBOTSTXT_SIMD 1
#endif
#if ROBOTSTXT_SIMD && defined(__SSE2__)
#define ROBOTSTXT_USE_SSE2 1
#include <emmintrin.h>
#endif
#if defined(ROBOTSTXT_USE_SSE2) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ROBOTSTXT_USE_AVX2 1
#include <immintrin.h>
#endif

#endif  // ROBOTSTXT_SRC_BASE_SIMD_H_
