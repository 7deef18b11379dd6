#!/usr/bin/env bash
# offline-tests.sh -- run the API client tests against recorded traffic.
#
# record mode:  mitmdump on 127.0.0.1 forwards to the real APIs and saves
#               flows to tests/recordings/<suite>.flows
# replay mode:  mitmdump --server-replay answers from that file; requests that
#               were not recorded get a 404 instead of reaching the network
#
#   scripts/offline-tests.sh record github -- pytest tests/clients/test_github.py
#   scripts/offline-tests.sh replay github -- pytest tests/clients/test_github.py
#
# The proxy is a child of this script, bound to localhost, and stopped on exit.
# The mitmproxy CA is provided to the test process only (env vars).
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
REC_DIR="$ROOT/tests/recordings"
CA="$HOME/.mitmproxy/mitmproxy-ca-cert.pem"
LISTEN=127.0.0.1
PORT="${OFFLINE_PORT:-18443}"
PID=""

log() { printf '[offline] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

stop_proxy() {
  [[ -n "$PID" ]] || return 0
  if kill -0 "$PID" 2>/dev/null; then
    kill -INT "$PID" 2>/dev/null || true
    for _ in $(seq 1 20); do
      kill -0 "$PID" 2>/dev/null || break
      sleep 0.2
    done
    kill -0 "$PID" 2>/dev/null && kill -KILL "$PID" 2>/dev/null
  fi
  wait "$PID" 2>/dev/null || true
  PID=""
}
trap stop_proxy EXIT
trap 'exit 130' INT TERM

list_recordings() {
  local f size age
  shopt -s nullglob
  for f in "$REC_DIR"/*.flows; do
    size="$(wc -c <"$f" | tr -d ' ')"
    age="$(( ($(date +%s) - $(stat -c %Y "$f" 2>/dev/null || stat -f %m "$f")) / 86400 ))"
    printf '%-24s %8s KiB  %4s days old\n' "$(basename "$f" .flows)" "$((size / 1024))" "$age"
  done
  shopt -u nullglob
}

prune_partials() {
  # leftovers from interrupted record runs in our recordings dir only
  local f n=0
  shopt -s nullglob
  for f in "$REC_DIR"/*.flows.part "$REC_DIR"/.mitm-*.log; do
    rm -f -- "$f"
    n=$((n + 1))
  done
  shopt -u nullglob
  log "removed $n partial file(s)"
}

usage() {
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
  printf '  scripts/offline-tests.sh list\n  scripts/offline-tests.sh prune\n'
  exit 0
}

case "${1:-}" in
  -h|--help) usage ;;
  list) list_recordings; exit 0 ;;
  prune) prune_partials; exit 0 ;;
esac

(($# >= 3)) || die "usage: offline-tests.sh record|replay SUITE -- CMD..."
MODE="$1"
SUITE="$2"
shift 2
[[ "$1" == "--" ]] && shift
[[ "$SUITE" =~ ^[a-z0-9_-]+$ ]] || die "suite name must be lowercase letters, digits, - or _"
FLOWS="$REC_DIR/$SUITE.flows"

command -v mitmdump >/dev/null || die "mitmdump is required (pipx install mitmproxy)"

wait_port() {
  local i
  for i in $(seq 1 50); do
    (exec 3<>"/dev/tcp/$LISTEN/$PORT") 2>/dev/null && return 0
    kill -0 "$PID" 2>/dev/null || die "mitmdump exited; see $REC_DIR/.mitm-$SUITE.log"
    sleep 0.2
  done
  die "proxy did not come up on $LISTEN:$PORT"
}

start_record() {
  mkdir -p "$REC_DIR"
  if [[ -f "$FLOWS" && "${FORCE:-0}" != 1 ]]; then
    die "$FLOWS exists; set FORCE=1 to re-record"
  fi
  log "recording into ${FLOWS#"$ROOT"/}"
  mitmdump --listen-host "$LISTEN" --listen-port "$PORT" \
    --set save_stream_file="$FLOWS.part" \
    --set flow_detail=0 \
    --modify-headers '/~q/Authorization/[redacted]' \
    >"$REC_DIR/.mitm-$SUITE.log" 2>&1 &
  PID=$!
}

start_replay() {
  [[ -f "$FLOWS" ]] || die "no recording ${FLOWS#"$ROOT"/}; run record mode first"
  log "replaying ${FLOWS#"$ROOT"/}"
  mitmdump --listen-host "$LISTEN" --listen-port "$PORT" \
    --server-replay "$FLOWS" \
    --set server_replay_extra=404 \
    --set server_replay_ignore_params=timestamp,nonce \
    --set server_replay_ignore_host=false \
    --set flow_detail=0 \
    >"$REC_DIR/.mitm-$SUITE.log" 2>&1 &
  PID=$!
}

case "$MODE" in
  record) start_record ;;
  replay) start_replay ;;
  *) die "mode must be record or replay" ;;
esac
wait_port
[[ -f "$CA" ]] || die "mitmproxy CA missing at $CA (run mitmdump once to create it)"

proxy="http://$LISTEN:$PORT"
set +e
HTTPS_PROXY="$proxy" HTTP_PROXY="$proxy" https_proxy="$proxy" http_proxy="$proxy" \
  no_proxy="localhost,127.0.0.1" NO_PROXY="localhost,127.0.0.1" \
  REQUESTS_CA_BUNDLE="$CA" SSL_CERT_FILE="$CA" NODE_EXTRA_CA_CERTS="$CA" \
  OFFLINE_TESTS_MODE="$MODE" \
  "$@"
rc=$?
set -e
stop_proxy

if [[ "$MODE" == record ]]; then
  if [[ -s "$FLOWS.part" ]]; then
    mv -f "$FLOWS.part" "$FLOWS"
    log "saved $(mitmdump -n -r "$FLOWS" --flow-detail 0 2>/dev/null | grep -c '' || echo '?') flows"
  else
    rm -f -- "$FLOWS.part"
    log "nothing recorded"
  fi
else
  misses="$(grep -c 'server_replay: no replay' "$REC_DIR/.mitm-$SUITE.log" || true)"
  if ((misses > 0)); then
    log "$misses request(s) had no recording; re-record with FORCE=1 if the API calls changed"
  fi
fi

summarize_hosts() {
  [[ -f "$FLOWS" ]] || return 0
  mitmdump -n -r "$FLOWS" --flow-detail 0 2>/dev/null \
    | grep -oE 'https?://[^/ ]+' | sort | uniq -c | sort -rn | head -n 10 >&2 || true
}

check_secrets_in_recording() {
  # recordings are committed; make sure no obvious credential slipped through
  [[ -f "$FLOWS" ]] || return 0
  if strings "$FLOWS" | grep -qE '(gh[pousr]_[A-Za-z0-9]{20,}|sk_live_[A-Za-z0-9]{10,}|xox[bp]-[A-Za-z0-9-]{10,})'; then
    log "WARNING: the recording appears to contain a token; do not commit it"
    return 1
  fi
}

if [[ "$MODE" == record ]]; then
  summarize_hosts
  check_secrets_in_recording || rc=3
fi

rm -f -- "$REC_DIR/.mitm-$SUITE.log"
if ((rc != 0)); then
  log "test command exited with $rc"
fi
exit "$rc"
