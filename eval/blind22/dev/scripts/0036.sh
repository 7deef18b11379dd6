#!/usr/bin/env bash
# devstack.sh - start/stop the local services for end-to-end runs without
# docker: the API (uvicorn), the worker, and the Vite dev server.
#
#   devstack.sh start     start everything in the background (nohup)
#   devstack.sh stop      stop what we started (PID files in .run/)
#   devstack.sh restart
#   devstack.sh status
#   devstack.sh logs [name]
#   devstack.sh wait      block until every port answers (for CI)
#
# Only PIDs recorded in .run/*.pid are signalled, and only if the process
# command line still contains the command we launched (PID reuse safety).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUN="$ROOT/.run"
LOGS="$ROOT/logs"
STOP_TIMEOUT=10

declare -A CMD=(
  [api]="uvicorn app.main:app --host 127.0.0.1 --port 8000 --reload"
  [worker]="python -m app.worker --queue default"
  [web]="npx --no-install vite --port 5173 --strictPort --host 127.0.0.1"
)
declare -A PORT=([api]=8000 [web]=5173)
declare -A DIR=([api]="$ROOT" [worker]="$ROOT" [web]="$ROOT/web")
NAMES=(api worker web)

say() { printf '[devstack] %s\n' "$*"; }
die() { say "$*" >&2; exit 1; }

pidfile() { printf '%s/%s.pid' "$RUN" "$1"; }

running_pid() {
  # prints the pid if the recorded process is alive and is still ours
  local name="$1" f pid cmdline
  f="$(pidfile "$name")"
  [[ -f "$f" ]] || return 1
  pid="$(<"$f")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  cmdline="$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null || true)"
  local first="${CMD[$name]%% *}"
  [[ "$cmdline" == *"$first"* ]] || return 1
  printf '%s' "$pid"
}

load_env() {
  if [[ -f "$ROOT/.env" ]]; then
    set -a
    # shellcheck disable=SC1091
    . "$ROOT/.env"
    set +a
  fi
  export PYTHONUNBUFFERED=1
}

start_one() {
  local name="$1" pid
  if pid="$(running_pid "$name")"; then
    say "$name already running (pid $pid)"
    return
  fi
  mkdir -p "$RUN" "$LOGS"
  (
    cd "${DIR[$name]}"
    # setsid gives the service its own process group so stop can signal
    # the reloader and its children together
    nohup setsid bash -c "exec ${CMD[$name]}" >>"$LOGS/$name.log" 2>&1 &
    echo $! > "$(pidfile "$name")"
  )
  say "started $name (pid $(<"$(pidfile "$name")"), log: logs/$name.log"
}

stop_one() {
  local name="$1" pid waited=0
  if ! pid="$(running_pid "$name")"; then
    rm -f "$(pidfile "$name")"
    say "$name not running"
    return
  fi
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid"
  while kill -0 "$pid" 2>/dev/null; do
    if ((waited >= STOP_TIMEOUT * 10)); then
      say "$name did not stop in ${STOP_TIMEOUT}s; sending SIGKILL to its group"
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
      break
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  rm -f "$(pidfile "$name")"
  say "stopped $name"
}

port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

wait_ready() {
  local name port deadline=$((SECONDS + 90))
  for name in "${NAMES[@]}"; do
    port="${PORT[$name]:-}"
    [[ -n "$port" ]] || continue
    until port_open "$port"; do
      ((SECONDS < deadline)) || die "$name did not open port $port in time (see logs/$name.log)"
      running_pid "$name" >/dev/null || die "$name exited; last log lines:$(printf '\n'; tail -n 20 "$LOGS/$name.log")"
      sleep 1
    done
    say "$name is listening on 127.0.0.1:$port"
  done
}

status() {
  local name pid
  for name in "${NAMES[@]}"; do
    if pid="$(running_pid "$name")"; then
      printf '%-8s running  pid %-7s %s\n' "$name" "$pid" "${PORT[$name]:+port ${PORT[$name]}}"
    else
      printf '%-8s stopped\n' "$name"
    fi
  done
}

rotate_logs() {
  # keep logs from growing forever across many start/stop cycles
  local f size
  mkdir -p "$LOGS"
  for f in "$LOGS"/*.log; do
    [[ -f "$f" ]] || continue
    size="$(stat -c %s "$f")"
    if ((size > 20 * 1024 * 1024)); then
      mv -f -- "$f" "$f.1"
      say "rotated ${f#$ROOT/} ($((size / 1024 / 1024))M)"
    fi
  done
}

stale_pidfiles() {
  # remove PID files whose process is gone (e.g. after a reboot)
  local f name
  for f in "$RUN"/*.pid; do
    [[ -f "$f" ]] || continue
    name="$(basename "$f" .pid)"
    if ! running_pid "$name" >/dev/null; then
      rm -f -- "$f"
      say "removed stale ${f#$ROOT/}"
    fi
  done
}

logs() {
  local name="${1:-}"
  if [[ -n "$name" ]]; then
    [[ -n "${CMD[$name]+x}" ]] || die "unknown service $name"
    tail -n 100 -f "$LOGS/$name.log"
  else
    tail -n 20 "$LOGS"/*.log
  fi
}

main() {
  local cmd="${1:-status}"; shift || true
  case "$cmd" in
    start)
      load_env
      stale_pidfiles
      rotate_logs
      for n in "${NAMES[@]}"; do start_one "$n"; done
      ;;
    stop)
      for ((i = ${#NAMES[@]} - 1; i >= 0; i--)); do stop_one "${NAMES[$i]}"; done
      ;;
    restart)
      "$0" stop
      "$0" start
      ;;
    status) status ;;
    logs) logs "$@" ;;
    wait) wait_ready ;;
    *) die "usage: $0 start|stop|restart|status|logs [name]|wait" ;;
  esac
}

main "$@"
