#!/usr/bin/env bash
#
# History
#   2024-03  first version (srt + push only)
#   2024-04  recorder with 10-minute segments
#   2024-05  restart limit and --status
#
# Contacts
#   events team (#stream-ops)
#
# Requirements: srt-live-transmit >= 1.5,
# ffmpeg with SRT support, ss (iproute2).
#
#
# Rehearsal setup on the stream laptop:
#   1. docker compose up -d rtmp          (nginx-rtmp on 127.0.0.1:1935)
#   2. tools/relay-supervise.sh           (this script, keeps the chain alive)
#   3. OBS: Settings -> Stream -> Custom, server srt://127.0.0.1:9100
#   4. tools/srt-watch.js in a second terminal for live statistics
#
# For the real event the RTMP application forwards to Mux (configured in
# nginx-rtmp.conf with the stream key injected by the deploy job); this
# script does not know or handle that key.
#
# Logs:
#   out/relay/<name>.log        stdout/stderr of each child
#   out/relay/supervisor.log    starts, exits and restarts with timestamps
#   out/recordings/*.ts         10-minute segments from the recorder
#
# Restart policy: any child that exits is restarted after at most 2 s; after
# 50 restarts in one session the supervisor gives up and stops the others,
# because something is structurally wrong (port taken, nginx down).
#
# Exit status: 0 on clean stop (Ctrl-C / --stop), 1 on give-up or bad usage.
#
# Disk usage: a 6 Mbit/s stream produces ~2.7 GB per hour of recordings;
# tools/clean-recordings.sh prunes segments older than a week.
#
# Known issue: srt-live-transmit < 1.5.3 ignores latency in the URL; pass it
# with -l instead if the relay reports "TSBPD latency 120ms".
#
# relay-supervise.sh - run the local contribution chain for rehearsals and keep it alive.
#
#   srt-live-transmit  srt://127.0.0.1:9100 (listener)  ->  udp://127.0.0.1:5100
#   ffmpeg             udp://127.0.0.1:5100             ->  rtmp://127.0.0.1:1935/live/rehearsal
#   ffmpeg (recorder)  rtmp://127.0.0.1:1935/live/rehearsal -> out/recordings/<ts>.ts
#
#   tools/relay-supervise.sh            start all three, restart any that dies
#   tools/relay-supervise.sh --no-rec   without the recorder
#   tools/relay-supervise.sh --status   show what is running (from out/relay/*.pid)
#   tools/relay-supervise.sh --stop     stop the processes this script started
#
# Every process started here is tracked in out/relay/<name>.pid and only those
# pids are ever signalled.  All endpoints are on 127.0.0.1; the encoder (OBS on
# the same laptop) pushes to srt://127.0.0.1:9100.

set -u
set -o pipefail

self=$(readlink -f -- "$0")
proj=$(dirname -- "$(dirname -- "$self")")
state="$proj/out/relay"
rec_dir="$proj/out/recordings"
record=1
declare -A cmds=()
declare -A pids=()
stopping=0

stamp() { date '+%F %T'; }
out() { printf '[%s] %s\n' "$(stamp)" "$*" | tee -a "$state/supervisor.log"; }
die() { printf 'relay-supervise: %s\n' "$*" >&2; exit 1; }

mkdir -p "$state" "$rec_dir"

define_commands() {
  cmds[srt]="srt-live-transmit -q -s 5000 -pf json 'srt://127.0.0.1:9100?mode=listener&latency=200' udp://127.0.0.1:5100"
  cmds[push]="ffmpeg -nostdin -loglevel warning -i udp://127.0.0.1:5100 -c copy -f flv rtmp://127.0.0.1:1935/live/rehearsal"
  if ((record)); then
    cmds[rec]="ffmpeg -nostdin -loglevel warning -i rtmp://127.0.0.1:1935/live/rehearsal -c copy -f segment -segment_time 600 -strftime 1 '$rec_dir/%Y%m%d-%H%M%S.ts'"
  fi
}

start_one() {
  local name=$1
  # the command strings above are constants of this script
  bash -c "exec ${cmds[$name]}" >>"$state/$name.log" 2>&1 &
  pids[$name]=$!
  echo "${pids[$name]}" >"$state/$name.pid"
  out "started $name (pid ${pids[$name]})"
}

alive() {
  local pid=$1
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null
}

stop_tracked() {
  local f pid name
  for f in "$state"/*.pid; do
    [[ -e $f ]] || continue
    name=$(basename "$f" .pid)
    pid=$(<"$f")
    if alive "$pid"; then
      kill -TERM "$pid" 2>/dev/null
      out "stopped $name (pid $pid)"
    fi
    rm -f -- "$f"
  done
}

on_signal() {
  stopping=1
  out "signal received, stopping children"
  stop_tracked
  exit 0
}

status() {
  local f pid name
  for f in "$state"/*.pid; do
    [[ -e $f ]] || { echo "nothing running"; return; }
    name=$(basename "$f" .pid)
    pid=$(<"$f")
    if alive "$pid"; then
      printf '%-6s running  pid %-7s %s\n' "$name" "$pid" "$(ps -o etime= -p "$pid" | tr -d ' ')"
    else
      printf '%-6s dead     (stale pid file)\n' "$name"
    fi
  done
}

check_ports() {
  if ss -lun 2>/dev/null | grep -q '127.0.0.1:9100 '; then
    die "UDP 9100 already bound; is another relay running? (--status)"
  fi
  if ! ss -ltn 2>/dev/null | grep -q ':1935 '; then
    die "nothing listens on 1935; start nginx-rtmp first (docker compose up rtmp)"
  fi
}

supervise() {
  local name restarts=0
  define_commands
  check_ports
  for name in "${!cmds[@]}"; do
    start_one "$name"
    sleep 1
  done
  trap on_signal INT TERM
  while ((stopping == 0)); do
    sleep 2
    for name in "${!cmds[@]}"; do
      if ! alive "${pids[$name]:-}"; then
        restarts=$((restarts + 1))
        out "$name exited; restarting (restart #$restarts)"
        tail -n 3 "$state/$name.log" | sed 's/^/      /' | tee -a "$state/supervisor.log"
        start_one "$name"
        if ((restarts > 50)); then
          out "too many restarts, giving up"
          stop_tracked
          exit 1
        fi
      fi
    done
  done
}

recordings() {
  local n size
  n=$(find "$rec_dir" -name '*.ts' | wc -l)
  size=$(du -sh "$rec_dir" 2>/dev/null | cut -f1)
  printf 'recordings: %s segment(s), %s in %s\n' "$n" "${size:-0}" "${rec_dir#"$proj"/}"
}

case ${1:-} in
  --status) status; recordings ;;
  --stop) stop_tracked ;;
  --no-rec) record=0; supervise ;;
  "") supervise ;;
  -h|--help) sed -n '2,16p' "$0" ;;
  *) die "unknown option $1" ;;
esac
