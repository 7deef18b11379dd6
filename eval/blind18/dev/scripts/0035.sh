#!/usr/bin/env bash
# local-llm.sh - fetch the project's GGUF model and run llama.cpp's server for dev.
#
#   scripts/local-llm.sh fetch        download + verify the pinned model
#   scripts/local-llm.sh serve        start llama-server on 127.0.0.1 (foreground)
#   scripts/local-llm.sh start|stop   background server tracked by a pid file
#   scripts/local-llm.sh status
#   scripts/local-llm.sh gc           delete old model revisions from our cache dir
#
# Models live in ~/.cache/acme-assist/models/<sha256>.gguf. The pinned URL and
# hash are in ai/model.lock (format: url sha256 filename).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOCK="$ROOT/ai/model.lock"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/acme-assist"
MODELS="$CACHE/models"
STATE="$CACHE/run"
PIDFILE="$STATE/llama-server.pid"
LOGFILE="$STATE/llama-server.log"
HOST="127.0.0.1"
PORT="${LLM_PORT:-8089}"
CTX="${LLM_CTX:-8192}"
NGL="${LLM_GPU_LAYERS:-99}"

info() { echo "local-llm: $*"; }
die() { echo "local-llm: $*" >&2; exit 1; }

read_lock() {
  [[ -f "$LOCK" ]] || die "missing $LOCK"
  read -r MODEL_URL MODEL_SHA MODEL_NAME < <(grep -vE '^\s*(#|$)' "$LOCK" | head -n 1)
  [[ "$MODEL_URL" == https://huggingface.co/* ]] || die "model.lock must point at huggingface.co"
  [[ "$MODEL_SHA" =~ ^[0-9a-f]{64}$ ]] || die "bad sha256 in model.lock"
  MODEL_PATH="$MODELS/$MODEL_SHA.gguf"
}

sha256_of() {
  if command -v sha256sum >/dev/null; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

fetch() {
  read_lock
  mkdir -p "$MODELS"
  if [[ -f "$MODEL_PATH" ]]; then
    info "$MODEL_NAME already cached"
    return 0
  fi
  local part="$MODEL_PATH.part"
  local -a auth=()
  [[ -n "${HF_TOKEN:-}" ]] && auth=(-H "Authorization: Bearer $HF_TOKEN")
  info "downloading $MODEL_NAME"
  # -C - resumes an interrupted download of the same .part file
  curl -fL --retry 3 -C - "${auth[@]}" -o "$part" "$MODEL_URL"
  local got
  got="$(sha256_of "$part")"
  if [[ "$got" != "$MODEL_SHA" ]]; then
    rm -f "$part"
    die "checksum mismatch for $MODEL_NAME (got $got)"
  fi
  mv "$part" "$MODEL_PATH"
  ln -sfn "$MODEL_PATH" "$MODELS/current.gguf"
  info "verified and cached at $MODEL_PATH"
}

server_bin() {
  local bin
  for bin in llama-server "$ROOT/third_party/llama.cpp/build/bin/llama-server"; do
    if command -v "$bin" >/dev/null 2>&1 || [[ -x "$bin" ]]; then
      echo "$bin"
      return 0
    fi
  done
  die "llama-server not found; build third_party/llama.cpp or install llama.cpp"
}

server_args() {
  read_lock
  [[ -f "$MODEL_PATH" ]] || die "model not fetched yet; run: $0 fetch"
  printf '%s\n' -m "$MODEL_PATH" --host "$HOST" --port "$PORT" -c "$CTX" -ngl "$NGL" \
    --alias "acme-assist" --metrics --no-webui
}

is_running() {
  [[ -f "$PIDFILE" ]] || return 1
  local pid
  pid="$(cat "$PIDFILE")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  # make sure the pid still belongs to llama-server, not a recycled pid
  ps -p "$pid" -o comm= | grep -q llama-server
}

wait_healthy() {
  local i
  for i in $(seq 1 120); do
    if curl -fs "http://$HOST:$PORT/health" | grep -q '"ok"'; then
      return 0
    fi
    sleep 1
  done
  return 1
}

serve() {
  local bin
  bin="$(server_bin)"
  mapfile -t args < <(server_args)
  info "serving on http://$HOST:$PORT (Ctrl-C to stop)"
  exec "$bin" "${args[@]}"
}

start() {
  if is_running; then
    info "already running (pid $(cat "$PIDFILE"))"
    return 0
  fi
  mkdir -p "$STATE"
  local bin
  bin="$(server_bin)"
  mapfile -t args < <(server_args)
  nohup "$bin" "${args[@]}" >"$LOGFILE" 2>&1 &
  echo $! > "$PIDFILE"
  info "started pid $(cat "$PIDFILE"), waiting for /health"
  if ! wait_healthy; then
    tail -n 30 "$LOGFILE" >&2
    stop
    die "server did not become healthy"
  fi
  info "ready at http://$HOST:$PORT"
}

stop() {
  if ! is_running; then
    info "not running"
    rm -f "$PIDFILE"
    return 0
  fi
  local pid
  pid="$(cat "$PIDFILE")"
  kill "$pid"
  local i
  for i in $(seq 1 20); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
  rm -f "$PIDFILE"
  info "stopped pid $pid"
}

status() {
  if is_running; then
    info "running, pid $(cat "$PIDFILE"), http://$HOST:$PORT"
    curl -fs "http://$HOST:$PORT/v1/models" | jq -r '.data[].id' 2>/dev/null || true
  else
    info "not running"
  fi
}

gc() {
  read_lock
  [[ -d "$MODELS" ]] || return 0
  local f freed=0 size
  for f in "$MODELS"/*.gguf; do
    [[ -f "$f" && ! -L "$f" ]] || continue
    [[ "$f" == "$MODEL_PATH" ]] && continue
    size="$(du -k "$f" | cut -f1)"
    freed=$((freed + size))
    info "removing old revision $(basename "$f")"
    rm -f -- "$f"
  done
  rm -f "$MODELS"/*.part
  info "freed $((freed / 1024)) MiB"
}

case "${1:-}" in
  fetch) fetch ;;
  serve) fetch; serve ;;
  start) fetch; start ;;
  stop) stop ;;
  restart) stop; start ;;
  status) status ;;
  gc) gc ;;
  *) sed -n '2,11p' "$0"; exit 2 ;;
esac
