#!/usr/bin/env bash
# stream-check.sh - end-to-end health check of the contribution chain
#
#   test pattern (ffmpeg, started here) -> srt-live-transmit (local relay)
#   -> nginx-rtmp on localhost:1935 -> Mux live stream (api.mux.com)
#
#   tools/stream-check.sh              check the relay + nginx only
#   tools/stream-check.sh --mux        also query the Mux live stream status
#   tools/stream-check.sh --with-test  start a 30 s test pattern first
#
# Mux credentials: MUX_TOKEN_ID / MUX_TOKEN_SECRET from .env; they are sent
# only to api.mux.com.  The stream key is never printed (masked).

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRT_PORT="${SRT_PORT:-9001}"
RTMP_STAT="${RTMP_STAT:-http://localhost:8089/stat}"
MUX_API="https://api.mux.com/video/v1"
CHECK_MUX=0
WITH_TEST=0
TEST_PID=""
TMPD=""
FAILS=0

log() { printf '%s  %s\n' "$(date +%T)" "$*"; }
die() { log "fatal: $*" >&2; exit 2; }
ok() { log "OK    $*"; }
bad() { log "FAIL  $*"; FAILS=$((FAILS + 1)); }

cleanup() {
  if [[ -n "$TEST_PID" ]] && kill -0 "$TEST_PID" 2>/dev/null; then
    kill "$TEST_PID" 2>/dev/null || true
    wait "$TEST_PID" 2>/dev/null || true
    log "stopped test pattern (pid $TEST_PID)"
  fi
  [[ -n "$TMPD" ]] && rm -rf -- "$TMPD"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

while (($#)); do
  case "$1" in
    --mux) CHECK_MUX=1 ;;
    --with-test) WITH_TEST=1 ;;
    --port) SRT_PORT="$2"; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

env_get() {
  local name="$1" line
  if [[ -n "${!name:-}" ]]; then
    printf '%s' "${!name}"
    return
  fi
  [[ -f "$ROOT/.env" ]] || return 0
  line="$(grep -E "^${name}=" "$ROOT/.env" | tail -n 1 || true)"
  printf '%s' "${line#*=}"
}

mask() {
  local v="$1"
  ((${#v} > 8)) && printf '%s…%s' "${v:0:4}" "${v: -2}" || printf '****'
}

start_test_pattern() {
  command -v ffmpeg >/dev/null || die "ffmpeg not installed"
  TMPD="$(mktemp -d)"
  ffmpeg -nostdin -loglevel error -re \
    -f lavfi -i "testsrc2=size=1280x720:rate=30" \
    -f lavfi -i "sine=frequency=1000:sample_rate=48000" \
    -t 30 -c:v libx264 -preset veryfast -tune zerolatency -g 60 -c:a aac \
    -f mpegts "srt://127.0.0.1:${SRT_PORT}?mode=caller&latency=200000" \
    >"$TMPD/ffmpeg.log" 2>&1 &
  TEST_PID=$!
  log "test pattern started (pid $TEST_PID) -> srt://127.0.0.1:$SRT_PORT"
  sleep 3
}

check_srt() {
  local probe
  if probe="$(timeout 15 ffprobe -v error -show_entries stream=codec_type,codec_name \
      -of csv=p=0 "srt://127.0.0.1:${SRT_PORT}?mode=caller" 2>&1)"; then
    ok "SRT relay on :$SRT_PORT carries: $(tr '\n' ' ' <<<"$probe")"
  else
    bad "SRT relay on :$SRT_PORT not readable ($probe)"
  fi
}

check_rtmp() {
  local xml tries=0
  until xml="$(curl -fsS --max-time 5 "$RTMP_STAT")"; do
    tries=$((tries + 1))
    if ((tries >= 3)); then
      bad "nginx-rtmp stat page $RTMP_STAT unreachable"
      return
    fi
    sleep $((tries * 2))
  done
  local streams bw
  streams="$(grep -c '<stream>' <<<"$xml" || true)"
  bw="$(sed -n 's:.*<bw_in>\([0-9]*\)</bw_in>.*:\1:p' <<<"$xml" | head -n 1)"
  if ((streams > 0)); then
    ok "nginx-rtmp: $streams stream(s), bw_in ${bw:-0} bit/s"
  else
    bad "nginx-rtmp: no active streams"
  fi
}

check_mux() {
  local id secret stream_id body status key
  id="$(env_get MUX_TOKEN_ID)"
  secret="$(env_get MUX_TOKEN_SECRET)"
  stream_id="$(env_get MUX_LIVE_STREAM_ID)"
  [[ -n "$id" && -n "$secret" ]] || { bad "MUX_TOKEN_ID/MUX_TOKEN_SECRET not set"; return; }
  [[ -n "$stream_id" ]] || { bad "MUX_LIVE_STREAM_ID not set"; return; }
  log "querying Mux live stream $stream_id (token $(mask "$id"))"
  if ! body="$(curl -fsS --max-time 15 -u "$id:$secret" "$MUX_API/live-streams/$stream_id")"; then
    bad "Mux API request failed"
    return
  fi
  status="$(jq -r '.data.status' <<<"$body")"
  key="$(jq -r '.data.stream_key' <<<"$body")"
  case "$status" in
    active) ok "Mux stream active (key $(mask "$key"))" ;;
    idle) bad "Mux stream idle - nothing is reaching the ingest (key $(mask "$key"))" ;;
    *) bad "Mux stream status '$status'" ;;
  esac
  local recent
  recent="$(jq -r '.data.recent_asset_ids | length' <<<"$body")"
  log "recent assets: $recent"
}

check_processes() {
  local name
  for name in srt-live-transmit nginx; do
    if pgrep -x "$name" >/dev/null; then
      ok "$name running"
    else
      bad "$name not running"
    fi
  done
}

check_nginx_config() {
  local conf="$ROOT/infra/nginx-rtmp.conf"
  if [[ ! -f "$conf" ]]; then
    bad "missing $conf"
    return
  fi
  if nginx -t -q -c "$conf" 2>"${TMPD:-/tmp}/nginx-t.err"; then
    ok "nginx-rtmp config valid"
  else
    bad "nginx-rtmp config invalid: $(head -n 1 "${TMPD:-/tmp}/nginx-t.err")"
  fi
}

check_disk() {
  local rec="$ROOT/build/recordings" avail
  mkdir -p "$rec"
  avail="$(df -Pm "$rec" | awk 'NR==2 {print $4}')"
  if ((avail < 2048)); then
    bad "only ${avail} MiB free for recordings in ${rec#"$ROOT"/}"
  else
    ok "${avail} MiB free for recordings"
  fi
}

main() {
  command -v curl >/dev/null || die "curl required"
  command -v jq >/dev/null || die "jq required"
  check_processes
  check_nginx_config
  check_disk
  ((WITH_TEST)) && start_test_pattern
  check_srt
  check_rtmp
  ((CHECK_MUX)) && check_mux
  if ((FAILS)); then
    log "$FAILS check(s) failed"
    exit 1
  fi
  log "all checks passed"
}

main
