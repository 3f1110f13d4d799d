// What a fuzz target does when the library contradicts itself: say which promise broke
// and abort, so that libFuzzer saves the input and the replay main fails.
#ifndef ROBOTSTXT_FUZZ_CONSISTENCY_H_
#define ROBOTSTXT_FUZZ_CONSISTENCY_H_

#include <cstdio>
#include <cstdlib>

inline void require(bool condition, const char* what) {
  if (!condition) {
    std::fprintf(stderr, "consistency check failed: %s\n", what);
    std::abort();
  }
}

#endif  // ROBOTSTXT_FUZZ_CONSISTENCY_H_
