#!/usr/bin/env bash
#
# History
#   2024-02  two vehicles, fixed ports
#   2024-04  up to eight vehicles, SYSID per instance
#   2024-06  clean command
#
# Contacts: flight-test tooling (#sitl)
#
# Requirements: ArduPilot SITL build, MAVProxy,
# bash 4+, awk.
#
#
# Port plan for instance i (0-based):
#   SITL TCP      5760 + 10*i   (MAVProxy connects here)
#   MAVProxy out  14550 + 10*i  (tests and telemetry-rec.js listen here)
#   SYSID         i + 1
#
# Home positions are spaced 5 m east of the CMAC field (the ArduPilot test
# site) so the vehicles do not collide at take-off.  Change home_* below for
# another site; the spacing formula assumes mid latitudes.
#
# Build once:
#   cd third_party/ardupilot && ./waf configure --board sitl && ./waf copter
#
# Files per instance (out/swarm/vehicleN/):
#   sitl.pid, mavproxy.pid   pids started by this script (used by stop)
#   sitl.log, mavproxy.log   console output
#   identity.parm            SYSID override merged with the default params
#   eeprom.bin, logs/        SITL state (fresh for every start)
#
# Exit status: 0 ok, 1 when an instance does not come up, 2 on usage errors.
#
# Resource use: each SITL instance needs ~1 CPU core at speedup 1.  Eight
# vehicles are the tested maximum on the CI runners.
#
# Troubleshooting:
#   "instances already recorded"   a previous run was not stopped: run stop
#   vehicle exits early            look at sitl.log; usually a bad --home value
#   no MAVLink on 14550            mavproxy.log; port already used by QGC?
#
# swarm-sitl.sh - start N ArduCopter SITL instances for the formation tests.
#
#   tools/swarm-sitl.sh start 3          three vehicles, SYSID 1..3, spaced 5 m apart
#   tools/swarm-sitl.sh status           list the instances this script started
#   tools/swarm-sitl.sh stop             stop them (only pids recorded in out/swarm/)
#   tools/swarm-sitl.sh logs 2           tail the log of instance 2
#
# Instance i listens on tcp:127.0.0.1:(5760 + 10*i) and MAVProxy forwards to
# udp:127.0.0.1:(14550 + 10*i).  Everything is local simulation: the binary is
# the SITL build from third_party/ardupilot/build/sitl, no serial ports are
# opened and nothing can reach a real vehicle.

set -euo pipefail

repo_dir=$(cd -- "$(dirname -- "$0")/.." && pwd -P)
ardupilot=${ARDUPILOT_HOME:-$repo_dir/third_party/ardupilot}
sitl_bin="$ardupilot/build/sitl/bin/arducopter"
defaults="$ardupilot/Tools/autotest/default_params/copter.parm"
state="$repo_dir/out/swarm"
home_lat=-35.363261
home_lon=149.165230
home_alt=584
max_instances=8

log() { printf '[swarm] %s\n' "$*"; }
die() { printf '[swarm] error: %s\n' "$*" >&2; exit 1; }

offset_home() {
  # shift each vehicle 5 m east: ~0.0000449 deg of longitude at this latitude
  local i=$1
  awk -v lat="$home_lat" -v lon="$home_lon" -v alt="$home_alt" -v i="$i" \
    'BEGIN { printf "%.7f,%.7f,%d,0", lat, lon + i * 0.0000449, alt }'
}

pid_alive() { [[ -n ${1:-} ]] && kill -0 "$1" 2>/dev/null; }

