#!/usr/bin/env bash
#
# workers.sh -- run N queue workers for local load tests, as a singleton.
#
#   workers.sh start [N]     start N workers (default 4) in the background
#   workers.sh stop          stop the workers this script started
#   workers.sh status
#   workers.sh run [N]       foreground: start, wait, stop on Ctrl-C
#
# Singleton: `flock` on .run/workers.lock makes a second `start` fail fast
# instead of doubling the workers. Each worker's PID and start time are kept
# in .run/workers/<i>.pid; `stop` signals a PID only if /proc/<pid>/stat
# still has the same start time (so a reused PID is never hit). Nothing here
# uses pkill/killall.
#
set -euo pipefail

proj=$(cd "$(dirname "$0")/.." && pwd)
run_dir=$proj/.run
pid_dir=$run_dir/workers
lock=$run_dir/workers.lock
log_dir=$proj/logs/workers
worker_cmd=(python -m ledger.worker --queue loadtest)
term_wait=10

mkdir -p "$pid_dir" "$log_dir"

log() { printf '[workers] %s\n' "$*"; }
die() { log "$*" >&2; exit 1; }

starttime_of() {
  # field 22 of /proc/<pid>/stat is the start time in clock ticks
  awk '{print $22}' "/proc/$1/stat" 2>/dev/null
}

record() {
  local i=$1 pid=$2
  printf '%s %s\n' "$pid" "$(starttime_of "$pid")" > "$pid_dir/$i.pid"
}

alive_and_ours() {
  local f=$1 pid st now
  read -r pid st < "$f" || return 1
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  now=$(starttime_of "$pid") || return 1
  [[ -n $now && $now == "$st" ]]
}

count_running() {
  local f n=0
  for f in "$pid_dir"/*.pid; do
    [[ -e $f ]] || continue
    alive_and_ours "$f" && n=$((n + 1))
  done
  echo "$n"
}

start_workers() {
  local n=${1:-4} i pid
  [[ $n =~ ^[1-9][0-9]*$ ]] || die "worker count must be a positive number"
  (( n <= 32 )) || die "refusing to start more than 32 workers"
  exec 9>"$lock"
  flock -n 9 || die "another workers.sh holds $lock; use 'stop' first"
  if (( $(count_running) > 0 )); then
    die "workers already running; use 'stop' first"
  fi
  if [[ -f $proj/.env.loadtest ]]; then
    set -a
    # shellcheck disable=SC1091
    . "$proj/.env.loadtest"
    set +a
  fi
  for (( i = 1; i <= n; i++ )); do
    WORKER_INDEX=$i nohup "${worker_cmd[@]}" >>"$log_dir/worker-$i.log" 2>&1 &
    pid=$!
    record "$i" "$pid"
    log "worker $i pid $pid"
  done
  disown -a
  sleep 1
  log "$(count_running)/$n running; logs in ${log_dir#"$proj"/}"
}

stop_workers() {
  local f pid st waited
  local -a live=()
  for f in "$pid_dir"/*.pid; do
    [[ -e $f ]] || continue
    if alive_and_ours "$f"; then
      read -r pid st < "$f"
      kill -TERM "$pid"
      live+=("$pid")
    else
      log "$(basename "$f" .pid): not running (or PID reused); dropping record"
    fi
    rm -f -- "$f"
  done
  (( ${#live[@]} )) || { log "nothing to stop"; return 0; }
  waited=0
  while (( waited < term_wait * 10 )); do
    local still=0 p
    for p in "${live[@]}"; do
      kill -0 "$p" 2>/dev/null && still=1
    done
    (( still )) || break
    sleep 0.1
    waited=$((waited + 1))
  done
  local p
  for p in "${live[@]}"; do
    if kill -0 "$p" 2>/dev/null; then
      log "pid $p ignored SIGTERM for ${term_wait}s; SIGKILL"
      kill -KILL "$p" 2>/dev/null || :
    fi
  done
  log "stopped ${#live[@]} worker(s)"
}

status() {
  local f pid st i
  for f in "$pid_dir"/*.pid; do
    [[ -e $f ]] || { log "no workers recorded"; return 0; }
    i=$(basename "$f" .pid)
    read -r pid st < "$f"
    if alive_and_ours "$f"; then
      printf 'worker %-3s pid %-8s up %s\n' "$i" "$pid" "$(ps -o etime= -p "$pid" | tr -d ' ')"
    else
      printf 'worker %-3s pid %-8s gone\n' "$i" "$pid"
    fi
  done
}

run_foreground() {
  start_workers "${1:-4}"
  trap 'log "interrupt"; stop_workers; exit 130' INT TERM
  log "running; Ctrl-C to stop"
  while (( $(count_running) > 0 )); do
    sleep 2
  done
  log "all workers exited"
}

tail_logs() {
  local n=${1:-20} f
  for f in "$log_dir"/worker-*.log; do
    [[ -e $f ]] || continue
    printf '==> %s <==\n' "${f#"$proj"/}"
    tail -n "$n" -- "$f"
  done
}

queue_depth() {
  # how much work is left in the local redis queue the workers consume
  local depth
  depth=$(redis-cli -h 127.0.0.1 -p "${LOADTEST_REDIS_PORT:-6379}" LLEN queue:loadtest 2>/dev/null || echo '?')
  log "queue:loadtest depth $depth"
}

rotate_logs() {
  local f
  for f in "$log_dir"/worker-*.log; do
    [[ -e $f ]] || continue
    if (( $(stat -c %s -- "$f") > 50 * 1024 * 1024 )); then
      mv -f -- "$f" "$f.old"
      log "rotated $(basename "$f")"
    fi
  done
}

main() {
  local cmd=${1:-status}
  shift || true
  case $cmd in
    start) rotate_logs; start_workers "$@" ;;
    stop) stop_workers ;;
    status) status; queue_depth ;;
    run) rotate_logs; run_foreground "$@" ;;
    logs) tail_logs "$@" ;;
    *) die "usage: ${0##*/} start [N]|stop|status|run [N]|logs [N]" ;;
  esac
}

main "$@"
