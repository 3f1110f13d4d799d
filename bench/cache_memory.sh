#!/bin/bash
# Memory of the compiled robots.txt per origin (bench/cache_memory.cc) for one revision,
# or for the working tree, built as bench/compare_builds.sh builds its sides.
# Usage: bench/cache_memory.sh [REV] [DATA_DIR]   (REV "" or absent: the working tree;
#   DATA_DIR: the folder that holds corpus/, tests/data by default)
# Example: bench/cache_memory.sh main; bench/cache_memory.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:-}
data_dir=${2:-$repo/tests/data}
cxx=${CXX:-g++}
flags=(-std=c++20 -O2 -DNDEBUG -DROBOTSTXT_SIMD=1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$rev" ]; then
  git -C "$repo" archive "$rev" src include | tar -x -C "$work"
else
  cp -r "$repo/src" "$repo/include" "$work/"
fi
objects=()
for source in $(sed -n '/^set(robotstxt_core_sources/,/^)/p' "$work/src/CMakeLists.txt" |
                grep -o '^ *[a-z_]*\.cc'); do
  "$cxx" "${flags[@]}" -I"$work/src" -I"$work/include" -c "$work/src/$source" -o "$work/$source.o"
  objects+=("$work/$source.o")
done
ar rcs "$work/library.a" "${objects[@]}"
"$cxx" "${flags[@]}" -I"$work/include" -I"$repo/bench" "$repo/bench/cache_memory.cc" \
  "$repo/bench/corpus_loader.cc" "$work/library.a" -o "$work/cache_memory"
echo "${rev:-working tree}: $("$work/cache_memory" "$data_dir" | tr '\n' ';')"
