#!/bin/bash
# Compares two versions of the library's parse and checks over the corpus, both built
# into one program and timed round by round in alternating order (compare_builds_main.cc
# says why). Each version's core sources are compiled with the library's namespace
# renamed, so that the two can be linked side by side.
#
# Usage: bench/compare_builds.sh OLD_REV [NEW_REV] [ROUNDS] [SHARED_DIR]
#   OLD_REV, NEW_REV: git revisions of this repository (NEW_REV "" or absent: the working
#   tree); ROUNDS: parse rounds (default 100; checks take half as many); SHARED_DIR:
#   where corpus/ is (default ../shared).
# Example: bench/compare_builds.sh HEAD~1   # the last commit against the one before
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
old_rev=${1:?usage: bench/compare_builds.sh OLD_REV [NEW_REV] [ROUNDS] [SHARED_DIR]}
new_rev=${2:-}
rounds=${3:-100}
shared=${4:-$repo/../shared}
cxx=${CXX:-g++}
for rev in "$old_rev" ${new_rev:+"$new_rev"}; do
  if ! git -C "$repo" rev-parse --verify --quiet "$rev^{commit}" >/dev/null; then
    echo "compare_builds.sh: no revision '$rev' in $repo" >&2
    exit 2
  fi
done
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
# crawler table is left out, and nothing that parses or checks needs it) and its entry
# points into one static archive, in namespace $2.
build_side() {
  local tree=$work/$1 namespace=$2 entry=$3 objects=()
  local sources
  sources=$(sed -n '/^set(robotstxt_core_sources/,/^)/p' "$tree/src/CMakeLists.txt" | grep -o '^ *[a-z_]*\.cc')
  for source in $sources; do
    "$cxx" "${flags[@]}" -DROBOTSTXT_SIMD=1 -Drobotstxt="$namespace" -I"$tree/src" \
      -I"$tree/include" -c "$tree/src/$source" -o "$work/$namespace-$source.o"
    objects+=("$work/$namespace-$source.o")
  done
  "$cxx" "${flags[@]}" -Drobotstxt="$namespace" -DENTRY="$entry" -I"$tree/include" \
    -c "$repo/bench/compare_builds_entry.cc" -o "$work/$namespace-entry.o"
  ar rcs "$work/$namespace.a" "$work/$namespace-entry.o" "${objects[@]}"
}

export_tree old "$old_rev"
export_tree new "$new_rev"
build_side old robotstxt_old old_build &
old_pid=$!
build_side new robotstxt_new new_build &
new_pid=$!
wait "$old_pid"
wait "$new_pid"
"$cxx" "${flags[@]}" -I"$repo/include" -I"$repo/bench" "$repo/bench/compare_builds_main.cc" \
  "$repo/bench/corpus_loader.cc" "$work/robotstxt_old.a" "$work/robotstxt_new.a" \
  -o "$work/compare_builds"
echo "old: ${old_rev} ($(git -C "$repo" rev-parse --short "$old_rev")), new: ${new_rev:-working tree}"
"$work/compare_builds" "$shared" "$rounds"
