// Whether the library compiles its SIMD paths, decided once for every file that has
// them. ROBOTSTXT_SIMD=0 (the CMake option ROBOTSTXT_SIMD=OFF, and the robotstxt_scalar
// library the exactness tests also run against) compiles only the scalar loops, which is
// also what a machine without SSE2 gets. ROBOTSTXT_USE_SSE2 is defined when the SSE2
// paths are compiled.
#ifndef ROBOTSTXT_SRC_SIMD_H_
#define ROBOTSTXT_SRC_SIMD_H_

#ifndef ROBOTSTXT_SIMD
#define ROBOTSTXT_SIMD 1
#endif
#if ROBOTSTXT_SIMD && defined(__SSE2__)
#define ROBOTSTXT_USE_SSE2 1
#include <emmintrin.h>
#endif

#endif  // ROBOTSTXT_SRC_SIMD_H_
