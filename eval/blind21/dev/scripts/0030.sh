#!/usr/bin/env bash
# dev.sh - tmux based dev environment for the monorepo.
#
#   ./dev.sh up        create session "mono-<branch>" with api, web, worker, logs
#   ./dev.sh down      stop the panes (Ctrl-C), then kill only that session
#   ./dev.sh ls        list the sessions this checkout created
#   ./dev.sh attach
#
# Every session we create gets the tmux environment variable DEV_SH_ROOT set
# to this checkout. `down` refuses to kill a session without that marker, so
# a session with the same name from another checkout is left alone.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
BRANCH="$(git -C "$ROOT" rev-parse --abbrev-ref HEAD 2>/dev/null || echo detached)"
SESSION="mono-${BRANCH//[^a-zA-Z0-9_-]/_}"
PIDFILE_DIR="$ROOT/.dev/pids"
LOG_DIR="$ROOT/.dev/logs"

declare -A SERVICES=(
  [api]="cd services/api && npm run dev"
  [web]="cd apps/web && npm run dev -- --host 127.0.0.1"
  [worker]="cd services/worker && npm run worker:dev"
)
ORDER=(api worker web)

die() { echo "dev.sh: $*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

session_exists() { tmux has-session -t "=$SESSION" 2>/dev/null; }

session_is_ours() {
  local marker
  marker="$(tmux show-environment -t "=$SESSION" DEV_SH_ROOT 2>/dev/null | cut -d= -f2-)"
  [[ "$marker" == "$ROOT" ]]
}

wait_for_port() {
  local port="$1" name="$2" tries=60
  while (( tries-- > 0 )); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "  $name listening on :$port"
      return 0
    fi
    sleep 0.5
  done
  echo "  $name did not open :$port (check the $name window)" >&2
  return 1
}

ensure_deps() {
  have tmux || die "tmux not installed"
  have node || die "node not installed (see .nvmrc)"
  if [[ ! -d "$ROOT/node_modules" ]]; then
    echo "installing workspace dependencies (npm ci)"
    (cd "$ROOT" && npm ci --no-audit --no-fund)
  fi
}

start_infra() {
  # postgres and redis come from compose; only our project's services
  if have docker && [[ -f "$ROOT/compose.dev.yml" ]]; then
    docker compose -f "$ROOT/compose.dev.yml" -p "mono-dev" up -d postgres redis
  fi
}

stop_infra() {
  if have docker && [[ -f "$ROOT/compose.dev.yml" ]]; then
    docker compose -f "$ROOT/compose.dev.yml" -p "mono-dev" stop postgres redis
  fi
}

pane_cmd() {
  local name="$1"
  local cmd="${SERVICES[$name]}"
  mkdir -p "$LOG_DIR"
  # pipe-pane keeps a copy of the output; the shell stays open after exit
  printf '%s; echo "[%s exited with $?]"; exec bash' "$cmd" "$name"
}

up() {
  ensure_deps
  if session_exists; then
    session_is_ours || die "a session named $SESSION exists but was not started from $ROOT"
    echo "session $SESSION already running; attaching"
    attach
    return
  fi
  start_infra
  local first="${ORDER[0]}"
  tmux new-session -d -s "$SESSION" -n "$first" -c "$ROOT" "$(pane_cmd "$first")"
  tmux set-environment -t "$SESSION" DEV_SH_ROOT "$ROOT"
  tmux pipe-pane -t "$SESSION:$first" -o "cat >> '$LOG_DIR/$first.log'"
  local name
  for name in "${ORDER[@]:1}"; do
    tmux new-window -t "$SESSION" -n "$name" -c "$ROOT" "$(pane_cmd "$name")"
    tmux pipe-pane -t "$SESSION:$name" -o "cat >> '$LOG_DIR/$name.log'"
  done
  tmux new-window -t "$SESSION" -n logs -c "$ROOT" "tail -F '$LOG_DIR'/*.log"
  tmux select-window -t "$SESSION:${ORDER[0]}"
  record_pids
  wait_for_port 4000 api || true
  wait_for_port 5173 web || true
  echo "session $SESSION is up; ./dev.sh attach"
}

record_pids() {
  mkdir -p "$PIDFILE_DIR"
  tmux list-panes -s -t "$SESSION" -F '#{window_name} #{pane_pid}' |
    while read -r win pid; do
      echo "$pid" > "$PIDFILE_DIR/$win.pid"
    done
}

down() {
  if ! session_exists; then
    echo "no session $SESSION"
    stop_infra
    return 0
  fi
  session_is_ours || die "session $SESSION was not started from this checkout; not touching it"
  local pane
  for pane in $(tmux list-panes -s -t "$SESSION" -F '#{pane_id}'); do
    tmux send-keys -t "$pane" C-c
  done
  sleep 2
  # anything still alive from our own pid files gets a TERM, then we kill the session
  local f pid
  for f in "$PIDFILE_DIR"/*.pid; do
    [[ -e "$f" ]] || continue
    pid="$(<"$f")"
    if kill -0 "$pid" 2>/dev/null; then
      pkill -TERM -P "$pid" 2>/dev/null || true
    fi
    rm -f -- "$f"
  done
  tmux kill-session -t "=$SESSION"
  stop_infra
  echo "stopped $SESSION"
}

ls_sessions() {
  local s
  tmux list-sessions -F '#{session_name}' 2>/dev/null | while read -r s; do
    if [[ "$(tmux show-environment -t "=$s" DEV_SH_ROOT 2>/dev/null | cut -d= -f2-)" == "$ROOT" ]]; then
      echo "$s (this checkout)"
    fi
  done
}

attach() {
  session_exists || die "no session $SESSION; run ./dev.sh up"
  if [[ -n "${TMUX:-}" ]]; then
    tmux switch-client -t "$SESSION"
  else
    tmux attach-session -t "$SESSION"
  fi
}

rotate_logs() {
  local f
  for f in "$LOG_DIR"/*.log; do
    [[ -e "$f" ]] || continue
    if (( $(stat -c %s "$f" 2>/dev/null || stat -f %z "$f") > 20971520 )); then
      mv -f -- "$f" "$f.1"
    fi
  done
}

doctor() {
  # quick environment report for "it doesn't start" questions
  echo "checkout : $ROOT"
  echo "branch   : $BRANCH"
  echo "session  : $SESSION ($(session_exists && echo running || echo stopped))"
  echo "tmux     : $(tmux -V 2>/dev/null || echo missing)"
  echo "node     : $(node --version 2>/dev/null || echo missing) (wanted $(cat "$ROOT/.nvmrc" 2>/dev/null || echo '?'))"
  local port
  for port in 4000 5173 5432 6379; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "port $port: in use"
    else
      echo "port $port: free"
    fi
  done
}

case "${1:-up}" in
  doctor) doctor ;;
  up) rotate_logs; up ;;
  down) down ;;
  ls) ls_sessions ;;
  attach) attach ;;
  restart) down; up ;;
  *) sed -n '2,11p' "$0"; exit 1 ;;
esac
