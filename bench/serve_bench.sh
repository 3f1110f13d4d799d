#!/usr/bin/env bash
# Benchmark of `robotstxt serve` (docs/serve.md "Running a fleet"): figures, never pass/fail.
#   bench/serve_bench.sh [BUILD_DIR]     (scripts/install-deps --bench installs wrk and bc)
# 1. a cold fleet: two instances on one Redis, ORIGINS loopback origins (default 2,000),
#    URLS URLs (default 20,000) sent as batches spread over both instances: wall time,
#    and the robots.txt requests the origin server received (should equal ORIGINS);
# 2. Redis memory per origin after that run;
# 3. cached GET /v1/check with wrk, CONNECTIONS connections (default 64): requests/s,
#    p50 and p99;
# 4. cached POST /v1/check batches of BATCH URLs (default 1,000) with wrk, twice: each
#    URL on another of the ORIGINS origins (the worst case for a batch), then the URLs of 10
#    origins, one origin after the other (a crawler's per-host queues): checks/s, and the
#    instance's CPU time per check.
# Everything runs on 127.0.0.1 and is stopped at the end, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
cli="$build/robotstxt"
origins="${ORIGINS:-2000}"
urls="${URLS:-20000}"
connections="${CONNECTIONS:-64}"
batch="${BATCH:-1000}"
seconds="${SECONDS_PER_RUN:-10}"
source bench/lib.sh

/usr/bin/python3 tests/support/robots_server.py > "$work/origin.out" 2>&1 &
pids+=($!)
origin_port="$(first_line "$work/origin.out")"
redis_port="$(free_port)"
start_redis "$redis_port"
memory_before="$(redis-cli -p "$redis_port" info memory | sed -n 's/^used_memory:\([0-9]*\).*/\1/p')"

ports=()
for instance in 1 2; do
  "$cli" serve --listen 127.0.0.1:0 --redis "redis://127.0.0.1:$redis_port/0" --allow-private \
    --connect-to "::127.0.0.1:$origin_port" --concurrency 64 --max-batch-origins "$batch" \
    > "$work/serve$instance.out" 2>&1 &
  pids+=($!)
  ports+=("$(first_line "$work/serve$instance.out" | sed 's/.*://')")
done

# The cold run: batches of URLs over ORIGINS origins, alternately to each instance, all at once.
/usr/bin/python3 - "$origins" "$urls" "$work" <<'PY'
import json, sys
origins, urls, work = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
per_batch = 2000
for b in range(0, urls, per_batch):
    batch = [f"http://h{i % origins}.bench/page/{i}" for i in range(b, min(b + per_batch, urls))]
    with open(f"{work}/batch{b // per_batch}.json", "w") as out:
        json.dump({"agent": "bot", "urls": batch}, out)
PY
start=$(date +%s.%N)
n=0
for file in "$work"/batch*.json; do
  port="${ports[$((n % 2))]}"
  curl -s -o /dev/null -X POST --data-binary "@$file" "http://127.0.0.1:$port/v1/check" &
  n=$((n + 1))
done
wait $(jobs -p | tail -n "$n")
end=$(date +%s.%N)
fetched="$(/usr/bin/python3 - "$origin_port" "$origins" <<'PY'
import sys, urllib.request
port, origins = sys.argv[1], int(sys.argv[2])
print(sum(int(urllib.request.urlopen(f"http://127.0.0.1:{port}/__count/h{i}").read())
          for i in range(origins)))
PY
)"
memory_after="$(redis-cli -p "$redis_port" info memory | sed -n 's/^used_memory:\([0-9]*\).*/\1/p')"
echo "cold fleet: $urls URLs over $origins origins on 2 instances: $(echo "$end - $start" | bc) s, $fetched robots.txt requests at the origin"
echo "redis memory per origin: $(( (memory_after - memory_before) / origins )) bytes ($(redis-cli -p "$redis_port" dbsize) keys)"

check_url="http://127.0.0.1:${ports[0]}/v1/check?url=http%3A%2F%2Fh1.bench%2Fpage%2F1&agent=bot"
echo "cached GET /v1/check, $connections connections, ${seconds}s:"
wrk -t2 -c"$connections" -d"${seconds}s" --latency "$check_url" |
  grep -E "Requests/sec|^ +50%|^ +99%"

# The instance's CPU time (user + system, in clock ticks) says what a check costs
# whatever else the machine runs at the time; checks/s depends on that load.
serve_pid="${pids[2]}"
cpu_ticks() { awk '{print $14 + $15}' "/proc/$serve_pid/stat"; }
# batch_run LABEL SPREAD RUN: batches of BATCH URLs over SPREAD origins, RUN URLs of one
# origin after another. Twenty different batches are sent in turn (a crawler does not
# ask about the same URLs twice), each wrk thread starting at another one.
batch_run() {
  /usr/bin/python3 - "$batch" "$2" "$3" > "$work/batch.lua" <<'PY'
import json, sys
size, spread, run = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
bodies = []
for b in range(20):
    ids = range(b * size, (b + 1) * size)
    bodies.append(json.dumps({"agent": "bot",
                              "urls": [f"http://h{i // run % spread}.bench/page/{i}" for i in ids]}))
print('wrk.method = "POST"')
print('wrk.headers["Content-Type"] = "application/json"')
print('bodies = {' + ",".join(json.dumps(body) for body in bodies) + '}')
print('local threads = 0')
print('function setup(thread) thread:set("counter", threads * 7); threads = threads + 1 end')
print('counter = 0')
print('function request()')
print('  counter = counter + 1')
print('  return wrk.format(nil, nil, nil, bodies[counter % #bodies + 1])')
print('end')
PY
  echo "cached POST /v1/check, batches of $batch URLs, $1, 8 connections, ${seconds}s:"
  local ticks_before result ticks requests rate
  ticks_before="$(cpu_ticks)"
  result="$(wrk -t2 -c8 -d"${seconds}s" -s "$work/batch.lua" "http://127.0.0.1:${ports[0]}/v1/check")"
  ticks="$(( $(cpu_ticks) - ticks_before ))"
  requests="$(echo "$result" | sed -n 's/^ *\([0-9]*\) requests in.*/\1/p')"
  rate="$(echo "$result" | sed -n 's/^Requests\/sec: *\([0-9.]*\)/\1/p')"
  echo "  $rate batches/s = $(echo "$rate * $batch" | bc | cut -d. -f1) checks/s"
  echo "  instance CPU: $(echo "scale=2; $ticks * 1000000 / $(getconf CLK_TCK) / ($requests * $batch)" | bc) us per check"
}
# The worst case: every URL of a batch on another origin. Then a crawler's usual batch,
# drawn from a few per-host queues: 10 origins, BATCH / 10 URLs each, in runs.
batch_run "each URL on another origin" "$origins" 1
batch_run "10 origins, $((batch / 10)) URLs each" 10 "$((batch / 10))"
