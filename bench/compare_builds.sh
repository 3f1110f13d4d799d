#!/bin/bash
# Compares two versions of the library's parse and checks over the corpus. Each version
# is built into a program of its own (bench/compare_builds_side.cc), and the two programs
# run in turns, PAIRS times, the first to run alternating from pair to pair. Prints, for
# the parse, the checks through allowed_each, the checks one agent per allowed call and
# each file parsed and asked one question, each version's best rate and the median over
# pairs of the new version's best time divided by the old one's.
#
# Why separate programs, run in turns: the machine's speed drifts too much between two
# benchmark runs minutes apart to resolve a change of a few percent, and two versions
# linked into one program do not run as they do alone: where each one's code lands
# moves the ratio by more than the changes it is meant to resolve.
#
# Usage: bench/compare_builds.sh OLD_REV [NEW_REV] [PAIRS] [DATA_DIR]
#   OLD_REV, NEW_REV: git revisions of this repository (NEW_REV "" or absent: the working
#   tree); PAIRS: runs of each program (default 10; each runs 20 rounds of the parse and
#   of the parse with one check per file, and 10 of each kind of check); DATA_DIR: where
#   corpus/ is (default tests/data).
# Example: bench/compare_builds.sh HEAD~1   # the working tree against the commit before
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
source "$repo/bench/paired.sh"
old_rev=${1:?usage: bench/compare_builds.sh OLD_REV [NEW_REV] [PAIRS] [DATA_DIR]}
new_rev=${2:-}
pairs=${3:-10}
data_dir=${4:-$repo/tests/data}
rounds=20
cxx=${CXX:-g++}
for rev in "$old_rev" ${new_rev:+"$new_rev"}; do
  if ! git -C "$repo" rev-parse --verify --quiet "$rev^{commit}" >/dev/null; then
    echo "compare_builds.sh: no revision '$rev' in $repo" >&2
    exit 2
  fi
done
if ! [[ "$pairs" =~ ^[1-9][0-9]*$ ]]; then
  echo "compare_builds.sh: PAIRS must be a positive number, not '$pairs'" >&2
  exit 2
fi
flags=(-std=c++20 -O3 -DNDEBUG)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Copies the sources of a revision (or of the working tree) into $work/$1.
export_tree() {
  mkdir -p "$work/$1"
  if [ -n "$2" ]; then
    git -C "$repo" archive "$2" src include | tar -x -C "$work/$1"
  else
    cp -r "$repo/src" "$repo/include" "$work/$1/"
  fi
}

# Compiles a tree's core library sources (src/CMakeLists.txt lists them; the generated
# crawler table is left out, and nothing that parses or checks needs it) with the
# benchmark's side into the program $work/$1-side, as the library's build does (SIMD on).
build_side() {
  local tree=$work/$1 objects=() sources major minor patch
  sources=$(sed -n '/^set(robotstxt_core_sources/,/^)/p' "$tree/src/CMakeLists.txt" | grep -o '^ *[a-z_/]*\.cc')
  # robotstxt/version.h (the C ABI's sources include it), as CMake's configure step
  # writes it; the version itself does not matter here.
  IFS=. read -r major minor patch <"$repo/VERSION"
  sed -e "s/@PROJECT_VERSION_MAJOR@/$major/" -e "s/@PROJECT_VERSION_MINOR@/$minor/" \
    -e "s/@PROJECT_VERSION_PATCH@/$patch/" -e "s/@PROJECT_VERSION@/$major.$minor.$patch/" \
    "$tree/include/robotstxt/version.h.in" >"$tree/include/robotstxt/version.h"
  for source in $sources; do
    "$cxx" "${flags[@]}" -DROBOTSTXT_SIMD=1 -I"$tree/src" -I"$tree/include" \
      -c "$tree/src/$source" -o "$tree/${source//\//_}.o"
    objects+=("$tree/${source//\//_}.o")
  done
  # An archive, so that only what the side needs is linked.
  ar rcs "$tree/library.a" "${objects[@]}"
  "$cxx" "${flags[@]}" -I"$tree/include" -I"$repo/bench" "$repo/bench/compare_builds_side.cc" \
    "$repo/bench/corpus_loader.cc" "$tree/library.a" -o "$work/$1-side"
}

export_tree old "$old_rev"
export_tree new "$new_rev"
build_side old &
old_pid=$!
build_side new &
new_pid=$!
wait "$old_pid"
wait "$new_pid"

echo "old: ${old_rev} ($(git -C "$repo" rev-parse --short "$old_rev")), new: ${new_rev:-working tree}"
for ((pair = 0; pair < pairs; ++pair)); do
  for side in $(pair_order "$pair"); do
    "$work/$side-side" "$data_dir" "$rounds" >"$work/$side.$pair"
  done
done

# Field $2 of a side's line is the parse time, $4 allowed_each's, $6 allowed's, $8 the
# parse and one check per file's, $10 the disallowed count, $12 that of the one checks,
# $14 the megabytes, $16 the million checks; the new version's fields follow from $17 in
# the same order.
for ((pair = 0; pair < pairs; ++pair)); do
  paste -d ' ' "$work/old.$pair" "$work/new.$pair"
done | awk -v pairs="$pairs" "$paired_median_awk"'
  {
    if ($10 != $26 || $12 != $28) {
      printf "compare_builds.sh: the versions disagree (%s, %s disallowed; one check per file: %s, %s)\n", $10, $26, $12, $28 > "/dev/stderr"
      failed = 1
    }
    megabytes = $14; checks = $16
    for (k = 0; k < 4; ++k) {
      old_time = $(2 + 2 * k); new_time = $(18 + 2 * k)
      ratio[k, NR] = new_time / old_time
      if (NR == 1 || old_time < old_best[k]) old_best[k] = old_time
      if (NR == 1 || new_time < new_best[k]) new_best[k] = new_time
    }
  }
  END {
    if (failed) exit 1
    split("parse + compile|checks, allowed_each|checks, allowed|parse + one check per file", names, "|")
    for (k = 0; k < 4; ++k) {
      for (i = 1; i <= NR; ++i) column[i] = ratio[k, i]
      size = k == 0 || k == 3 ? megabytes : checks
      unit = k == 0 || k == 3 ? "MB/s" : "million/s"
      printf "%s: old %.1f %s, new %.1f %s (best runs); new/old time, median of %d pairs: %.3f\n",
             names[k + 1], size / old_best[k], unit, size / new_best[k], unit, pairs, median(column, NR)
    }
  }'
