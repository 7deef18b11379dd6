#!/usr/bin/env bash
# proxy-capture.sh -- run a command with its HTTP(S) traffic recorded by mitmdump.
#
#   scripts/proxy-capture.sh -- npm run test:integration
#   scripts/proxy-capture.sh --name stripe-webhooks -- pytest tests/e2e -k webhook
#   scripts/proxy-capture.sh --replay flows/stripe-webhooks.mitm
#
# The proxy listens on 127.0.0.1 only. The mitmproxy CA is handed to the child
# process through NODE_EXTRA_CA_CERTS / REQUESTS_CA_BUNDLE / SSL_CERT_FILE /
# CURL_CA_BUNDLE; it is never installed into a system or browser trust store.
# The proxy process this script starts is stopped on exit.
set -euo pipefail

PROJECT="$(pwd)"
FLOWS_DIR="$PROJECT/flows"
CA="$HOME/.mitmproxy/mitmproxy-ca-cert.pem"
HOST=127.0.0.1
PORT="${CAPTURE_PORT:-0}"
NAME="capture-$(date +%Y%m%d-%H%M%S)"
REPLAY=""
FILTER=""
PROXY_PID=""
LOG_FILE=""

log() { printf '[capture] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

stop_proxy() {
  if [[ -n "$PROXY_PID" ]] && kill -0 "$PROXY_PID" 2>/dev/null; then
    log "stopping mitmdump (pid $PROXY_PID)"
    kill -INT "$PROXY_PID" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 "$PROXY_PID" 2>/dev/null || break
      sleep 0.3
    done
    kill -KILL "$PROXY_PID" 2>/dev/null || true
    wait "$PROXY_PID" 2>/dev/null || true
  fi
  PROXY_PID=""
}

cleanup() {
  local rc=$?
  stop_proxy
  [[ -n "$LOG_FILE" && -f "$LOG_FILE" && $rc -eq 0 ]] && rm -f -- "$LOG_FILE"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

while (($#)); do
  case "$1" in
    --name) NAME="${2:?}"; shift 2 ;;
    --port) PORT="${2:?}"; shift 2 ;;
    --filter) FILTER="${2:?}"; shift 2 ;;
    --replay) REPLAY="${2:?}"; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown argument $1 (put the command after --)" ;;
  esac
done

command -v mitmdump >/dev/null || die "mitmdump not found (pipx install mitmproxy)"
[[ "$NAME" =~ ^[A-Za-z0-9._-]+$ ]] || die "name may contain only letters, digits, . _ -"

pick_port() {
  local p
  for p in $(seq 18080 18180); do
    if ! (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then
      echo "$p"
      return
    fi
  done
  die "no free port in 18080-18180"
}

wait_listening() {
  local i
  for i in $(seq 1 50); do
    if (exec 3<>"/dev/tcp/$HOST/$PORT") 2>/dev/null; then
      return 0
    fi
    kill -0 "$PROXY_PID" 2>/dev/null || die "mitmdump exited early; see $LOG_FILE"
    sleep 0.2
  done
  die "mitmdump did not listen on $HOST:$PORT"
}

if [[ -n "$REPLAY" ]]; then
  [[ -f "$REPLAY" ]] || die "no such flow file: $REPLAY"
  log "summary of $REPLAY"
  mitmdump -n -r "$REPLAY" --flow-detail 1 ${FILTER:+"$FILTER"} | sed -n '1,200p'
  exit 0
fi

(($#)) || die "no command given"
mkdir -p "$FLOWS_DIR"
OUT="$FLOWS_DIR/$NAME.mitm"
[[ ! -e "$OUT" ]] || die "$OUT already exists"
[[ "$PORT" == 0 ]] && PORT="$(pick_port)"
LOG_FILE="$FLOWS_DIR/.$NAME.log"

if [[ ! -f "$CA" ]]; then
  log "no mitmproxy CA yet; it is generated on first start"
fi

mitm_args=(--listen-host "$HOST" --listen-port "$PORT" -w "$OUT" --set flow_detail=0)
if [[ -n "$FILTER" ]]; then
  mitm_args+=("$FILTER")
fi
mitmdump "${mitm_args[@]}" >"$LOG_FILE" 2>&1 &
PROXY_PID=$!
wait_listening
log "mitmdump on $HOST:$PORT (pid $PROXY_PID) -> ${OUT#"$PROJECT"/}"

[[ -f "$CA" ]] || die "CA file still missing at $CA"

proxy_url="http://$HOST:$PORT"
set +e
env \
  HTTP_PROXY="$proxy_url" HTTPS_PROXY="$proxy_url" \
  http_proxy="$proxy_url" https_proxy="$proxy_url" \
  NO_PROXY="localhost,127.0.0.1" no_proxy="localhost,127.0.0.1" \
  NODE_EXTRA_CA_CERTS="$CA" REQUESTS_CA_BUNDLE="$CA" \
  SSL_CERT_FILE="$CA" CURL_CA_BUNDLE="$CA" \
  GLOBAL_AGENT_HTTP_PROXY="$proxy_url" \
  "$@"
rc=$?
set -e

stop_proxy

count_flows() {
  mitmdump -n -r "$OUT" --flow-detail 0 2>/dev/null | grep -cE '(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) ' || true
}

hosts_seen() {
  mitmdump -n -r "$OUT" --flow-detail 0 2>/dev/null \
    | grep -oE 'https?://[^/ ]+' | sort | uniq -c | sort -rn | head -n 15
}

if [[ -s "$OUT" ]]; then
  log "$(count_flows) flows recorded in ${OUT#"$PROJECT"/}"
  hosts_seen >&2
  {
    printf '{"name":"%s","command":"%s","exit":%d,"port":%d,"created":"%s"}\n' \
      "$NAME" "${*//\"/\\\"}" "$rc" "$PORT" "$(date -u +%FT%TZ)"
  } >"$FLOWS_DIR/$NAME.json"
else
  log "no traffic recorded"
  rm -f -- "$OUT"
fi

scrub_auth_headers() {
  # captures are for debugging payloads; drop Authorization/Cookie headers
  # from the saved file so it can be attached to an issue safely
  local scrubbed="$OUT.scrubbed"
  if mitmdump -n -r "$OUT" -w "$scrubbed" \
      --modify-headers '/~q/Authorization/' \
      --modify-headers '/~q/Cookie/' \
      --modify-headers '/~s/Set-Cookie/' >/dev/null 2>&1; then
    mv -f "$scrubbed" "$OUT"
    log "removed auth headers from the saved capture"
  else
    rm -f -- "$scrubbed"
    log "warning: could not scrub headers; keep ${OUT#"$PROJECT"/} private"
  fi
}

prune_old() {
  local keep="${CAPTURE_KEEP:-20}" old
  mapfile -t old < <(ls -1t "$FLOWS_DIR"/capture-*.mitm 2>/dev/null | tail -n +"$((keep + 1))")
  for f in "${old[@]}"; do
    rm -f -- "$f" "${f%.mitm}.json"
    log "pruned $(basename "$f")"
  done
}

[[ -s "$OUT" && "${CAPTURE_KEEP_AUTH:-0}" != 1 ]] && scrub_auth_headers
prune_old

if [[ -f .gitignore ]] && ! grep -qxF 'flows/' .gitignore; then
  log "tip: add 'flows/' to .gitignore; captures may contain tokens"
fi

exit "$rc"
