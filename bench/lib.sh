# What the service benchmarks share, sourced by bench/serve_bench.sh,
# bench/serve_memory.sh and bench/politeness_bench.sh: a work folder, the processes they
# start (stopped and the folder removed when the script exits, whatever happens), a free
# loopback port, and the wait for a process's first line of output.
work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
first_line() {  # waits for the first line of file $1
  for _ in $(seq 200); do [ -s "$1" ] && head -1 "$1" && return 0; sleep 0.05; done
  echo "no output in $1" >&2; return 1
}
