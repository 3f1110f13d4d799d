#!/usr/bin/env bash
# `robotstxt census` throughput and memory (docs/census.md): figures, never pass/fail.
#   bench/census_bench.sh [BUILD_DIR]
#   COPIES=6 ROUNDS=3 BASELINE=OTHER/robotstxt bench/census_bench.sh [BUILD_DIR]
# The corpus is written as one WARC.gz (scripts/corpus-to-warc: a request and a response
# record per host, each its own gzip member, as Common Crawl writes them) and repeated as
# COPIES files (default 62: 100,006 hosts). Each of ROUNDS rounds (default 3) times, in
# turn, `zcat` of the same files alone (the floor: inflating is work census cannot skip)
# and census with 1 and 2 jobs; with BASELINE, that binary too, alternating with the
# build's, so that a shared machine's load hits both alike. Printed: the best and the
# median of the rounds, census --jobs 2 against zcat (best against best), CPU seconds,
# and peak resident memory (/usr/bin/time -v) with 1 and with 4 times the files, which
# must be the same if memory does not grow with the input.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
copies="${COPIES:-62}"
source bench/lib.sh

scripts/corpus-to-warc tests/data/corpus/robots "$work/corpus"
hosts_per_copy=$(ls tests/data/corpus/robots | wc -l)
files=()
for i in $(seq "$copies"); do
  ln "$work/corpus/part-00000.warc.gz" "$work/copy-$i.warc.gz"
  files+=("$work/copy-$i.warc.gz")
done
hosts=$((hosts_per_copy * copies))
echo "input: $copies files, $hosts hosts, $(du -shL "$work/corpus/part-00000.warc.gz" | cut -f1) each"

timed() {  # prints the wall seconds of "$@" (output discarded)
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null
  end=$(date +%s.%N)
  /usr/bin/python3 -c 'import sys; print(float(sys.argv[2]) - float(sys.argv[1]))' "$start" "$end"
}
rate() { /usr/bin/python3 -c 'import sys; print(f"{int(sys.argv[1]) / float(sys.argv[2]):,.0f}")' "$1" "$2"; }

cat "${files[@]}" > /dev/null  # the page cache holds the files for every run
echo "load before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"

binaries=("$build/robotstxt")
[ -n "${BASELINE:-}" ] && binaries=("$BASELINE" "$build/robotstxt")
# Lines "NAME SECONDS", one per run; best and median per NAME at the end.
for _ in $(seq "${ROUNDS:-3}"); do
  echo "zcat $(timed zcat "${files[@]}")"
  for jobs in 1 2; do
    for binary in "${binaries[@]}"; do
      name=$([ "$binary" = "${BASELINE:-}" ] && echo baseline || echo build)
      echo "$name-$jobs $(timed "$binary" census --jobs "$jobs" --out "$work/out" "${files[@]}")"
    done
  done
done > "$work/rounds"
/usr/bin/python3 - "$work/rounds" "$hosts" <<'PYTHON'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, seconds = line.split()
    runs.setdefault(name, []).append(float(seconds))
hosts = int(sys.argv[2])
best = {name: min(times) for name, times in runs.items()}
median = {name: statistics.median(times) for name, times in runs.items()}
print(f"{len(runs['zcat'])} rounds; zcat alone: best {best['zcat']:.2f} s, median {median['zcat']:.2f} s")
for name in ("baseline", "build"):
    if f"{name}-1" not in runs:
        continue
    for jobs in (1, 2):
        key = f"{name}-{jobs}"
        print(f"{name} census --jobs {jobs}: best {best[key]:.2f} s ({hosts / best[key]:,.0f} hosts/s),"
              f" median {median[key]:.2f} s")
    print(f"{name} census --jobs 2 vs zcat: {best[name + '-2'] / best['zcat']:.2f}x"
          f" (best of each; 1.00x or less: no slower than zcat alone)")
PYTHON
echo "load after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
# Wall time depends on what else runs; CPU seconds (user + system) say what census costs
# whatever the load, and hosts per CPU-second is what one free core would do.
read -r zcat_cpu < <(/usr/bin/time -f "%U %S" zcat "${files[@]}" 2>&1 > /dev/null |
                    awk '{print $1 + $2}')
echo "zcat alone: CPU $zcat_cpu s"
for jobs in 1 2; do
  read -r wall cpu < <(/usr/bin/time -f "%e %U %S" "$build/robotstxt" census --jobs "$jobs" \
                         --out "$work/out-$jobs" "${files[@]}" 2>&1 > /dev/null |
                       awk '{print $1, $2 + $3}')
  echo "census --jobs $jobs: $wall s, CPU $cpu s: $(rate "$hosts" "$cpu") hosts per CPU-second"
done
for times in 1 4; do
  list=()
  for _ in $(seq "$times"); do list+=("${files[@]}"); done
  peak=$(/usr/bin/time -v "$build/robotstxt" census --jobs 2 --out "$work/out-mem" "${list[@]}" \
           2>&1 > /dev/null | awk -F': ' '/Maximum resident/ {print $2}')
  echo "peak memory, --jobs 2, $((hosts * times)) hosts: $((peak / 1024)) MiB"
done
