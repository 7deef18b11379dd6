#!/usr/bin/env bash
# Debug helper: show which Twilio account and number the CLI will use.
set -euo pipefail

cd "$(dirname "$0")/.."
set -a
. ./.env
set +a

echo "Account SID : $TWILIO_ACCOUNT_SID"
echo "Auth token  : $TWILIO_AUTH_TOKEN"
echo "API key     : ${TWILIO_API_KEY:-unset} / ${TWILIO_API_SECRET:-unset}"
echo "From number : $TWILIO_FROM"

echo
echo "CLI profiles:"
twilio profiles:list
echo
echo "First numbers on the account:"
twilio api:core:incoming-phone-numbers:list --limit 5 -o json \
  | jq -r '.[] | "\(.phoneNumber)  sms=\(.smsUrl)  voice=\(.voiceUrl)"'
