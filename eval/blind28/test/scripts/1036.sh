#!/usr/bin/env bash
#
# Contacts: dashboard team (#can-bench)
#
#
# Bench setup (once per boot):
#   tools/can-bench.sh setup            creates vcan0/vcan1 with sudo ip link
#   tools/can-bench.sh replay logs/drive_0913.log
#
# Decoding uses the first DBC in dbc/ for the live view; --check validates
# all of them.  Multiplexed signals (M/mN) are decoded by cantools as usual.
#
# Filtering: -s takes a comma list of signal names and shows only lines that
# mention one of them, e.g. -s EngineSpeed,VehicleSpeed,CoolantTemp.
#
# Recording: --record N writes out/can/<timestamp>-<iface>.log in candump -L
# format, then decodes the last 50 frames.  The log can be replayed later with
# canplayer or analysed with tools/canlog.js.
#
# Exit status: 0 ok, 1 on errors (bad interface, parse errors with --check).
#
# Requirements: can-utils, python cantools (pip install -r requirements/can.txt
# into .venv, see tools/py-deps.sh).
#
# Why vcan only: the dashboard is developed against recorded traffic.  Reading
# a real vehicle bus needs the car team's approval and their own tooling.
#
# Performance: cantools decode handles ~20k frames/s on a laptop; for busier
# replays use -s to cut the output, the terminal is the bottleneck.
#
# Troubleshooting:
#   "cantools not installed"   run tools/py-deps.sh
#   nothing decoded            the log's frame ids are not in the first DBC;
#                              check with --check and the DBC order in dbc/
#   garbled values             byte order in the DBC (@0 Motorola / @1 Intel)
#
# signal-watch.sh - decode live CAN traffic on a virtual bus with the repo's DBC files.
#
#   tools/signal-watch.sh                        decode vcan0 with dbc/*.dbc until Ctrl-C
#   tools/signal-watch.sh -i vcan1 -s EngineSpeed,VehicleSpeed
#   tools/signal-watch.sh --record 60            record 60 s to out/can/<ts>.log, decode afterwards
#   tools/signal-watch.sh --check                check every DBC parses and ids are unique
#
# Reads with candump and decodes with `cantools decode` (python cantools in .venv).
# Only vcanN interfaces are accepted: the bench replays logs onto vcan, and this
# script is never used on a car.  The candump child is owned by this script and
# stopped on exit.

set -euo pipefail

root=$(cd -- "$(dirname -- "$0")/.." && pwd)
iface=vcan0
signals=""
record_secs=0
check_only=0
dump_pid=""
venv_bin="$root/.venv/bin"

info() { printf '[signal-watch] %s\n' "$*" >&2; }
bail() { info "error: $*"; exit 1; }

finish() {
  if [[ -n $dump_pid ]] && kill -0 "$dump_pid" 2>/dev/null; then
    kill "$dump_pid" 2>/dev/null || true
    wait "$dump_pid" 2>/dev/null || true
  fi
}
trap finish EXIT
trap 'exit 130' INT

while (($#)); do
  case $1 in
    -i) iface=$2; shift 2 ;;
    -s) signals=$2; shift 2 ;;
    --record) record_secs=$2; shift 2 ;;
    --check) check_only=1; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) bail "unknown option $1" ;;
  esac
done

[[ $iface =~ ^vcan[0-9]+$ ]] || bail "$iface is not a vcan interface"
[[ $record_secs =~ ^[0-9]+$ ]] || bail "--record expects seconds"

cantools_bin() {
  if [[ -x $venv_bin/cantools ]]; then
    printf '%s' "$venv_bin/cantools"
  elif command -v cantools >/dev/null; then
    command -v cantools
  else
    bail "cantools not installed (tools/py-deps.sh)"
  fi
}

dbc_files() {
  local f
  for f in "$root"/dbc/*.dbc; do
    [[ -e $f ]] && printf '%s\n' "$f"
  done
}

check_dbcs() {
  local ct f ids dupes=0
  ct=$(cantools_bin)
  ids=$(mktemp)
  while IFS= read -r f; do
    if "$ct" dump "$f" >/dev/null 2>&1; then
      info "$(basename "$f"): parses"
      "$ct" dump "$f" | awk '/Id:/ {print $2}' >>"$ids"
    else
      info "$(basename "$f"): PARSE ERROR"
      dupes=$((dupes + 1))
    fi
  done < <(dbc_files)
  local d
  while IFS= read -r d; do
    [[ -n $d ]] || continue
    info "frame id $d defined in more than one DBC"
    dupes=$((dupes + 1))
  done < <(sort "$ids" | uniq -d)
  rm -f -- "$ids"
  ((dupes == 0))
}

filter_signals() {
  if [[ -z $signals ]]; then
    cat
    return
  fi
  local pattern
  pattern=$(tr ',' '|' <<<"$signals")
  grep -E --line-buffered "($pattern)"
}

decode_stream() {
  local ct dbc
  ct=$(cantools_bin)
  dbc=$(dbc_files | head -n 1)
  [[ -n $dbc ]] || bail "no DBC files in dbc/"
  "$ct" decode --single-line "$dbc" | filter_signals
}

live() {
  ip link show "$iface" >/dev/null 2>&1 || bail "$iface does not exist (tools/can-bench.sh setup)"
  info "decoding $iface (Ctrl-C to stop)"
  candump -L "$iface" | awk '{print "(" substr($1, 2, length($1) - 2) ") " $2 " " $3}' | decode_stream
}

record() {
  mkdir -p "$root/out/can"
  local file
  file="$root/out/can/$(date +%Y%m%d-%H%M%S)-$iface.log"
  candump -L "$iface" >"$file" &
  dump_pid=$!
  info "recording $iface for ${record_secs}s -> ${file#"$root"/}"
  sleep "$record_secs"
  kill "$dump_pid" 2>/dev/null || true
  wait "$dump_pid" 2>/dev/null || true
  dump_pid=""
  info "$(wc -l <"$file") frames recorded; decoding"
  decode_stream <"$file" | tail -n 50
}

list_signals() {
  # message and signal names of all DBCs, handy for -s
  local ct f
  ct=$(cantools_bin)
  while IFS= read -r f; do
    "$ct" dump "$f" 2>/dev/null | awk '/Name:/ {print $2}' | sort -u
  done < <(dbc_files)
}

if [[ ${SIGNALS_LIST:-0} == 1 ]]; then
  list_signals
elif ((check_only)); then
  check_dbcs
elif ((record_secs > 0)); then
  record
else
  live
fi
