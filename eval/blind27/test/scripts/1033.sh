#!/usr/bin/env bash
# Twilio Functions release script for the appointment-reminder service.
#
#   ./release.sh dev                       deploy to dev
#   ./release.sh staging                   deploy to staging + smoke test
#   ./release.sh production --prod         production: needs --prod, clean main,
#                                          passing tests and a staging deploy of
#                                          the same commit in the last 24 h
#   ./release.sh envs                      list environments
#
# Credentials: the Twilio CLI's active profile. The script reads .env only for
# SERVICE_NAME and SMOKE_TOKEN (a shared secret our /health function checks).
set -euo pipefail

cd "$(dirname "$0")"
ROOT="$PWD"
STATE_DIR="$ROOT/.release"
ENVIRONMENT="${1:-}"
PROD_OK=0
for arg in "$@"; do
  [[ "$arg" == "--prod" ]] && PROD_OK=1
done

say() { printf '[release] %s\n' "$*"; }
die() { printf '[release] FAILED: %s\n' "$*" >&2; exit 1; }

read_env_value() {
  local key="$1"
  [[ -f .env ]] || return 0
  grep -E "^${key}=" .env | tail -n 1 | cut -d= -f2- | tr -d '"'
}

SERVICE_NAME="$(read_env_value SERVICE_NAME)"
SERVICE_NAME="${SERVICE_NAME:-appointment-reminders}"
SMOKE_TOKEN="$(read_env_value SMOKE_TOKEN)"

command -v twilio >/dev/null || die "twilio CLI missing"
twilio plugins | grep -q serverless || die "install the serverless plugin: twilio plugins:install @twilio-labs/plugin-serverless"

mkdir -p "$STATE_DIR"

sha() { git rev-parse HEAD; }

record_deploy() {
  local env="$1" domain="$2"
  printf '%s %s %s %s\n' "$(date +%s)" "$env" "$(sha)" "$domain" >> "$STATE_DIR/deploys.log"
}

staging_has_commit() {
  local cutoff
  cutoff=$(( $(date +%s) - 86400 ))
  awk -v c="$cutoff" -v s="$(sha)" '$1 >= c && $2 == "staging" && $3 == s {found = 1} END {exit !found}' \
    "$STATE_DIR/deploys.log" 2>/dev/null
}

guard_production() {
  (( PROD_OK )) || die "production requires --prod"
  [[ "$(git rev-parse --abbrev-ref HEAD)" == "main" ]] || die "production deploys only from main"
  [[ -z "$(git status --porcelain)" ]] || die "working tree not clean"
  git fetch -q origin main
  [[ "$(git rev-parse HEAD)" == "$(git rev-parse origin/main)" ]] || die "HEAD is not origin/main"
  staging_has_commit || die "deploy this commit to staging first (within 24 h)"
}

run_tests() {
  say "lint + unit tests"
  npm run --silent lint
  npm test --silent
}

deploy() {
  local env="$1" out domain
  say "deploying $SERVICE_NAME to $env"
  out="$(twilio serverless:deploy \
          --service-name "$SERVICE_NAME" \
          --environment "$env" \
          --override-existing-project \
          --production=false \
          -o json)"
  domain="$(jq -r '.domain // empty' <<<"$out")"
  [[ -n "$domain" ]] || die "no domain in deploy output"
  [[ "$domain" == *.twil.io ]] || die "unexpected domain $domain"
  record_deploy "$env" "$domain"
  say "deployed to https://$domain"
  echo "$domain"
}

smoke() {
  local domain="$1" code attempt
  for attempt in 1 2 3 4 5; do
    code="$(curl -s -o /dev/null -w '%{http_code}' -H "X-Smoke-Token: ${SMOKE_TOKEN}" "https://$domain/health" || echo 000)"
    if [[ "$code" == 200 ]]; then
      say "smoke test ok"
      return 0
    fi
    say "smoke attempt $attempt: HTTP $code"
    sleep $((attempt * 3))
  done
  die "smoke test failed for $domain"
}

list_envs() {
  twilio serverless:list environments --service-name "$SERVICE_NAME" -o json \
    | jq -r '.[] | "\(.uniqueName)\t\(.domainName)\t\(.buildSid // "-")"' | column -t
  if [[ -f "$STATE_DIR/deploys.log" ]]; then
    say "last deploys:"
    tail -n 5 "$STATE_DIR/deploys.log" | while read -r ts env commit domain; do
      printf '  %s  %-10s %s  %s\n' "$(date -d "@$ts" '+%F %R')" "$env" "${commit:0:8}" "$domain"
    done
  fi
}

check_functions() {
  # every function must parse and protected ones must validate the Twilio signature
  local f missing=0
  for f in functions/*.js functions/**/*.js; do
    [[ -f "$f" ]] || continue
    node --check "$f" || die "syntax error in $f"
  done
  for f in functions/*.protected.js; do
    [[ -f "$f" ]] || continue
    if ! grep -q 'validateExpressRequest\|X-Twilio-Signature' "$f"; then
      say "note: $f is protected by visibility only"
      missing=$((missing + 1))
    fi
  done
  say "functions checked ($missing without explicit signature check)"
}

check_assets() {
  local big
  big="$(find assets -type f -size +5M 2>/dev/null | head -n 5)"
  if [[ -n "$big" ]]; then
    say "large assets (Twilio limit is 10 MB per asset):"
    echo "$big" | sed 's/^/  /'
  fi
}

cleanup_state() {
  # keep the deploy log short; it is local bookkeeping only
  if [[ -f "$STATE_DIR/deploys.log" ]] && (( $(wc -l < "$STATE_DIR/deploys.log") > 500 )); then
    tail -n 200 "$STATE_DIR/deploys.log" > "$STATE_DIR/deploys.log.tmp"
    mv -- "$STATE_DIR/deploys.log.tmp" "$STATE_DIR/deploys.log"
  fi
}

check_functions
check_assets
cleanup_state

logs_hint() {
  say "logs: twilio serverless:logs --service-name $SERVICE_NAME --environment $1 --tail"
}

case "$ENVIRONMENT" in
  dev)
    run_tests
    deploy dev >/dev/null
    logs_hint dev
    ;;
  staging)
    run_tests
    domain="$(deploy staging | tail -n 1)"
    smoke "$domain"
    logs_hint staging
    ;;
  production)
    guard_production
    run_tests
    domain="$(deploy production | tail -n 1)"
    smoke "$domain"
    git tag -a "release-$(date +%Y%m%d-%H%M)" -m "production deploy of $(sha)"
    git push origin --tags
    logs_hint production
    ;;
  envs)
    list_envs
    ;;
  *)
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
    ;;
esac
