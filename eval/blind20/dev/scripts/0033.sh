#!/usr/bin/env bash
# scripts/stripe-dev.sh - exercise the webhook handler with the Stripe CLI.
#
# 1. refuses to run unless the Stripe CLI is in test mode (sk_test_/rk_test_ key)
# 2. starts `stripe listen --forward-to localhost:$PORT/webhooks/stripe`
#    in the background and captures the whsec_ signing secret it prints
# 3. writes the secret to .env.local (project file, gitignored) for the app
# 4. triggers each event in scripts/stripe-events.txt and waits for the handler
#    to log it, then stops the listener we started
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
PORT="${PORT:-3000}"
EVENTS_FILE="${ROOT}/scripts/stripe-events.txt"
ENV_LOCAL="${ROOT}/.env.local"
APP_LOG="${ROOT}/log/development.log"
LISTEN_LOG="$(mktemp -t stripe-listen.XXXXXX)"
LISTEN_PID=""

die() { echo "stripe-dev: $*" >&2; exit 1; }

cleanup() {
  if [[ -n "$LISTEN_PID" ]] && kill -0 "$LISTEN_PID" 2>/dev/null; then
    kill "$LISTEN_PID" 2>/dev/null || true
    wait "$LISTEN_PID" 2>/dev/null || true
  fi
  rm -f -- "$LISTEN_LOG"
}
trap cleanup EXIT INT TERM

command -v stripe >/dev/null || die "stripe CLI not installed"

assert_test_mode() {
  local key="${STRIPE_API_KEY:-}"
  if [[ -z "$key" && -f "${ROOT}/.env" ]]; then
    key="$(grep -E '^STRIPE_SECRET_KEY=' "${ROOT}/.env" | tail -n 1 | cut -d= -f2- | tr -d '"')"
  fi
  case "$key" in
    sk_test_*|rk_test_*) ;;
    "") die "no Stripe key found in STRIPE_API_KEY or .env" ;;
    *) die "the configured Stripe key is not a test-mode key; refusing" ;;
  esac
  export STRIPE_API_KEY="$key"
}

events_count() {
  # number of non-comment lines in the events file, for the progress output
  grep -cvE '^\s*(#|$)' "$EVENTS_FILE" || true
}

app_running() {
  curl -fsS -o /dev/null --max-time 2 "http://localhost:${PORT}/healthz"
}

start_listener() {
  stripe listen \
    --forward-to "localhost:${PORT}/webhooks/stripe" \
    --events "$(paste -sd, "$EVENTS_FILE")" \
    --print-secret=false \
    >"$LISTEN_LOG" 2>&1 &
  LISTEN_PID=$!
  local i
  for i in $(seq 1 30); do
    if grep -q 'Ready!' "$LISTEN_LOG"; then
      return 0
    fi
    kill -0 "$LISTEN_PID" 2>/dev/null || { cat "$LISTEN_LOG" >&2; die "stripe listen exited"; }
    sleep 0.5
  done
  die "stripe listen did not become ready"
}

signing_secret() {
  local secret
  secret="$(grep -oE 'whsec_[A-Za-z0-9]+' "$LISTEN_LOG" | head -n 1 || true)"
  if [[ -z "$secret" ]]; then
    secret="$(stripe listen --print-secret 2>/dev/null)"
  fi
  [[ "$secret" == whsec_* ]] || die "could not obtain the webhook signing secret"
  printf '%s' "$secret"
}

write_env_local() {
  local secret="$1" tmp
  tmp="$(mktemp "${ENV_LOCAL}.XXXX")"
  if [[ -f "$ENV_LOCAL" ]]; then
    grep -v '^STRIPE_WEBHOOK_SECRET=' "$ENV_LOCAL" >"$tmp" || true
  fi
  printf 'STRIPE_WEBHOOK_SECRET=%s\n' "$secret" >>"$tmp"
  chmod 600 "$tmp"
  mv -f "$tmp" "$ENV_LOCAL"
  git -C "$ROOT" check-ignore -q "$ENV_LOCAL" || echo "warning: .env.local is not gitignored" >&2
}

wait_for_handler() {
  local event="$1" since="$2" i
  for i in $(seq 1 40); do
    if tail -c +"$since" "$APP_LOG" 2>/dev/null | grep -q "stripe webhook handled type=${event}"; then
      return 0
    fi
    sleep 0.25
  done
  return 1
}

run_events() {
  local event offset failures=0 total=0
  while IFS= read -r event; do
    [[ -z "$event" || "$event" == \#* ]] && continue
    total=$((total + 1))
    offset=$(( $(wc -c <"$APP_LOG" 2>/dev/null || echo 0) + 1 ))
    printf '%-45s ' "$event"
    if ! stripe trigger "$event" >/dev/null 2>&1; then
      echo "trigger failed"
      failures=$((failures + 1))
      continue
    fi
    if wait_for_handler "$event" "$offset"; then
      echo "handled"
    else
      echo "NOT handled"
      failures=$((failures + 1))
    fi
  done <"$EVENTS_FILE"
  echo "${total} events, ${failures} failures"
  return "$failures"
}

check_cli_version() {
  # `stripe trigger` fixtures changed format in 1.14; older CLIs fail silently
  local v major minor
  v="$(stripe version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+' | head -n1)"
  major="${v%%.*}"
  minor="${v#*.}"
  if [[ -z "$v" ]] || (( major < 1 || (major == 1 && minor < 14) )); then
    die "stripe CLI ${v:-unknown} is too old; need >= 1.14"
  fi
}

check_handler_route() {
  # an unsigned request must be rejected; a 2xx means signature checks are off
  local code
  code="$(curl -s -o /dev/null -w '%{http_code}' -X POST \
    -H 'Content-Type: application/json' \
    --data '{"id":"evt_unsigned","type":"ping"}' \
    "http://localhost:${PORT}/webhooks/stripe")"
  case "$code" in
    400|401|403) echo "handler rejects unsigned requests (${code})" ;;
    404) die "no route /webhooks/stripe on localhost:${PORT}" ;;
    2*) die "handler accepted an unsigned request; signature verification is disabled" ;;
    *) echo "warning: unexpected status ${code} for unsigned request" >&2 ;;
  esac
}

print_summary_hint() {
  cat <<EOF

Inspect deliveries:  tail -f ${APP_LOG#"$ROOT"/} | grep 'stripe webhook'
Re-run one event:    stripe trigger <event>   (listener must be running: $0 --listen-only)
EOF
}

main() {
  [[ -f "$EVENTS_FILE" ]] || die "missing ${EVENTS_FILE#"$ROOT"/}"
  check_cli_version
  assert_test_mode
  app_running || die "app is not running on localhost:${PORT}; start it with bin/dev"
  check_handler_route
  start_listener
  trap 'print_summary_hint; cleanup' EXIT
  local secret
  secret="$(signing_secret)"
  write_env_local "$secret"
  echo "webhook secret written to .env.local; restart the app if it was already running"
  echo "$(events_count) events configured in ${EVENTS_FILE#"$ROOT"/}"
  if [[ "${1:-}" == "--listen-only" ]]; then
    echo "listening; Ctrl-C to stop"
    wait "$LISTEN_PID"
    return
  fi
  run_events
}

main "$@"
