#!/usr/bin/env bash
# Restart the docs preview server that this script manages.
# It only ever kills the PID it recorded itself, after checking that the
# PID still belongs to the docs server command and listens on our port.
set -euo pipefail

port=${DOCS_PORT:-4173}
state_dir=.cache/docs-preview
pid_file=$state_dir/server.pid
log_file=$state_dir/server.log
mkdir -p "$state_dir"

is_ours() {
  local pid=$1 cmd
  cmd=$(ps -o command= -p "$pid" 2>/dev/null || true)
  [[ $cmd == *"mkdocs serve"* && $cmd == *"$port"* ]]
}

stop_server() {
  [[ -f $pid_file ]] || { echo "no recorded server"; return 0; }
  local pid
  pid=$(<"$pid_file")
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "recorded pid $pid is gone"
    rm -f "$pid_file"
    return 0
  fi
  if ! is_ours "$pid"; then
    echo "pid $pid is not our docs server; leaving it alone" >&2
    rm -f "$pid_file"
    return 1
  fi
  echo "stopping docs server (pid $pid)"
  kill -TERM "$pid"
  for _ in {1..20}; do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "still running; sending KILL to $pid"
    kill -KILL "$pid"
  fi
  rm -f "$pid_file"
}

start_server() {
  if lsof -nP -iTCP:"$port" -sTCP:LISTEN >/dev/null 2>&1; then
    echo "port $port is busy with another process:" >&2
    lsof -nP -iTCP:"$port" -sTCP:LISTEN >&2
    return 1
  fi
  nohup mkdocs serve --dev-addr "127.0.0.1:$port" >"$log_file" 2>&1 &
  echo $! > "$pid_file"
  for _ in {1..40}; do
    if curl -fsS "http://127.0.0.1:$port/" >/dev/null 2>&1; then
      echo "docs at http://127.0.0.1:$port (pid $(<"$pid_file"))"
      return 0
    fi
    sleep 0.25
  done
  echo "server did not answer; last log lines:" >&2
  tail -n 20 "$log_file" >&2
  return 1
}

status() {
  if [[ -f $pid_file ]] && kill -0 "$(<"$pid_file")" 2>/dev/null; then
    echo "running (pid $(<"$pid_file")) on port $port"
  else
    echo "not running"
  fi
}

case ${1:-restart} in
  start) start_server ;;
  stop) stop_server ;;
  restart) stop_server || true; start_server ;;
  status) status ;;
  logs) tail -n 50 "$log_file" ;;
  *) echo "usage: $0 {start|stop|restart|status|logs}" >&2; exit 2 ;;
esac
