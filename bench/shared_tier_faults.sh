#!/usr/bin/env bash
# What a shared-tier failure costs, measured: two `robotstxt serve` instances on one
# Redis answer a steady stream of checks (each a new origin, asked of the first instance
# and then of the second, which finds it shared while the tier works), through
#   pause:    Redis frozen for 5 s (SIGSTOP, then SIGCONT), and
#   failover: with Sentinel (1 master, 1 replica, 3 sentinels, down-after 1,000 ms,
#             failover-timeout 2,000 ms), the master killed (SIGKILL).
# Prints per fault: checks asked, lost (no 200), wrong (not robots_server.py's verdict),
# p50/p99/max latency before and during the fault, and the seconds from the fault until
# the second instance reads the first one's fetch again (sharing resumed). Never fails.
# Usage: bench/shared_tier_faults.sh [BUILD_DIR]   (the figures are in docs/serve.md)
set -euo pipefail
build="$(realpath "${1:-build}")"
source_dir="$(cd "$(dirname "$0")/.." && pwd)"
cli="$build/robotstxt"
source "$source_dir/bench/lib.sh"
# A frozen Redis takes no SIGTERM until it runs again: let every process go on first.
trap 'for pid in "${pids[@]}"; do kill -CONT "$pid" 2>/dev/null || true; done; cleanup' EXIT

/usr/bin/python3 "$source_dir/tests/support/robots_server.py" > "$work/origin.out" 2>/dev/null &
pids+=($!)
origin_port="$(first_line "$work/origin.out")"

start_serve() {  # NAME REDIS-ARGS...: prints the port
  local name="$1"
  shift
  "$cli" serve --listen 127.0.0.1:0 --allow-private --connect-to "::127.0.0.1:$origin_port" \
    "$@" > "$work/$name.out" 2> "$work/$name.log" &
  pids+=($!)
  first_line "$work/$name.out" | sed 's/.*://'
}

# The stream: python3 measures, and runs FAULT (a shell command) 2 s in, and, for the
# pause, RESUME 5 s later; it stops 8 s after the fault, or once sharing has resumed
# and 2 s more have passed.
stream() {  # FIRST_PORT SECOND_PORT FAULT RESUME
  /usr/bin/python3 - "$@" << 'PY'
import subprocess, sys, time, urllib.request
first, second, fault, resume = sys.argv[1:5]
def ask(port, host, path):
    url = f"http://127.0.0.1:{port}/v1/check?url=http%3A%2F%2F{host}.test%2F{path}&agent=bot"
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            body, status = answer.read().decode(), answer.status
    except Exception:
        body, status = "", 0
    return time.perf_counter() - started, status, body
before, during = [], []
asked = lost = wrong = 0
fault_at = resumed_at = resumed_after = None
start = time.monotonic()
i = 0
while True:
    now = time.monotonic()
    if fault_at is None and now - start >= 2:
        subprocess.run(fault, shell=True, check=False)
        fault_at = time.monotonic()
    if resume and fault_at and resumed_at is None and now - fault_at >= 5:
        subprocess.run(resume, shell=True, check=False)
        resumed_at = time.monotonic()
    if fault_at and (now - fault_at > 12 or (resumed_after and now - fault_at > resumed_after + 2)):
        break
    path = "private" if i % 2 == 0 else "public"
    host = f"o{i}"
    for port, instance in ((first, 0), (second, 1)):
        took, status, body = ask(port, host, path)
        asked += 1
        (during if fault_at else before).append(took)
        if status != 200:
            lost += 1
            continue
        expected = '"allowed":false' if path == "private" else '"allowed":true'
        wrong += expected not in body
        if (instance == 1 and fault_at and resumed_after is None and '"cache_tier":"shared"' in body
                and (not resume or resumed_at)):
            resumed_after = time.monotonic() - fault_at
    i += 1
    time.sleep(0.02)
def pct(values, q):
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")
print(f"  checks {asked}, lost {lost}, wrong {wrong}")
print(f"  latency before the fault: p50 {pct(before, .5):.1f} ms, p99 {pct(before, .99):.1f} ms, max {pct(before, 1):.1f} ms")
print(f"  latency during the fault: p50 {pct(during, .5):.1f} ms, p99 {pct(during, .99):.1f} ms, max {pct(during, 1):.1f} ms")
print("  sharing resumed " + (f"{resumed_after:.2f} s after the fault" if resumed_after else "not within 12 s"))
PY
}

echo "load: $(uptime)"
echo "pause: Redis frozen 5 s (SIGSTOP ... SIGCONT)"
redis_port="$(free_port)"
start_redis "$redis_port"
first="$(start_serve pause-first --redis "redis://127.0.0.1:$redis_port/0")"
second="$(start_serve pause-second --redis "redis://127.0.0.1:$redis_port/0")"
stream "$first" "$second" "kill -STOP $redis_pid" "kill -CONT $redis_pid"

echo "failover: Sentinel, the master killed"
master_port="$(free_port)"
replica_port="$(free_port)"
start_redis "$master_port"
master_pid="$redis_pid"
start_redis "$replica_port" --replicaof 127.0.0.1 "$master_port"
until redis-cli -p "$replica_port" INFO replication | grep -q master_link_status:up; do sleep 0.1; done
sentinels=""
for i in 1 2 3; do
  port="$(free_port)"
  cat > "$work/sentinel-$i.conf" << CONF
port $port
bind 127.0.0.1
dir $work
sentinel monitor fleet 127.0.0.1 $master_port 2
sentinel down-after-milliseconds fleet 1000
sentinel failover-timeout fleet 2000
CONF
  redis-server "$work/sentinel-$i.conf" --sentinel > "$work/sentinel-$i.log" 2>&1 &
  pids+=($!)
  sentinels="${sentinels:+$sentinels,}127.0.0.1:$port"
done
# Until every sentinel knows the replica and the two others (a failover needs them).
for port in $(echo "$sentinels" | tr , ' ' | sed 's/127.0.0.1://g'); do
  for _ in $(seq 200); do
    info="$(redis-cli -p "$port" SENTINEL MASTER fleet 2> /dev/null | tr '\n' ' ')"
    [[ "$info" == *"num-slaves 1 "* && "$info" == *"num-other-sentinels 2 "* ]] && break
    sleep 0.1
  done
done
first="$(start_serve failover-first --redis-sentinel "$sentinels" --redis-master fleet)"
second="$(start_serve failover-second --redis-sentinel "$sentinels" --redis-master fleet)"
stream "$first" "$second" "kill -KILL $master_pid" ""