start_instance() {
  local i=$1 dir="$state/vehicle$i" sysid=$((i + 1))
  mkdir -p "$dir"
  printf 'SYSID_THISMAV %d\n' "$sysid" >"$dir/identity.parm"
  (
    cd "$dir"
    exec "$sitl_bin" --model + --speedup 1 --instance "$i" \
      --home "$(offset_home "$i")" \
      --defaults "$defaults,$dir/identity.parm" \
      >"$dir/sitl.log" 2>&1
  ) &
  echo $! >"$dir/sitl.pid"
  sleep 1
  mavproxy.py --master "tcp:127.0.0.1:$((5760 + 10 * i))" \
    --out "udp:127.0.0.1:$((14550 + 10 * i))" \
    --daemon --non-interactive --state-basedir "$dir" \
    >"$dir/mavproxy.log" 2>&1 &
  echo $! >"$dir/mavproxy.pid"
  log "vehicle $i (SYSID $sysid): sitl pid $(<"$dir/sitl.pid"), mavproxy pid $(<"$dir/mavproxy.pid")"
}

wait_ready() {
  local i=$1 dir="$state/vehicle$i" tries=0
  until grep -q 'Waiting for connection\|bind port' "$dir/sitl.log" 2>/dev/null; do
    tries=$((tries + 1))
    ((tries > 30)) && die "vehicle $i did not start (see ${dir#"$repo_dir"/}/sitl.log)"
    pid_alive "$(<"$dir/sitl.pid")" || die "vehicle $i exited early"
    sleep 1
  done
}

cmd_start() {
  local n=${1:-2} i
  [[ $n =~ ^[0-9]+$ ]] && ((n >= 1 && n <= max_instances)) || die "instance count must be 1..$max_instances"
  [[ -x $sitl_bin ]] || die "SITL binary missing; run: (cd $ardupilot && ./waf configure --board sitl && ./waf copter)"
  command -v mavproxy.py >/dev/null || die "mavproxy.py not on PATH (pip install MAVProxy in .venv)"
  if compgen -G "$state/vehicle*/sitl.pid" >/dev/null; then
    die "instances already recorded in ${state#"$repo_dir"/}; run stop first"
  fi
  mkdir -p "$state"
  for ((i = 0; i < n; i++)); do
    start_instance "$i"
  done
  for ((i = 0; i < n; i++)); do
    wait_ready "$i"
  done
  log "$n vehicle(s) running; connect tests to udp:127.0.0.1:14550 + 10*i"
}

cmd_status() {
  local dir i name pid
  for dir in "$state"/vehicle*/; do
    [[ -d $dir ]] || { log "no instances"; return 0; }
    i=${dir%/}
    i=${i##*vehicle}
    for name in sitl mavproxy; do
      pid=$(cat "$dir/$name.pid" 2>/dev/null || true)
      if pid_alive "$pid"; then
        printf '  vehicle %s %-9s pid %-7s up\n' "$i" "$name" "$pid"
      else
        printf '  vehicle %s %-9s down\n' "$i" "$name"
      fi
    done
  done
}

cmd_stop() {
  local f pid stopped=0
  for f in "$state"/vehicle*/mavproxy.pid "$state"/vehicle*/sitl.pid; do
    [[ -e $f ]] || continue
    pid=$(<"$f")
    if pid_alive "$pid"; then
      kill -TERM "$pid"
      stopped=$((stopped + 1))
    fi
    rm -f -- "$f"
  done
  log "stopped $stopped process(es)"
}

cmd_logs() {
  local i=${1:-0}
  [[ -f $state/vehicle$i/sitl.log ]] || die "no log for vehicle $i"
  tail -n 40 "$state/vehicle$i/sitl.log" "$state/vehicle$i/mavproxy.log"
}

cmd_clean() {
  # remove per-instance state of stopped vehicles (eeprom, logs) under out/swarm
  if compgen -G "$state/vehicle*/sitl.pid" >/dev/null; then
    die "instances still recorded; run stop first"
  fi
  if [[ -d $state ]]; then
    rm -rf -- "${state:?}"/vehicle*
    log "removed instance state in ${state#"$repo_dir"/}"
  fi
}

case ${1:-} in
  clean) cmd_clean ;;
  start) shift; cmd_start "$@" ;;
  status) cmd_status ;;
  stop) cmd_stop ;;
  logs) shift; cmd_logs "$@" ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
