#!/bin/bash
# Compares two versions of the bindings on the corpus work: the Python module
# (bench/python_bench.py), Go (bench/go_corpus), Rust (bench/rust_corpus), Java
# (bench/java/CorpusBench.java) and, when emscripten is here, the npm package
# (bench/js_bench.mjs with JS_BENCH_BASELINE, which times both in the same rounds).
#
# The old version is built from its sources into a folder of its own; the new one is this
# working tree's build/ (build it first: scripts/test or scripts/build). The two run in
# turns, PAIRS times, the first to run alternating from pair to pair, because the machine's
# speed drifts too much between runs minutes apart to resolve a few percent. Prints, for
# each figure a benchmark reports in milliseconds, each version's best and the median over
# pairs of new/old time.
#
# Usage: bench/compare_bindings.sh OLD_REV [PAIRS] [DATA_DIR]
#   BINDINGS="python go rust java npm" (the default) chooses which to compare.
# Example: bench/compare_bindings.sh main 5
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
source "$repo/bench/paired.sh"
old_rev=${1:?usage: bench/compare_bindings.sh OLD_REV [PAIRS] [DATA_DIR]}
pairs=${2:-5}
data_dir=$(cd "${3:-$repo/tests/data}" && pwd)
bindings=${BINDINGS:-python go rust java npm}
new=$repo/build
if ! git -C "$repo" rev-parse --verify --quiet "$old_rev^{commit}" >/dev/null; then
  echo "compare_bindings.sh: no revision '$old_rev' in $repo" >&2
  exit 2
fi
if ! [[ "$pairs" =~ ^[1-9][0-9]*$ ]]; then
  echo "compare_bindings.sh: PAIRS must be a positive number, not '$pairs'" >&2
  exit 2
fi
if [ ! -f "$new/bindings-pkgconfig/robotstxt-fetch.pc" ]; then
  echo "compare_bindings.sh: build this tree first (scripts/test)" >&2
  exit 2
fi
if [[ " $bindings " == *" npm "* ]] && ! command -v em++ >/dev/null; then
  echo "compare_bindings.sh: no emscripten here: the npm package is left out" >&2
  bindings=${bindings//npm/}
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

old=$work/old
mkdir -p "$old"
git -C "$repo" archive "$old_rev" | tar -x -C "$old"
cmake -S "$old" -B "$old/build" -DCMAKE_BUILD_TYPE=Release -DROBOTSTXT_BUILD_TOOLS=OFF \
  -DROBOTSTXT_BUILD_TESTS=OFF -DROBOTSTXT_BUILD_BENCH=OFF -DROBOTSTXT_BUILD_FUZZ=OFF >/dev/null
cmake --build "$old/build" -j"$(nproc)" >/dev/null
if [[ " $bindings " == *" npm "* ]]; then
  (cd "$old" && scripts/build-npm >/dev/null)
  [ -f "$new/npm/package/index.js" ] || (cd "$repo" && scripts/build-npm >/dev/null)
  (cd "$repo/js" && npm ci --no-audit --no-fund >/dev/null)
fi

# Runs binding $1 of the version whose source tree is $2 and build tree $3.
run() {
  local binding=$1 tree=$2 build=$3
  case "$binding" in
    python)
      PYTHONPATH="$build/python" /usr/bin/python3 "$tree/bench/python_bench.py" "$data_dir" \
        --robotstxt-only --repeats 3
      ;;
    go)
      (cd "$tree/bench/go_corpus" && PKG_CONFIG_PATH="$build/bindings-pkgconfig" GOPROXY=off \
        GOFLAGS=-mod=mod GOCACHE="$work/go-cache" go run . "$data_dir" 3)
      ;;
    rust)
      (cd "$tree/bench/rust_corpus" && PKG_CONFIG_PATH="$build/bindings-pkgconfig" \
        CARGO_TARGET_DIR="$build/rust-bench-target" cargo run -q --offline --release -- \
        "$data_dir" 3)
      ;;
    java)
      java -Drobotstxt.jni.library="$build/java/librobotstxt_jni.so" \
        -cp "$build/java/robotstxt.jar" "$tree/bench/java/CorpusBench.java" "$data_dir" 3
      ;;
  esac
}

# Turns a benchmark's output into "figure<TAB>milliseconds" lines: the Go, Rust and Java
# benchmarks print "figure: N ms", the Python one a table with the parse in seconds and
# the checks in nanoseconds per check (finer than its seconds), after a line with the count.
figures() {
  awk '
    /^[A-Za-z][^:]*: +[0-9.]+ ms/ { label = $0; sub(/:.*/, "", label); value = $0
      sub(/^[^:]*: +/, "", value); sub(/ .*/, "", value); print label "\t" value }
    /^[0-9]+ hosts, [0-9,]+ checks/ { checks = $3; gsub(/,/, "", checks) }
    /^robotstxt [a-z_]+\(\) +[0-9.]+ +[0-9.]+/ { print $1 " " $2 " parse\t" $3 * 1000
      print $1 " " $2 " checks\t" $6 * checks / 1e6 }'
}

echo "old: $old_rev ($(git -C "$repo" rev-parse --short "$old_rev")), new: this build ($new)"
for binding in $bindings; do
  [ "$binding" = npm ] && continue
  for ((pair = 0; pair < pairs; ++pair)); do
    for side in $(pair_order "$pair"); do
      if [ "$side" = old ]; then tree=$old build=$old/build; else tree=$repo build=$new; fi
      run "$binding" "$tree" "$build" | figures >"$work/$binding.$side.$pair"
    done
  done
  for ((pair = 0; pair < pairs; ++pair)); do
    paste "$work/$binding.old.$pair" "$work/$binding.new.$pair"
  done | awk -F '\t' -v binding="$binding" "$paired_median_awk"'
    {
      if ($1 != $3) { print "compare_bindings.sh: the versions print different figures" > "/dev/stderr"; exit 1 }
      if (!($1 in count)) order[++names] = $1
      n = ++count[$1]; ratio[$1, n] = $4 / $2
      if (n == 1 || $2 < old_best[$1]) old_best[$1] = $2
      if (n == 1 || $4 < new_best[$1]) new_best[$1] = $4
    }
    END {
      for (k = 1; k <= names; ++k) {
        name = order[k]
        for (i = 1; i <= count[name]; ++i) column[i] = ratio[name, i]
        printf "%-6s %-30s old %8.1f ms, new %8.1f ms (best); new/old, median of %d pairs: %.3f\n",
               binding, name, old_best[name], new_best[name], count[name], median(column, count[name])
      }
    }'
done
if [[ " $bindings " == *" npm "* ]]; then
  # js_bench runs the old package as its baseline in the same rounds: it prints both.
  JS_BENCH_BASELINE="$old/build/npm/package" node "$repo/bench/js_bench.mjs" "$data_dir" "$((pairs * 2 + 1))"
fi
