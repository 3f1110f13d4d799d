#!/usr/bin/env bash
# Benchmark of `robotstxt serve --redis-cluster` against `--redis` (docs/serve.md "Redis
# Cluster", "Sizing a fleet"): figures, never pass/fail. What it measures is the overhead
# of the cluster, so both run on this machine, one after the other, in the same run.
#   bench/cluster_bench.sh [BUILD_DIR]     (scripts/install-deps --bench installs wrk and bc)
# For one Redis and a local Redis Cluster of three masters (no replicas), ROUNDS times
# (default 2), alternating which goes first:
# 1. loads ORIGINS origins (default 1,000,000; ORIGINS=20000 for a quick run) through two
#    instances, as batches of 2,000 URLs sent alternately to each: wall time, and Redis
#    memory per origin (used_memory after minus before, summed over the masters, divided
#    by ORIGINS; a 33-byte robots.txt);
# 2. reads from the shared tier (checks/s): a third instance, its memory empty, checks
#    the URLs of the first READS origins (default 100,000) in batches: every origin is one
#    record read from Redis;
# 3. POST /v1/acquire with wrk on both instances at once, CONNECTIONS connections each
#    (default 16), SECONDS_PER_RUN seconds (default 10), over the first READS origins:
#    acquires/s (each one Lua script on the origin's master).
# The origin is build/bench/robots_origin: one 33-byte robots.txt for every host, each
# answer a read and a write, so loading measures the instances and Redis, not the origin.
# Everything runs on 127.0.0.1 and is stopped at the end, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
cli="$build/robotstxt"
origins="${ORIGINS:-1000000}"
reads="${READS:-100000}"
[ "$reads" -le "$origins" ] || reads="$origins"
connections="${CONNECTIONS:-16}"
seconds="${SECONDS_PER_RUN:-10}"
rounds="${ROUNDS:-2}"
source bench/lib.sh

"$build/bench/robots_origin" > "$work/origin.out" 2>&1 &
pids+=($!)
origin_port="$(first_line "$work/origin.out")"

single_port="$(free_port)"
start_redis "$single_port"
cluster_ports=()
for node in 1 2 3; do
  port="$(free_port)"
  start_redis "$port" --cluster-enabled yes --cluster-config-file "$work/nodes$node.conf" \
    --cluster-port "$(free_port)"
  cluster_ports+=("$port")
done
redis-cli --cluster create "${cluster_ports[@]/#/127.0.0.1:}" --cluster-yes > "$work/create.out"
for _ in $(seq 400); do
  ok=0
  for port in "${cluster_ports[@]}"; do
    redis-cli -p "$port" cluster info | grep -q 'cluster_state:ok' && ok=$((ok + 1))
  done
  [ "$ok" -eq 3 ] && break
  sleep 0.05
done

used_memory() {  # summed over the ports given
  local total=0
  for port in "$@"; do
    total=$((total + $(redis-cli -p "$port" info memory | sed -n 's/^used_memory:\([0-9]*\).*/\1/p')))
  done
  echo "$total"
}

# Batches of 2,000 URLs over the first $2 origins of run $1 (host names h<i>.$1.bench).
/usr/bin/python3 - "$origins" "$work" <<'PY'
import json, sys
origins, work = int(sys.argv[1]), sys.argv[2]
for b in range(0, origins, 2000):
    urls = [f"http://h{i}.RUN.bench/page" for i in range(b, min(b + 2000, origins))]
    with open(f"{work}/batch{b // 2000:06d}.json", "w") as out:
        json.dump({"agent": "bot", "urls": urls}, out)
PY

start_serve() {  # $1: name, then the store's options; prints the port
  local name="$1"
  shift
  "$cli" serve --listen 127.0.0.1:0 "$@" --allow-private --connect-to "::127.0.0.1:$origin_port" \
    --concurrency 16 --max-batch 2000 --max-batch-origins 2000 > "$work/serve-$name.out" 2>&1 &
  pids+=($!)
  first_line "$work/serve-$name.out" | sed 's/.*://'
}

