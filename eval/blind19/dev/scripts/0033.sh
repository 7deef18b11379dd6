#!/usr/bin/env bash
# scripts/share-dev.sh - show the local dev server to someone for a limited time.
#
# Starts (or reuses) `pnpm dev` on 127.0.0.1:$PORT, opens an ngrok HTTPS tunnel
# to that port only, protects it with basic auth, prints the public URL, and
# closes everything after $MINUTES (default 45). Both processes are children
# of this script and are killed on exit; nothing else is touched.
#
#   scripts/share-dev.sh            # 45 minutes
#   MINUTES=10 scripts/share-dev.sh
set -euo pipefail

PORT="${PORT:-3000}"
MINUTES="${MINUTES:-45}"
STATE_DIR="$(pwd)/.cache/share-dev"
NGROK_API="http://127.0.0.1:4040/api/tunnels"
MAX_MINUTES=180

dev_pid=""
ngrok_pid=""

mkdir -p "$STATE_DIR"

say() { printf '[share] %s\n' "$*"; }
die() { say "error: $*" >&2; exit 1; }

cleanup() {
  local pid
  for pid in "$ngrok_pid" "$dev_pid"; do
    if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
    fi
  done
  sleep 1
  for pid in "$ngrok_pid" "$dev_pid"; do
    if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  rm -f "$STATE_DIR"/*.pid "$STATE_DIR/url"
  say "tunnel closed"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

check_limits() {
  [[ "$MINUTES" =~ ^[0-9]+$ ]] || die "MINUTES must be a number"
  (( MINUTES > 0 && MINUTES <= MAX_MINUTES )) || die "MINUTES must be 1..$MAX_MINUTES"
  [[ "$PORT" =~ ^[0-9]+$ ]] || die "PORT must be a number"
  command -v ngrok >/dev/null || die "ngrok is not installed"
  ngrok config check >/dev/null 2>&1 || die "ngrok has no authtoken configured (ngrok config add-authtoken ...)"
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null
}

start_dev() {
  if port_in_use; then
    say "reusing the server already on 127.0.0.1:$PORT"
    return 0
  fi
  say "starting pnpm dev on 127.0.0.1:$PORT"
  HOST=127.0.0.1 PORT="$PORT" pnpm dev >"$STATE_DIR/dev.log" 2>&1 &
  dev_pid=$!
  echo "$dev_pid" > "$STATE_DIR/dev.pid"
  local i
  for i in $(seq 1 90); do
    port_in_use && return 0
    kill -0 "$dev_pid" 2>/dev/null || die "dev server exited (see $STATE_DIR/dev.log)"
    sleep 1
  done
  die "dev server did not listen on $PORT within 90s"
}

make_password() {
  # a fresh password per share; printed once for the person you send the link to
  LC_ALL=C tr -dc 'a-zA-Z0-9' </dev/urandom | head -c 20
}

start_tunnel() {
  local password="$1"
  ngrok http "127.0.0.1:$PORT" \
    --basic-auth "guest:$password" \
    --log stdout --log-format json >"$STATE_DIR/ngrok.log" 2>&1 &
  ngrok_pid=$!
  echo "$ngrok_pid" > "$STATE_DIR/ngrok.pid"
}

public_url() {
  local i url
  for i in $(seq 1 30); do
    url="$(curl -fsS "$NGROK_API" 2>/dev/null | jq -r '.tunnels[] | select(.proto=="https") | .public_url' | head -n1 || true)"
    if [[ -n "$url" && "$url" != null ]]; then
      printf '%s\n' "$url"
      return 0
    fi
    kill -0 "$ngrok_pid" 2>/dev/null || die "ngrok exited (see $STATE_DIR/ngrok.log)"
    sleep 1
  done
  die "ngrok did not report a tunnel"
}

banner() {
  local url="$1" password="$2" until
  until="$(date -d "+$MINUTES minutes" +%H:%M 2>/dev/null || date -v "+${MINUTES}M" +%H:%M)"
  echo "$url" > "$STATE_DIR/url"
  printf '\n  URL:      %s\n  user:     guest\n  password: %s\n  closes:   %s\n\n' "$url" "$password" "$until"
}

watch() {
  local deadline=$(( $(date +%s) + MINUTES * 60 ))
  local next_note=$(( $(date +%s) + 600 ))
  while (( $(date +%s) < deadline )); do
    if [[ -n "$dev_pid" ]] && ! kill -0 "$dev_pid" 2>/dev/null; then
      die "dev server stopped"
    fi
    kill -0 "$ngrok_pid" 2>/dev/null || die "ngrok stopped"
    if (( $(date +%s) >= next_note )); then
      say "$(( (deadline - $(date +%s)) / 60 )) minute(s) left"
      next_note=$(( next_note + 600 ))
    fi
    sleep 5
  done
  say "time is up"
}

reap_previous() {
  # a previous run killed with -9 leaves pid files behind; stop only those
  # processes, and only if they are still the programs we started
  local file pid expected
  for file in "$STATE_DIR"/*.pid; do
    [[ -e "$file" ]] || continue
    pid="$(cat "$file")"
    case "$(basename "$file")" in
      ngrok.pid) expected=ngrok ;;
      dev.pid) expected=node ;;
      *) expected="" ;;
    esac
    if [[ -n "$expected" && -r "/proc/$pid/comm" ]] && grep -q "$expected" "/proc/$pid/comm"; then
      say "stopping leftover $expected (pid $pid)"
      kill -TERM "$pid" 2>/dev/null || true
    fi
    rm -f "$file"
  done
}

log_requests() {
  # summary of who looked, from ngrok's local inspection API
  local out="$STATE_DIR/requests-$(date +%Y%m%d-%H%M).json"
  curl -fsS "http://127.0.0.1:4040/api/requests/http?limit=100" 2>/dev/null \
    | jq '[.requests[] | {path: .request.uri, status: .response.status_code, at: .start}]' \
    > "$out" 2>/dev/null || rm -f "$out"
  [[ -f "$out" ]] && say "request log: $out"
  return 0
}

status_only() {
  if [[ -f "$STATE_DIR/url" ]]; then
    say "active: $(cat "$STATE_DIR/url")"
  else
    say "no active share"
  fi
  exit 0
}

main() {
  [[ "${1:-}" == "--status" ]] && status_only
  reap_previous
  check_limits
  start_dev
  local password url
  password="$(make_password)"
  start_tunnel "$password"
  url="$(public_url)"
  banner "$url" "$password"
  watch
  log_requests
}

main "$@"
