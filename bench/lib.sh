# What the service benchmarks share, sourced by the bench/*.sh that start processes: a
# work folder, the processes they start (stopped and the folder removed when the script
# exits, whatever happens), a free loopback port, the wait for a process's first line of
# output, and a Redis to share.
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

# A redis-server on 127.0.0.1:PORT without persistence (ARGS after the defaults), stopped
# at exit; returns once it answers, its pid in redis_pid; fails after 10 s without.
start_redis() {  # PORT [ARGS...]
  local port="$1"
  shift
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" "$@" \
    > "$work/redis-$port.out" 2>&1 &
  redis_pid=$!
  pids+=("$redis_pid")
  for _ in $(seq 200); do redis-cli -p "$port" ping > /dev/null 2>&1 && return 0; sleep 0.05; done
  echo "redis-server on $port did not start" >&2
  return 1
}
