#!/usr/bin/env bash
# loadcheck.sh - quick load check of the quotes API with oha (or hey).
#
#   bench/loadcheck.sh                       # 20s at 50 connections, all routes
#   bench/loadcheck.sh -c 200 -z 60s quote
#   bench/loadcheck.sh --compare             # compare with the cached previous run
#
# The script builds and starts the API itself on 127.0.0.1 with a random
# free port, and stops that process (by the PID it recorded) on exit.
# Results: bench/results/<date>-<sha>.json; the previous run on this
# machine is cached at ~/.cache/ledger-loadcheck/last.json.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

CONC=50
DURATION=20s
COMPARE=0
ROUTES=()
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/ledger-loadcheck"
RESULTS_DIR="bench/results"
API_PID=""
API_LOG=""

declare -A ROUTE_PATH=(
  [health]="/healthz"
  [quote]="/v1/quote?sku=A1&qty=2"
  [search]="/v1/search?q=widget"
  [missing]="/v1/quote?sku=NOPE&qty=1"
)

while (( $# )); do
  case "$1" in
    -c) CONC="$2"; shift 2 ;;
    -z) DURATION="$2"; shift 2 ;;
    --compare) COMPARE=1; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    -*) echo "unknown flag $1" >&2; exit 2 ;;
    *) ROUTES+=("$1"); shift ;;
  esac
done
[[ "$CONC" =~ ^[0-9]{1,4}$ ]] || { echo "-c must be a number" >&2; exit 2; }
[[ "$DURATION" =~ ^[0-9]+[sm]$ ]] || { echo "-z must look like 20s or 2m" >&2; exit 2; }
(( ${#ROUTES[@]} )) || ROUTES=(health quote search missing)
for r in "${ROUTES[@]}"; do
  [[ -n "${ROUTE_PATH[$r]:-}" ]] || { echo "unknown route $r" >&2; exit 2; }
done

stop_api() {
  if [[ -n "$API_PID" ]] && kill -0 "$API_PID" 2>/dev/null; then
    kill -TERM "$API_PID"
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 "$API_PID" 2>/dev/null || break
      sleep 0.3
    done
    kill -KILL "$API_PID" 2>/dev/null || true
  fi
  [[ -n "$API_LOG" ]] && rm -f -- "$API_LOG"
}
trap stop_api EXIT

pick_port() {
  local p
  for _ in $(seq 1 50); do
    p=$(( (RANDOM % 20000) + 20000 ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

loader() {
  if command -v oha >/dev/null; then
    echo oha
  elif command -v hey >/dev/null; then
    echo hey
  else
    echo "install oha or hey" >&2
    exit 1
  fi
}

run_one() {
  local tool="$1" url="$2" out="$3"
  if [[ "$tool" == oha ]]; then
    oha --no-tui -j -z "$DURATION" -c "$CONC" "$url" > "$out"
    jq -c '{rps: .summary.requestsPerSec, p50: .latencyPercentiles.p50, p99: .latencyPercentiles.p99, ok: .summary.successRate}' "$out"
  else
    local secs="${DURATION%s}"
    [[ "$DURATION" == *m ]] && secs=$(( ${DURATION%m} * 60 ))
    hey -z "${secs}s" -c "$CONC" "$url" > "$out"
    awk '/Requests\/sec/ {rps=$2} /50%% in/ {p50=$3} /99%% in/ {p99=$3} END {printf "{\"rps\":%s,\"p50\":%s,\"p99\":%s}\n", rps, p50, p99}' "$out"
  fi
}

machine_info() {
  # stored next to the results so runs from different laptops are not mixed
  local cpu
  cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')"
  [[ -z "$cpu" ]] && cpu="$(sysctl -n machdep.cpu.brand_string 2>/dev/null || echo unknown)"
  jq -n --arg cpu "$cpu" --arg cores "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo ?)" \
    --arg go "$(go env GOVERSION)" --arg conc "$CONC" --arg dur "$DURATION" \
    '{cpu: $cpu, cores: $cores, go: $go, connections: $conc, duration: $dur}'
}

check_tools() {
  local t
  for t in go curl jq; do
    command -v "$t" >/dev/null || { echo "missing $t" >&2; exit 1; }
  done
}

check_tools
echo "building API..."
go build -o bin/quotes-api ./cmd/quotes-api

PORT="$(pick_port)" || { echo "no free port" >&2; exit 1; }
API_LOG="$(mktemp -t quotes-api.XXXXXX)"
QUOTES_ADDR="127.0.0.1:$PORT" QUOTES_LOG=warn ./bin/quotes-api >"$API_LOG" 2>&1 &
API_PID=$!

for _ in $(seq 1 60); do
  curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
  kill -0 "$API_PID" 2>/dev/null || { echo "API died:"; cat "$API_LOG"; exit 1; }
  sleep 0.25
done

TOOL="$(loader)"
mkdir -p "$RESULTS_DIR" "$CACHE_DIR"
SCRATCH="$(mktemp -d)"
RESULT="$RESULTS_DIR/$(date +%F)-$(git rev-parse --short HEAD).json"
echo "{" > "$RESULT"
first=1
for r in "${ROUTES[@]}"; do
  url="http://127.0.0.1:$PORT${ROUTE_PATH[$r]}"
  printf '%-8s ' "$r"
  line="$(run_one "$TOOL" "$url" "$SCRATCH/$r.raw")"
  echo "$line"
  (( first )) || echo "," >> "$RESULT"
  printf '  "%s": %s' "$r" "$line" >> "$RESULT"
  first=0
done
printf '\n}\n' >> "$RESULT"
rm -rf -- "$SCRATCH"
machine_info > "${RESULT%.json}.machine.json"

if (( COMPARE )) && [[ -f "$CACHE_DIR/last.json" ]]; then
  echo "compared with previous run:"
  jq -r --slurpfile prev "$CACHE_DIR/last.json" \
    'to_entries[] | "\(.key): \($prev[0][.key].rps // 0 | floor) -> \(.value.rps | floor) rps"' "$RESULT"
fi
cp "$RESULT" "$CACHE_DIR/last.json"
echo "saved $RESULT"
