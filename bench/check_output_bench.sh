#!/usr/bin/env bash
# `robotstxt check FILE AGENT -` on 1,000,000 URLs: text lines against --json lines
# (docs/performance.md), figures, never pass/fail.
#   bench/check_output_bench.sh [BUILD_DIR]
#   ROUNDS=7 URLS=1000000 bench/check_output_bench.sh [BUILD_DIR]
# The URLs are the corpus's URL lists (tests/data/corpus/urls) repeated up to URLS lines,
# checked against en.wikipedia.org's robots.txt (tests/data/corpus/robots) for Googlebot.
# Text and --json take turns in each round, so that a shared machine's load hits both
# alike, once with the output going to /dev/null and once through a pipe; printed: each
# round, then per output the medians of wall and CPU seconds (user + system) and --json's
# time over text's.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
rounds="${ROUNDS:-5}"
count="${URLS:-1000000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

robots=tests/data/corpus/robots/en.wikipedia.org
cat tests/data/corpus/urls/* > "$work/corpus-urls"
/usr/bin/python3 - "$work/corpus-urls" "$count" "$work/urls" <<'PYTHON'
import sys
lines = open(sys.argv[1], "rb").read().splitlines(keepends=True)
count = int(sys.argv[2])
with open(sys.argv[3], "wb") as out:
    for i in range(count):
        out.write(lines[i % len(lines)])
PYTHON
echo "input: $(wc -l < "$work/urls") URLs, $(du -sh "$work/urls" | cut -f1), against $robots"
echo "output: text $("$build/robotstxt" check "$robots" Googlebot - < "$work/urls" | wc -c) bytes," \
     "--json $("$build/robotstxt" check "$robots" Googlebot - --json < "$work/urls" | wc -c) bytes"
echo "load before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"

# Prints "WALL CPU" for one run of check with the extra arguments given, its output
# going to $sink: /dev/null (the command's own work) or a pipe that `cat` empties (what a
# script reading the lines makes it pay for writing them as well).
timed() {
  if [ "$sink" = null ]; then
    /usr/bin/time -o "$work/time" -f "%e %U %S" \
      "$build/robotstxt" check "$robots" Googlebot - "$@" < "$work/urls" > /dev/null
  else
    /usr/bin/time -o "$work/time" -f "%e %U %S" \
      "$build/robotstxt" check "$robots" Googlebot - "$@" < "$work/urls" | cat > /dev/null
  fi
  awk '{print $1, $2 + $3}' "$work/time"
}
for round in $(seq "$rounds"); do
  for sink in null pipe; do
    read -r text_wall text_cpu < <(timed)
    read -r json_wall json_cpu < <(timed --json)
    echo "round $round, to $sink: text $text_wall s (CPU $text_cpu s)," \
         "--json $json_wall s (CPU $json_cpu s)"
    echo "$sink text $text_wall $text_cpu" >> "$work/rounds"
    echo "$sink json $json_wall $json_cpu" >> "$work/rounds"
  done
done
/usr/bin/python3 - "$work/rounds" <<'PYTHON'
import statistics, sys
wall, cpu = {}, {}
for line in open(sys.argv[1]):
    sink, name, seconds, cpu_seconds = line.split()
    wall.setdefault((sink, name), []).append(float(seconds))
    cpu.setdefault((sink, name), []).append(float(cpu_seconds))
for sink in ("null", "pipe"):
    w = {name: statistics.median(wall[(sink, name)]) for name in ("text", "json")}
    c = {name: statistics.median(cpu[(sink, name)]) for name in ("text", "json")}
    ratios = [j / t for t, j in zip(wall[(sink, "text")], wall[(sink, "json")])]
    print(f"to {sink}, medians of {len(ratios)} rounds: text {w['text']:.2f} s"
          f" (CPU {c['text']:.2f} s), --json {w['json']:.2f} s (CPU {c['json']:.2f} s);"
          f" --json / text {w['json'] / w['text']:.2f}x wall, {c['json'] / c['text']:.2f}x CPU,"
          f" per round {min(ratios):.2f}-{max(ratios):.2f}x")
PYTHON
echo "load after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
