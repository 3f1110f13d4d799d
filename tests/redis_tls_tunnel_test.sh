#!/usr/bin/env bash
# The shared tier over TLS as docs/serve.md "Redis over TLS" sets it up with what Debian
# ships (hiredis 0.14 speaks no TLS): redis-server listening with tls-port only, stunnel4
# in client mode in front of it on loopback, and two `robotstxt serve` instances pointed
# at the tunnel. One writes a record through it, the other reads it, and the record is
# on the TLS-only Redis. A throwaway CA and certificate are made here with openssl.
# Usage: redis_tls_tunnel_test.sh ROBOTSTXT_CLI SOURCE_DIR. Exit 77 (skipped) only when
# stunnel4 or openssl is missing.
set -euo pipefail
cli="$(realpath "$1")"
source_dir="$(realpath "$2")"
for tool in stunnel4 openssl redis-server redis-cli; do
  if ! command -v "$tool" > /dev/null; then
    echo "SKIP: $tool is not installed (scripts/install-deps installs it)"
    exit 77
  fi
done

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -9 "$pid" 2> /dev/null || true; done
  wait 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  for log in "$work"/*.log; do echo "--- $log" >&2; tail -n 20 "$log" >&2; done
  exit 1
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits up to 10 s for COMMAND to succeed.
wait_for() {
  for _ in $(seq 100); do
    if "$@" > /dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  return 1
}

cd "$work"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=throwaway-ca \
  -keyout ca.key -out ca.crt 2> openssl.log
openssl req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout redis.key -out redis.csr \
  2>> openssl.log
printf 'subjectAltName = IP:127.0.0.1\n' > san.ext
openssl x509 -req -in redis.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 1 \
  -extfile san.ext -out redis.crt 2>> openssl.log

tls_port="$(free_port)"
redis-server --port 0 --tls-port "$tls_port" --bind 127.0.0.1 --tls-cert-file redis.crt \
  --tls-key-file redis.key --tls-ca-cert-file ca.crt --tls-auth-clients no --save '' \
  --appendonly no --daemonize no > redis.log 2>&1 &
pids+=($!)
tls_cli=(redis-cli -h 127.0.0.1 -p "$tls_port" --tls --cacert ca.crt)
wait_for "${tls_cli[@]}" PING || fail "redis-server did not answer on its TLS port"
# Nothing plain is spoken there: a client without TLS gets no answer.
if [ "$(redis-cli -h 127.0.0.1 -p "$tls_port" -t 1 PING 2> /dev/null)" = PONG ]; then
  fail "the TLS port answered plain text"
fi

tunnel_port="$(free_port)"
cat > stunnel.conf << CONF
foreground = yes
pid =
[redis]
client = yes
accept = 127.0.0.1:$tunnel_port
connect = 127.0.0.1:$tls_port
verifyChain = yes
CAfile = $work/ca.crt
checkIP = 127.0.0.1
CONF
stunnel4 stunnel.conf > stunnel.log 2>&1 &
pids+=($!)
wait_for redis-cli -h 127.0.0.1 -p "$tunnel_port" PING || fail "stunnel did not tunnel PING"

python3 "$source_dir/tests/support/robots_server.py" > origin.out 2> origin.log &
pids+=($!)
wait_for test -s origin.out || fail "robots_server.py did not start"
origin_port="$(head -n 1 origin.out)"

# Starts `robotstxt serve` on the tunnel; prints its port.
start_serve() {
  local name="$1"
  "$cli" serve --listen 127.0.0.1:0 --allow-private --connect-to "::127.0.0.1:$origin_port" \
    --redis "redis://127.0.0.1:$tunnel_port/0" > "$name.out" 2> "$name.log" &
  pids+=($!)
  wait_for grep -q '^listening on' "$name.out" || fail "$name did not start"
  sed -n 's/^listening on 127.0.0.1://p' "$name.out"
}
first_port="$(start_serve first)"
second_port="$(start_serve second)"

check() {
  curl -s "http://127.0.0.1:$1/v1/check?url=http%3A%2F%2Ftls.test%2Fprivate&agent=bot"
}
answer="$(check "$first_port")"
case "$answer" in
  *'"allowed":false'*'"cache_tier":"fetched"'* | *'"cache_tier":"fetched"'*'"allowed":false'*) ;;
  *) fail "the first instance answered: $answer" ;;
esac
[ "$("${tls_cli[@]}" EXISTS "robotstxt:v1:origin:{http://tls.test}")" = 1 ] ||
  fail "the record is not on the TLS-only Redis"
answer="$(check "$second_port")"
case "$answer" in
  *'"cache_tier":"shared"'*) ;;
  *) fail "the second instance did not read the first one's record: $answer" ;;
esac
ready="$(curl -s "http://127.0.0.1:$second_port/readyz")"
case "$ready" in
  *'"shared_tier":"reachable"'*) ;;
  *) fail "/readyz: $ready" ;;
esac
echo "PASS: written and read through stunnel to redis-server's tls-port $tls_port"
