#!/usr/bin/env bash
# bench.sh - build the gateway in release mode, start it on a random local
# port, load it with wrk and compare with the previous run.
#
#   scripts/bench.sh                 # all scenarios, 20s each
#   scripts/bench.sh -d 60 -c 256 static
#
# Results: bench/out/<git-sha>.txt plus a cache of the last run per machine
# in ~/.cache/gateway-bench/last.txt.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

DURATION=20
CONNS=128
THREADS="$(nproc 2>/dev/null || echo 4)"
SCENARIOS=()
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/gateway-bench"
OUT_DIR="bench/out"
SERVER_PID=""
SERVER_LOG=""

while getopts ":d:c:t:" opt; do
  case "$opt" in
    d) DURATION="$OPTARG" ;;
    c) CONNS="$OPTARG" ;;
    t) THREADS="$OPTARG" ;;
    *) echo "usage: $0 [-d secs] [-c conns] [-t threads] [scenario...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
SCENARIOS=("$@")

for n in "$DURATION" "$CONNS" "$THREADS"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "numeric options only" >&2; exit 2; }
done

declare -A PATHS=(
  [static]="/assets/app.css"
  [proxy]="/api/v1/ping"
  [auth]="/api/v1/me"
  [notfound]="/does-not-exist"
)
if (( ${#SCENARIOS[@]} == 0 )); then
  SCENARIOS=(static proxy auth notfound)
fi
for s in "${SCENARIOS[@]}"; do
  [[ -n "${PATHS[$s]:-}" ]] || { echo "unknown scenario $s (have: ${!PATHS[*]})" >&2; exit 2; }
done

cleanup() {
  # stop only the server this script started
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  [[ -n "$SERVER_LOG" ]] && rm -f "$SERVER_LOG"
}
trap cleanup EXIT INT TERM

free_port() {
  python3 - <<'PY'
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
PY
}

check_tools() {
  local t missing=0
  for t in cargo curl wrk awk join python3; do
    if ! command -v "$t" >/dev/null 2>&1; then
      echo "missing tool: $t" >&2
      missing=1
    fi
  done
  (( missing == 0 )) || exit 1
}

machine_note() {
  # recorded with each result so numbers from different laptops are not mixed up
  local cpu governor
  cpu="$(awk -F: '/model name/ { gsub(/^ +/, "", $2); print $2; exit }' /proc/cpuinfo 2>/dev/null || sysctl -n machdep.cpu.brand_string 2>/dev/null || echo unknown)"
  governor="$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null || echo n/a)"
  printf '# cpu: %s\n# governor: %s\n# threads=%s conns=%s duration=%ss\n' \
    "$cpu" "$governor" "$THREADS" "$CONNS" "$DURATION"
  if [[ "$governor" == "powersave" ]]; then
    echo "warning: CPU governor is powersave; results will be noisy" >&2
  fi
}

warmup() {
  local url="$1"
  # short warm-up so JIT-like caches and connection pools are primed
  wrk -t1 -c4 -d3s "$url" >/dev/null 2>&1 || true
}

check_tools

echo "==> building"
cargo build --release --locked -p gateway 2>&1 | tail -n 3

PORT="$(free_port)"
SERVER_LOG="$(mktemp -t gateway-bench.XXXXXX)"
echo "==> starting gateway on 127.0.0.1:$PORT"
GATEWAY_LISTEN="127.0.0.1:$PORT" GATEWAY_UPSTREAM="mock" RUST_LOG=warn \
  ./target/release/gateway >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!

for _ in $(seq 1 50); do
  if curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "gateway exited early:" >&2
    cat "$SERVER_LOG" >&2
    exit 1
  fi
  sleep 0.2
done

SHA="$(git rev-parse --short HEAD)"
DIRTY=""
[[ -n "$(git status --porcelain)" ]] && DIRTY="-dirty"
mkdir -p "$OUT_DIR" "$CACHE_DIR"
RESULT="$OUT_DIR/${SHA}${DIRTY}.txt"
: > "$RESULT"
machine_note > "$OUT_DIR/${SHA}${DIRTY}.machine"

for s in "${SCENARIOS[@]}"; do
  url="http://127.0.0.1:$PORT${PATHS[$s]}"
  echo "==> $s ($url)"
  warmup "$url"
  out="$(wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" --latency "$url")"
  rps="$(awk '/Requests\/sec/ {print $2}' <<<"$out")"
  p99="$(awk '$1 == "99%" {print $2}' <<<"$out")"
  errors="$(awk '/Non-2xx or 3xx/ {print $NF}' <<<"$out")"
  printf '%-10s rps=%-12s p99=%-10s non2xx=%s\n' "$s" "$rps" "$p99" "${errors:-0}" | tee -a "$RESULT"
done

echo
if [[ -f "$CACHE_DIR/last.txt" ]]; then
  echo "==> compared with previous run on this machine"
  join <(awk '{split($2,a,"="); print $1, a[2]}' "$CACHE_DIR/last.txt" | sort) \
       <(awk '{split($2,a,"="); print $1, a[2]}' "$RESULT" | sort) \
    | awk '{ d = ($2 > 0) ? ($3 - $2) / $2 * 100 : 0; printf "%-10s %10.0f -> %10.0f  (%+.1f%%)\n", $1, $2, $3, d }'
else
  echo "(no previous run cached)"
fi
cp "$RESULT" "$CACHE_DIR/last.txt"
echo "saved $RESULT"
