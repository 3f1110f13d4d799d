#!/usr/bin/env bash
# Benchmark of politeness in `robotstxt serve` (docs/serve.md "Politeness"): figures, never
# pass/fail.
#   bench/politeness_bench.sh [BUILD_DIR]   (scripts/install-deps --bench installs wrk and bc)
# Two instances on one Redis, ORIGINS loopback origins (default 10,000) whose robots.txt
# both instances hold already (a batch check first):
# 1. POST /v1/acquire with wrk on both instances at once, each request for the next of the
#    ORIGINS origins, CONNECTIONS connections per instance (default 16), SECONDS_PER_RUN
#    seconds (default 10), each instance with WORKERS request workers (`--concurrency`,
#    default 4: every acquire is answered from memory and one Redis call, so more workers
#    than cores only add thread switches): acquires/s, p50 and p99 per instance;
# 2. Redis memory per origin of schedule state (the slot keys the run left).
# Everything runs on 127.0.0.1 and is stopped at the end, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
cli="$build/robotstxt"
origins="${ORIGINS:-10000}"
connections="${CONNECTIONS:-16}"
seconds="${SECONDS_PER_RUN:-10}"
workers="${WORKERS:-4}"
source bench/lib.sh
used_memory() { redis-cli -p "$redis_port" info memory | sed -n 's/^used_memory:\([0-9]*\).*/\1/p'; }

/usr/bin/python3 tests/support/robots_server.py > "$work/origin.out" 2>&1 &
pids+=($!)
origin_port="$(first_line "$work/origin.out")"
redis_port="$(free_port)"
start_redis "$redis_port"

ports=()
for instance in 1 2; do
  "$cli" serve --listen 127.0.0.1:0 --redis "redis://127.0.0.1:$redis_port/0" --allow-private \
    --connect-to "::127.0.0.1:$origin_port" --concurrency "$workers" --max-batch "$origins" \
    > "$work/serve$instance.out" 2>&1 &
  pids+=($!)
  ports+=("$(first_line "$work/serve$instance.out" | sed 's/.*://')")
done

# Every origin's robots.txt into Redis and both instances' memory, so that what follows
# measures the schedule, not fetching.
/usr/bin/python3 - "$origins" > "$work/warm.json" <<'PY'
import json, sys
print(json.dumps({"agent": "bot", "urls": [f"http://h{i}.bench/" for i in range(int(sys.argv[1]))]}))
PY
for port in "${ports[@]}"; do
  curl -s -o /dev/null -X POST --data-binary "@$work/warm.json" "http://127.0.0.1:$port/v1/check"
done
memory_before="$(used_memory)"
keys_before="$(redis-cli -p "$redis_port" dbsize)"

cat > "$work/acquire.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local origins = $origins
counter = 0
function setup(thread) thread:set("counter", math.random(origins)) end
function request()
  counter = counter + 1
  return wrk.format(nil, nil, nil,
    '{"url":"http://h' .. (counter % origins) .. '.bench/page","agent":"bot"}')
end
LUA
echo "POST /v1/acquire over $origins origins, 2 instances on one Redis, $connections connections and $workers workers each, ${seconds}s:"
loads=()
for instance in 0 1; do
  wrk -t1 -c"$connections" -d"${seconds}s" --latency -s "$work/acquire.lua" \
    "http://127.0.0.1:${ports[$instance]}/v1/acquire" > "$work/wrk$instance.out" &
  loads+=($!)
done
wait "${loads[@]}"
total=0
for instance in 0 1; do
  rate="$(sed -n 's/^Requests\/sec: *\([0-9.]*\)/\1/p' "$work/wrk$instance.out")"
  echo "  instance $((instance + 1)): $rate acquires/s, p50 $(awk '$1 == "50%" {print $2}' "$work/wrk$instance.out"), p99 $(awk '$1 == "99%" {print $2}' "$work/wrk$instance.out")"
  total="$(echo "$total + $rate" | bc)"
done
echo "  together: $total acquires/s"
slots="$(curl -s "http://127.0.0.1:${ports[0]}/metrics" | sed -n 's/^robotstxt_politeness_slots_total //p')"
echo "  instance 1 reserved $slots slots"

memory_after="$(used_memory)"
keys_after="$(redis-cli -p "$redis_port" dbsize)"
echo "redis memory per origin of schedule state: $(( (memory_after - memory_before) / origins )) bytes ($((keys_after - keys_before)) slot keys)"
sample="$(redis-cli -p "$redis_port" --scan --pattern 'robotstxt:v1:slot:{*' | awk 'NR == 1')"
echo "  one slot key: $(redis-cli -p "$redis_port" memory usage "$sample") bytes ($sample)"
