#!/usr/bin/env bash
# show-push-config.sh - print the push notification settings the app build
# will use, to debug "push works on my machine" reports.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
set -a
# shellcheck disable=SC1091
source "$ROOT/.env"
set +a

echo "APNS_KEY_ID=$APNS_KEY_ID"
echo "APNS_TEAM_ID=$APNS_TEAM_ID"
echo "ONESIGNAL_APP_ID=$ONESIGNAL_APP_ID"
echo "ONESIGNAL_REST_KEY=$ONESIGNAL_REST_KEY"
echo "EXPO_ACCESS_TOKEN=$EXPO_ACCESS_TOKEN"
echo "--- APNs key ---"
cat "$ROOT"/secrets/AuthKey_*.p8
echo "--- FCM service account ---"
jq . "$ROOT/secrets/fcm-service-account.json"
