#!/usr/bin/env bash
#
# rtk-base.sh - run the lab's GNSS base station logger with RTKLIB str2str
#
# Reads RTCM3 from the u-blox receiver on the serial port and
#   1. writes hourly-rotated raw files under data/base/<date>/ (swap by ::S=1),
#   2. serves the stream on 127.0.0.1:2102 for local rovers and tests,
#   3. optionally (--caster) pushes it to the lab's own NTRIP caster
#      caster.internal with the mountpoint password from ops/gnss/.env.
#
# The caster password is never printed (masked) and never written to the log
# file; str2str gets it through the output path argument only.
#
# usage: ops/gnss/rtk-base.sh start [--caster] | stop | status | rotate-old [DAYS]

set -Eeuo pipefail

proj="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
env_file="$proj/ops/gnss/.env"
data_root="$proj/data/base"
run_dir="$proj/build/rtk-base"
pid_file="$run_dir/str2str.pid"
log_file="$run_dir/str2str.log"
device="${GNSS_DEVICE:-ttyACM0}"
baud="${GNSS_BAUD:-115200}"
local_port=2102
caster_host="caster.internal"
caster_port=2101
mountpoint="${GNSS_MOUNTPOINT:-LAB1}"

say() { echo "rtk-base: $*"; }
# exit codes: 0 ok, 1 runtime error, 2 usage error
stop_with() { echo "rtk-base: $*" >&2; exit 1; }

masked() {
  local s="$1"
  (( ${#s} > 3 )) && printf '%s***' "${s:0:2}" || printf '***'
}

read_password() {
  [[ -f "$env_file" ]] || stop_with "missing ${env_file#"$proj"/} (copy ops/gnss/.env.example)"
  local pw
  pw="$(sed -n 's/^NTRIP_MOUNT_PASSWORD=//p' "$env_file")"
  [[ -n "$pw" ]] || stop_with "NTRIP_MOUNT_PASSWORD not set in ${env_file#"$proj"/}"
  [[ "$pw" != *[@:/[:space:]]* ]] || stop_with "password contains characters str2str cannot take in a path"
  printf '%s' "$pw"
}

is_running() {
  [[ -f "$pid_file" ]] && kill -0 "$(cat "$pid_file")" 2>/dev/null
}

check_device() {
  [[ -e "/dev/$device" ]] || stop_with "/dev/$device not found (GNSS_DEVICE=...)"
  [[ -r "/dev/$device" && -w "/dev/$device" ]] || stop_with "no access to /dev/$device (add yourself to the dialout group)"
}

start() {
  local with_caster=0
  [[ "${1:-}" == --caster ]] && with_caster=1
  command -v str2str >/dev/null || stop_with "str2str not installed (apt install rtklib)"
  check_device
  if is_running; then
    say "already running (pid $(cat "$pid_file"))"
    return 0
  fi
  mkdir -p "$run_dir" "$data_root"
  local outputs=(
    -out "file://$data_root/%Y%m%d/base-%h.rtcm3::S=1"
    -out "tcpsvr://127.0.0.1:$local_port"
  )
  if (( with_caster )); then
    local pw
    pw="$(read_password)"
    outputs+=(-out "ntrips://:$pw@$caster_host:$caster_port/$mountpoint")
    say "pushing to ntrips://$caster_host:$caster_port/$mountpoint (password $(masked "$pw"))"
  fi
  # str2str echoes its arguments on start-up; keep stderr out of the log file when
  # a caster password is on the command line
  if (( with_caster )); then
    nohup str2str -in "serial://$device:$baud#rtcm3" "${outputs[@]}" > /dev/null 2>&1 &
  else
    nohup str2str -in "serial://$device:$baud#rtcm3" "${outputs[@]}" > "$log_file" 2>&1 &
  fi
  echo $! > "$pid_file"
  sleep 1
  is_running || stop_with "str2str exited immediately; see ${log_file#"$proj"/}"
  say "started (pid $(cat "$pid_file")), local stream on 127.0.0.1:$local_port"
}

stop() {
  if ! is_running; then
    say "not running"
    rm -f "$pid_file"
    return 0
  fi
  local pid
  pid="$(cat "$pid_file")"
  if [[ "$(ps -o comm= -p "$pid")" != str2str ]]; then
    say "pid $pid is not str2str; removing stale pid file only"
    rm -f "$pid_file"
    return 0
  fi
  kill -INT "$pid"
  local i
  for i in 1 2 3 4 5 6 7 8 9 10; do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -0 "$pid" 2>/dev/null && kill -TERM "$pid"
  rm -f "$pid_file"
  say "stopped (pid $pid)"
}

status() {
  if is_running; then
    say "running (pid $(cat "$pid_file"))"
  else
    say "stopped"
  fi
  local today="$data_root/$(date +%Y%m%d)"
  if [[ -d "$today" ]]; then
    say "today's files:"
    ls -lh "$today" | tail -n +2 | awk '{print "  " $9 "  " $5}'
  fi
  if command -v ss >/dev/null && ss -ltn "sport = :$local_port" | grep -q LISTEN; then
    say "local stream listening on 127.0.0.1:$local_port"
  fi
}

rotate_old() {
  local days="${1:-30}"
  [[ "$days" =~ ^[0-9]+$ ]] || stop_with "days must be a number"
  [[ -d "$data_root" ]] || return 0
  local removed=0 dir
  while read -r dir; do
    rm -rf -- "$dir"
    removed=$((removed + 1))
  done < <(find "$data_root" -mindepth 1 -maxdepth 1 -type d -name '20[0-9][0-9][01][0-9][0-3][0-9]' -mtime +"$days")
  say "removed $removed day folder(s) older than $days days from ${data_root#"$proj"/}"
}

check_stream() {
  # read a few seconds from the local stream and count RTCM3 message types
  command -v timeout >/dev/null || stop_with "timeout(1) is required"
  is_running || stop_with "not running"
  local tmp
  tmp="$(mktemp)"
  timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/$local_port; cat <&3" > "$tmp" 2>/dev/null || true
  local bytes
  bytes="$(stat -c %s "$tmp")"
  if (( bytes == 0 )); then
    rm -f "$tmp"
    stop_with "no data on 127.0.0.1:$local_port within 5s"
  fi
  if command -v convbin >/dev/null; then
    convbin -r rtcm3 -ts "$(date -u +%Y/%m/%d)" -trace 0 "$tmp" -o /dev/null 2>&1 | tail -n 3
  fi
  say "received $bytes bytes of RTCM3 in 5s"
  rm -f "$tmp"
}

disk_usage() {
  [[ -d "$data_root" ]] || { say "no data yet"; return 0; }
  say "disk usage per day:"
  du -sh "$data_root"/20* 2>/dev/null | tail -n 14 | sed 's/^/  /'
  local free
  free="$(df -Ph "$data_root" | awk 'NR==2 {print $4}')"
  say "free space on the data volume: $free"
}

case "${1:-status}" in
  check) check_stream ;;
  du) disk_usage ;;
  start) shift; start "${1:-}" ;;
  stop) stop ;;
  status) status ;;
  rotate-old) shift; rotate_old "${1:-30}" ;;
  *) echo "usage: $0 start [--caster] | stop | status | rotate-old [DAYS]" >&2; exit 2 ;;
esac
