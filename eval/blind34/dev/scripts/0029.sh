#!/usr/bin/env bash
# trace-app.sh - run our service under a set of bpftrace probes and keep the
# output in build/traces/.  Used when chasing latency regressions:
#
#   scripts/trace-app.sh syscalls            # count syscalls of the service
#   scripts/trace-app.sh latency -d 30       # read/write latency histograms
#   scripts/trace-app.sh offcpu -- --config conf/dev.toml
#
# bpftrace needs root.  Every probe below filters on the pid of the service
# process that this script starts, so only our own process is observed; the
# service and the tracer are stopped again when the script exits.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$ROOT/target/release/ingestd"
OUT="$ROOT/build/traces"
DURATION=20
MODE="${1:-}"
shift || true

log() { printf '%s [trace] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "$*"; exit 1; }

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
}

APP_ARGS=()
while (($#)); do
  case "$1" in
    -d|--duration) DURATION="${2:?}"; shift 2 ;;
    --debug-build) BIN="$ROOT/target/debug/ingestd"; shift ;;
    --) shift; APP_ARGS=("$@"); break ;;
    *) die "unknown option $1" ;;
  esac
done

[[ -n "$MODE" ]] || usage
[[ "$DURATION" =~ ^[0-9]+$ ]] || die "duration must be seconds"
command -v bpftrace >/dev/null || die "install bpftrace first"
[[ -x "$BIN" ]] || die "$BIN missing; run cargo build --release"

mkdir -p "$OUT"
STAMP="$(date +%Y%m%d-%H%M%S)"
RESULT="$OUT/$STAMP-$MODE.txt"
SCRIPT="$(mktemp "$OUT/.probe.XXXXXX.bt")"

APP_PID=""
TRACER_PID=""

cleanup() {
  local rc=$?
  if [[ -n "$TRACER_PID" ]] && kill -0 "$TRACER_PID" 2>/dev/null; then
    # The tracer runs as root via sudo; signal the sudo process we started.
    sudo -n kill -INT "$TRACER_PID" 2>/dev/null || true
    wait "$TRACER_PID" 2>/dev/null || true
  fi
  if [[ -n "$APP_PID" ]] && kill -0 "$APP_PID" 2>/dev/null; then
    kill -TERM "$APP_PID" 2>/dev/null || true
    for _ in 1 2 3 4 5; do
      kill -0 "$APP_PID" 2>/dev/null || break
      sleep 1
    done
    kill -KILL "$APP_PID" 2>/dev/null || true
  fi
  rm -f -- "$SCRIPT"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

write_probe() {
  local pid="$1"
  case "$MODE" in
    syscalls)
      cat > "$SCRIPT" <<EOF
tracepoint:raw_syscalls:sys_enter /pid == $pid/ { @calls[ksym(*(kaddr("sys_call_table") + args->id * 8))] = count(); }
interval:s:$DURATION { exit(); }
EOF
      ;;
    latency)
      cat > "$SCRIPT" <<EOF
tracepoint:syscalls:sys_enter_read,tracepoint:syscalls:sys_enter_write /pid == $pid/ { @start[tid] = nsecs; }
tracepoint:syscalls:sys_exit_read /pid == $pid && @start[tid]/ { @read_us = hist((nsecs - @start[tid]) / 1000); delete(@start[tid]); }
tracepoint:syscalls:sys_exit_write /pid == $pid && @start[tid]/ { @write_us = hist((nsecs - @start[tid]) / 1000); delete(@start[tid]); }
interval:s:$DURATION { exit(); }
EOF
      ;;
    offcpu)
      cat > "$SCRIPT" <<EOF
tracepoint:sched:sched_switch /args->prev_pid == $pid/ { @off[tid] = nsecs; }
tracepoint:sched:sched_switch /@off[args->next_pid]/ { @offcpu_us[ustack(8)] = sum((nsecs - @off[args->next_pid]) / 1000); delete(@off[args->next_pid]); }
interval:s:$DURATION { exit(); }
EOF
      ;;
    uprobes)
      cat > "$SCRIPT" <<EOF
uprobe:$BIN:*handle_batch* /pid == $pid/ { @entered[probe] = count(); @t[tid] = nsecs; }
uretprobe:$BIN:*handle_batch* /pid == $pid && @t[tid]/ { @batch_us = hist((nsecs - @t[tid]) / 1000); delete(@t[tid]); }
interval:s:$DURATION { exit(); }
EOF
      ;;
    *) die "unknown mode $MODE (syscalls|latency|offcpu|uprobes)" ;;
  esac
}

start_app() {
  log "starting ${BIN#"$ROOT"/} ${APP_ARGS[*]:-}"
  "$BIN" "${APP_ARGS[@]}" > "$OUT/$STAMP-app.log" 2>&1 &
  APP_PID=$!
  sleep 1
  kill -0 "$APP_PID" 2>/dev/null || die "service exited early; see $OUT/$STAMP-app.log"
}

wait_ready() {
  local port
  port="$(awk -F= '/^port/ {gsub(/ /, "", $2); print $2}' "$ROOT/conf/dev.toml" 2>/dev/null || true)"
  port="${port:-7070}"
  for _ in $(seq 1 20); do
    if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
      log "service healthy on :$port"
      return 0
    fi
    sleep 0.5
  done
  log "no health endpoint answered; tracing anyway"
}

drive_load() {
  # The fixture replayer generates a realistic request mix against our pid.
  if [[ -x "$ROOT/target/release/replay" ]]; then
    "$ROOT/target/release/replay" --rate 200 --for "${DURATION}s" "$ROOT/fixtures/requests.ndjson" \
      > "$OUT/$STAMP-replay.log" 2>&1 &
  fi
}

summarise() {
  local file="$1"
  log "top entries:"
  awk '/^@/ { print }' "$file" | sort -t: -k2 -n -r | head -n 15 >&2 || true
  log "full output: ${file#"$ROOT"/}"
}

# Compare the histogram/count maps with the previous run of the same mode so
# a regression shows up as a diff rather than two walls of numbers.
compare_previous() {
  local current="$1" previous
  previous="$(ls -1t "$OUT"/*-"$MODE".txt 2>/dev/null | sed -n '2p')"
  if [[ -z "$previous" ]]; then
    log "no previous $MODE run to compare with"
    return 0
  fi
  log "diff against ${previous#"$ROOT"/}:"
  diff <(awk '/^@/ {print}' "$previous" | sort) <(awk '/^@/ {print}' "$current" | sort) \
    | head -n 40 >&2 || true
}

# Prune old results so build/traces does not grow without bound: keep the
# newest KEEP files per mode (only files this script wrote, by name pattern).
prune_old() {
  local keep="${KEEP:-10}" old
  mapfile -t old < <(ls -1t "$OUT"/*-"$MODE".txt 2>/dev/null | tail -n +"$((keep + 1))")
  for f in "${old[@]}"; do
    rm -f -- "$f" "${f%-"$MODE".txt}-app.log" "${f%-"$MODE".txt}-bpftrace.err"
  done
  ((${#old[@]})) && log "pruned ${#old[@]} old $MODE result(s)"
  return 0
}

sudo -v || die "sudo is needed for bpftrace"
start_app
wait_ready
write_probe "$APP_PID"
log "tracing pid $APP_PID for ${DURATION}s ($MODE)"
sudo bpftrace -q "$SCRIPT" > "$RESULT" 2> "$OUT/$STAMP-bpftrace.err" &
TRACER_PID=$!
drive_load
wait "$TRACER_PID" || log "bpftrace exited with $?"
TRACER_PID=""
summarise "$RESULT"
compare_previous "$RESULT"
prune_old
