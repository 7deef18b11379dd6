#!/usr/bin/env bash
# serve-local.sh - run the classifier under TorchServe on this machine for
# manual testing, then tear it down again.
#
#   scripts/serve-local.sh start     # archive + start + register
#   scripts/serve-local.sh predict tests/fixtures/images/scratch_01.jpg
#   scripts/serve-local.sh status
#   scripts/serve-local.sh stop      # stop the server started by `start`
#
# The server listens on 127.0.0.1 only (config/ts.local.properties) and its
# pid is kept in build/ts/ts.pid; `stop` only acts on that pid.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STATE="$ROOT/build/ts"
STORE="$STATE/model_store"
LOGS="$STATE/logs"
PIDFILE="$STATE/ts.pid"
PROPS="$ROOT/config/ts.local.properties"
MODEL="defect-cls"
VERSION="$(git -C "$ROOT" describe --tags --always 2>/dev/null || echo dev)"

log() { printf '[serve] %s\n' "$*"; }
die() { printf '[serve] %s\n' "$*" >&2; exit 1; }

prop() { awk -F= -v k="$1" '$1 == k {print $2}' "$PROPS" | tr -d ' '; }
INFER="$(prop inference_address)"; INFER="${INFER:-http://127.0.0.1:8080}"
MGMT="$(prop management_address)"; MGMT="${MGMT:-http://127.0.0.1:8081}"
METRICS="$(prop metrics_address)"; METRICS="${METRICS:-http://127.0.0.1:8082}"

for url in "$INFER" "$MGMT" "$METRICS"; do
  case "$url" in
    http://127.0.0.1:*|http://localhost:*) ;;
    *) die "$PROPS binds $url; this script only runs a local server" ;;
  esac
done

running() {
  [[ -f "$PIDFILE" ]] || return 1
  local pid
  pid="$(cat "$PIDFILE")"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null
}

wait_healthy() {
  local i
  for i in $(seq 1 60); do
    if curl -fsS "$INFER/ping" 2>/dev/null | grep -q Healthy; then
      return 0
    fi
    sleep 1
  done
  return 1
}

archive() {
  mkdir -p "$STORE"
  log "archiving $MODEL $VERSION"
  torch-model-archiver \
    --model-name "$MODEL" \
    --version "$VERSION" \
    --serialized-file "$ROOT/model/weights.pt" \
    --handler "$ROOT/model/handler.py" \
    --extra-files "$ROOT/model/index_to_name.json,$ROOT/model/preprocess.py" \
    --requirements-file "$ROOT/model/requirements.txt" \
    --export-path "$STORE" \
    --force
}

start() {
  running && die "already running (pid $(cat "$PIDFILE"))"
  command -v torchserve >/dev/null || die "torchserve not installed (uv sync --extra serve)"
  archive
  mkdir -p "$LOGS"
  log "starting torchserve"
  LOG_LOCATION="$LOGS" METRICS_LOCATION="$LOGS" \
    torchserve --start --foreground --ncs \
      --model-store "$STORE" \
      --ts-config "$PROPS" \
      --disable-token-auth \
      > "$LOGS/console.log" 2>&1 &
  echo $! > "$PIDFILE"
  if ! wait_healthy; then
    tail -n 30 "$LOGS/console.log" >&2
    stop
    die "server did not become healthy"
  fi
  log "registering $MODEL.mar"
  curl -fsS -X POST "$MGMT/models?url=$MODEL.mar&initial_workers=1&synchronous=true" | jq -r '.status'
  log "ready: $INFER/predictions/$MODEL"
}

predict() {
  running || die "not running; use: $0 start"
  local img
  (($#)) || die "give one or more image paths"
  for img in "$@"; do
    [[ -f "$img" ]] || die "no such file: $img"
    printf '%s: ' "$(basename "$img")"
    curl -fsS -X POST "$INFER/predictions/$MODEL" -T "$img" | jq -c '
      to_entries | sort_by(-.value) | .[:3] | map("\(.key)=\(.value*100|floor)%") | join(" ")'
  done
}

status() {
  if running; then
    log "running (pid $(cat "$PIDFILE"))"
    curl -fsS "$MGMT/models/$MODEL" | jq '.[0] | {modelVersion, workers: [.workers[] | {id, status, memoryUsage}]}'
    curl -fsS "$METRICS/metrics" 2>/dev/null | grep -E '^ts_inference_requests_total' || true
  else
    log "not running"
  fi
}

stop() {
  if ! running; then
    log "not running"
    rm -f -- "$PIDFILE"
    return 0
  fi
  local pid
  pid="$(cat "$PIDFILE")"
  curl -fsS -X DELETE "$MGMT/models/$MODEL" >/dev/null 2>&1 || true
  log "stopping pid $pid"
  kill -TERM "$pid"
  for _ in $(seq 1 20); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  rm -f -- "$PIDFILE"
  # the model store is rebuilt on every start; logs are kept for inspection
  rm -rf -- "$STORE"
}

logs() {
  [[ -d "$LOGS" ]] || die "no logs yet"
  tail -n "${1:-50}" "$LOGS/console.log" "$LOGS"/model_log.log 2>/dev/null
}

bench() {
  running || die "not running"
  local img="${1:-$ROOT/tests/fixtures/images/scratch_01.jpg}" n="${2:-50}" start_ns end_ns
  start_ns="$(date +%s%N)"
  for _ in $(seq 1 "$n"); do
    curl -fsS -o /dev/null -X POST "$INFER/predictions/$MODEL" -T "$img"
  done
  end_ns="$(date +%s%N)"
  log "$n requests, mean $(( (end_ns - start_ns) / n / 1000000 )) ms"
}

# Compare the server's answers with the expected labels kept next to the
# fixtures; handy after swapping weights.
check_fixtures() {
  running || die "not running"
  local expected="$ROOT/tests/fixtures/expected_top1.json" img name want got bad=0
  [[ -f "$expected" ]] || die "missing $expected"
  for img in "$ROOT"/tests/fixtures/images/*.jpg; do
    name="$(basename "$img")"
    want="$(jq -r --arg n "$name" '.[$n] // empty' "$expected")"
    [[ -n "$want" ]] || continue
    got="$(curl -fsS -X POST "$INFER/predictions/$MODEL" -T "$img" \
      | jq -r 'to_entries | max_by(.value) | .key')"
    if [[ "$got" != "$want" ]]; then
      log "MISMATCH $name: want $want got $got"
      bad=$((bad + 1))
    fi
  done
  (( bad == 0 )) && log "all fixtures match" || die "$bad fixture(s) differ"
}

cmd="${1:-}"
shift || true
case "$cmd" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  predict) predict "$@" ;;
  logs) logs "$@" ;;
  bench) bench "$@" ;;
  check) check_fixtures ;;
  restart) stop; start ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
