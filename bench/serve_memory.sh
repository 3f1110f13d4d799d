#!/usr/bin/env bash
# Memory of `robotstxt serve` against its cache bound (docs/serve.md,
# --cache-bytes): figures, never pass/fail.
#   bench/serve_memory.sh [BUILD_DIR]
# One loopback origin serves a 500 KB robots.txt of short rules under every name; the
# service, bounded by CACHE_BYTES (default 256 MiB), is asked about ORIGINS names (default
# 1,500, about three times what fits) in batches of 50 from 8 clients at once. Printed: the
# bytes the cache counts, and the process's resident memory (VmRSS) after the run.
# Everything runs on 127.0.0.1 and is stopped at the end, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
origins="${ORIGINS:-1500}"
cache_bytes="${CACHE_BYTES:-268435456}"
source bench/lib.sh

/usr/bin/python3 - "$work/robots.txt" <<'PYTHON'
import sys
rules = b"".join(b"Disallow: /p%d\n" % i for i in range(40000))
open(sys.argv[1], "wb").write((b"User-agent: *\n" + rules)[:500_000])
PYTHON
/usr/bin/python3 tests/support/robots_server.py --body "$work/robots.txt" > "$work/origin.out" &
pids+=($!)
for _ in $(seq 100); do [ -s "$work/origin.out" ] && break; sleep 0.05; done
origin_port="$(head -1 "$work/origin.out")"
"$build/robotstxt" serve --listen 127.0.0.1:0 --allow-private --cache-bytes "$cache_bytes" \
  --connect-to "::127.0.0.1:$origin_port" > "$work/serve.out" &
service=$!
pids+=("$service")
for _ in $(seq 100); do [ -s "$work/serve.out" ] && break; sleep 0.05; done
address="$(head -1 "$work/serve.out" | awk '{print $NF}')"
/usr/bin/python3 - "$address" "$origins" "$service" <<'PYTHON'
import concurrent.futures, json, sys, urllib.request
address, origins, pid = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def batch(start):
    urls = [f"http://h{i}.test/x" for i in range(start, min(start + 50, origins))]
    request = urllib.request.Request(f"http://{address}/v1/check",
                                     data=json.dumps({"agent": "bot", "urls": urls}).encode())
    urllib.request.urlopen(request, timeout=300).read()
with concurrent.futures.ThreadPoolExecutor(8) as clients:
    list(clients.map(batch, range(0, origins, 50)))
metrics = urllib.request.urlopen(f"http://{address}/metrics").read().decode().splitlines()
counted = next(int(line.split()[1]) for line in metrics if line.startswith("robotstxt_cache_bytes "))
resident = next(int(line.split()[1]) for line in open(f"/proc/{pid}/status") if line.startswith("VmRSS"))
print(f"origins asked: {origins}; cache counts {counted / 2**20:.0f} MiB; "
      f"resident memory {resident / 1024:.0f} MiB")
PYTHON