post_batches() {  # $1: run name, $2: how many batches, then ports to alternate over
  local run="$1" count="$2"
  shift 2
  local ports=("$@") n=0 running=0
  for file in $(ls "$work"/batch*.json | head -n "$count"); do
    sed "s/RUN/$run/g" "$file" > "$work/send-$n.json"
    curl -sSf -o /dev/null -X POST --data-binary "@$work/send-$n.json" \
      "http://127.0.0.1:${ports[$((n % ${#ports[@]}))]}/v1/check" &
    n=$((n + 1))
    running=$((running + 1))
    # Four batches in flight at once: enough to keep two instances busy.
    if [ "$running" -ge 4 ]; then wait -n; running=$((running - 1)); fi
  done
  while [ "$running" -gt 0 ]; do wait -n; running=$((running - 1)); done
  rm -f "$work"/send-*.json
}

run() {  # $1: name, $2: the ports of its masters (comma-separated), then serve's store options
  local name="$1" masters="$2"
  shift 2
  IFS=, read -r -a master_ports <<< "$masters"
  local before after first second third start end
  # Each run starts from an empty Redis: the schedule keys an earlier run left expire
  # while this one loads, which would lower its memory figure.
  for port in "${master_ports[@]}"; do redis-cli -p "$port" flushall > /dev/null; done
  before="$(used_memory "${master_ports[@]}")"
  first="$(start_serve "$name-1" "$@")"
  second="$(start_serve "$name-2" "$@")"
  start=$(date +%s.%N)
  post_batches "$name" $(( (origins + 1999) / 2000 )) "$first" "$second"
  end=$(date +%s.%N)
  after="$(used_memory "${master_ports[@]}")"
  local keys=0
  for port in "${master_ports[@]}"; do keys=$((keys + $(redis-cli -p "$port" dbsize))); done
  echo "$name: loaded $origins origins through 2 instances in $(echo "$end - $start" | bc) s; $keys keys"
  echo "$name: redis memory per origin: $(( (after - before) / origins )) bytes"
  third="$(start_serve "$name-3" "$@")"
  start=$(date +%s.%N)
  post_batches "$name" $(( (reads + 1999) / 2000 )) "$third"
  end=$(date +%s.%N)
  echo "$name: checks from the shared tier: $(echo "scale=0; $reads / ($end - $start)" | bc) checks/s ($reads origins, one instance, memory empty)"
  cat > "$work/acquire.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local origins = $reads
counter = 0
function setup(thread) thread:set("counter", math.random(origins)) end
function request()
  counter = counter + 1
  return wrk.format(nil, nil, nil,
    '{"url":"http://h' .. (counter % origins) .. '.$name.bench/page","agent":"bot"}')
end
LUA
  local loads=() total=0 rate
  for port in "$first" "$second"; do
    wrk -t1 -c"$connections" -d"${seconds}s" -s "$work/acquire.lua" \
      "http://127.0.0.1:$port/v1/acquire" > "$work/wrk-$name-$port.out" &
    loads+=($!)
  done
  wait "${loads[@]}"
  for port in "$first" "$second"; do
    rate="$(sed -n 's/^Requests\/sec: *\([0-9.]*\)/\1/p' "$work/wrk-$name-$port.out")"
    total="$(echo "$total + $rate" | bc)"
  done
  echo "$name: POST /v1/acquire, 2 instances x $connections connections, ${seconds}s: $total acquires/s"
}

echo "load: $(uptime | sed 's/.*load average/load average/')"
cluster_seeds="$(IFS=,; echo "${cluster_ports[*]/#/127.0.0.1:}")"
single() { run "single$1" "$single_port" --redis "redis://127.0.0.1:$single_port/0"; }
cluster() { run "cluster$1" "$(IFS=,; echo "${cluster_ports[*]}")" --redis-cluster "$cluster_seeds"; }
# Paired and alternating, so that a machine whose speed drifts favours neither: one Redis
# first in odd rounds, the cluster first in even ones.
for round in $(seq "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then single "$round"; cluster "$round"; else cluster "$round"; single "$round"; fi
done
for port in "${cluster_ports[@]}"; do
  echo "cluster: master $port holds $(redis-cli -p "$port" dbsize) keys"
done
# Each run loads its own origins (h<i>.<run>.bench), and reads and acquires only origins
# it loaded: once a robots.txt is in the shared tier, no instance fetches it again.
fetched="$(curl -s "http://127.0.0.1:$origin_port/__requests")"
echo "robots.txt requests at the origin: $fetched ($((2 * rounds * origins)) if each origin was fetched once per fleet)"
echo "load: $(uptime | sed 's/.*load average/load average/')"
