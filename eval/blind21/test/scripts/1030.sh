#!/usr/bin/env bash
# procs.sh - run the Procfile.dev processes in one tmux session.
#
#   bin/procs.sh start         session "<dir>-procs" with one window per Procfile entry
#   bin/procs.sh stop          Ctrl-C every window, then kill that one session
#   bin/procs.sh restart web   restart one process
#   bin/procs.sh logs worker   last 200 lines of a window
#   bin/procs.sh status
#
# The session records its owner checkout in the tmux option @procs_root.
# stop/restart refuse to touch a session whose @procs_root is different, and
# nothing outside that session is ever signalled.
#
# Requirements: tmux >= 3.0 (user options on sessions).
set -euo pipefail

APP_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
PROCFILE="$APP_ROOT/Procfile.dev"
SESSION="$(basename "$APP_ROOT" | tr -c 'A-Za-z0-9_-\n' '_')-procs"
ENV_FILE="$APP_ROOT/.env.development"
STOP_GRACE=5

err() { printf 'procs: %s\n' "$*" >&2; }
die() { err "$*"; exit 1; }

have_session() { tmux has-session -t "=$SESSION" 2>/dev/null; }

owned() {
  local root
  root=$(tmux show-options -t "=$SESSION" -qv @procs_root 2>/dev/null || true)
  [[ "$root" == "$APP_ROOT" ]]
}

require_owned() {
  have_session || die "session $SESSION is not running"
  owned || die "session $SESSION belongs to another checkout; not touching it"
}

# Procfile lines look like "name: command"; comments and blanks are skipped
read_procfile() {
  [[ -f "$PROCFILE" ]] || die "no Procfile.dev in $APP_ROOT"
  local line name cmd
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    name=${line%%:*}
    cmd=${line#*:}
    cmd=${cmd#"${cmd%%[![:space:]]*}"}
    [[ "$name" =~ ^[a-z][a-z0-9_-]*$ ]] || die "bad process name '$name' in Procfile.dev"
    printf '%s\t%s\n' "$name" "$cmd"
  done < "$PROCFILE"
}

# Example Procfile.dev:
#
#   web: PORT=3000 bin/rails server -b 127.0.0.1
#   worker: bundle exec sidekiq -C config/sidekiq.yml
#   css: bin/rails tailwindcss:watch
#   js: yarn build --watch
#
# Every window runs in the checkout root with .env.development loaded (if it
# exists). When the process exits, the window drops to a shell instead of
# closing, so the last error message stays on screen.
#
# The command string is built with printf %q for the directory; the
# Procfile command itself is trusted project content, exactly as foreman or
# overmind would run it.
#
# Note: tmux runs window commands through the default shell with -c, so a
# Procfile entry can use shell features (pipes, env assignments).
# Windows are created detached (-d) so start never steals focus from the
# developer's current tmux client.
window_cmd() {
  local cmd=$1
  local envload=""
  if [[ -f "$ENV_FILE" ]]; then
    envload="set -a; . '$ENV_FILE'; set +a; "
  fi
  printf 'cd %q && %s%s; status=$?; echo; echo "[exited with $status]"; exec "${SHELL:-bash}"' \
    "$APP_ROOT" "$envload" "$cmd"
}

start() {
  command -v tmux >/dev/null || die "tmux is not installed"
  if have_session; then
    owned || die "a different checkout already runs a session named $SESSION"
    echo "session $SESSION already running"
    return 0
  fi
  local first=1 name cmd count=0
  while IFS=$'\t' read -r name cmd; do
    if (( first )); then
      tmux new-session -d -s "$SESSION" -n "$name" -c "$APP_ROOT" "$(window_cmd "$cmd")"
      tmux set-option -t "=$SESSION" -q @procs_root "$APP_ROOT"
      tmux set-option -t "=$SESSION" -q remain-on-exit off
      first=0
    else
      tmux new-window -d -t "=$SESSION" -n "$name" -c "$APP_ROOT" "$(window_cmd "$cmd")"
    fi
    count=$(( count + 1 ))
    echo "  started $name"
  done < <(read_procfile)
  (( count > 0 )) || die "Procfile.dev has no processes"
  echo "$count process(es) in tmux session $SESSION (tmux attach -t $SESSION)"
}

interrupt_all() {
  local pane
  for pane in $(tmux list-panes -s -t "=$SESSION" -F '#{pane_id}'); do
    tmux send-keys -t "$pane" C-c
  done
}

panes_busy() {
  # a pane is busy while something other than the shell runs in it
  tmux list-panes -s -t "=$SESSION" -F '#{pane_current_command}' | grep -vqxE 'bash|zsh|sh|fish'
}

stop() {
  if ! have_session; then
    echo "session $SESSION not running"
    return 0
  fi
  require_owned
  interrupt_all
  local waited=0
  while panes_busy && (( waited < STOP_GRACE * 2 )); do
    sleep 0.5
    waited=$(( waited + 1 ))
  done
  tmux kill-session -t "=$SESSION"
  echo "stopped session $SESSION"
}

restart_one() {
  local name=${1:?process name}
  require_owned
  local cmd
  cmd=$(read_procfile | awk -F'\t' -v n="$name" '$1 == n { print $2 }')
  [[ -n "$cmd" ]] || die "no process '$name' in Procfile.dev"
  tmux send-keys -t "=$SESSION:$name" C-c
  sleep 1
  tmux respawn-window -k -t "=$SESSION:$name" -c "$APP_ROOT" "$(window_cmd "$cmd")"
  echo "restarted $name"
}

logs() {
  local name=${1:?process name} lines=${2:-200}
  require_owned
  tmux capture-pane -p -J -t "=$SESSION:$name" -S "-$lines"
}

status() {
  if ! have_session; then
    echo "session $SESSION: not running"
    return 0
  fi
  echo "session $SESSION: running$(owned && echo ' (this checkout)' || echo ' (OTHER checkout)')"
  tmux list-windows -t "=$SESSION" -F '  #{window_name}	#{pane_current_command}	pid #{pane_pid}' | column -t -s $'\t'
}

check_ports() {
  # PORT=NNNN assignments in the Procfile commands must not be taken already
  local name cmd port
  while IFS=$'\t' read -r name cmd; do
    port=$(grep -oE 'PORT=[0-9]+' <<<"$cmd" | head -n 1 | cut -d= -f2 || true)
    [[ -n "$port" ]] || continue
    if (exec 4<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      err "port $port for $name is already in use"
      return 1
    fi
  done < <(read_procfile)
}

case "${1:-status}" in
  start) check_ports || die "free the ports above first"; start ;;
  stop) stop ;;
  restart) shift; restart_one "${1:-}" ;;
  logs) shift; logs "${1:-}" "${2:-200}" ;;
  status) status ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
