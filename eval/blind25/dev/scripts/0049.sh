#!/usr/bin/env bash
# check-bot-config.sh - sanity-check the Slack bot configuration.
#
# Prints the configured values so you can compare them with the app
# settings page at api.slack.com.
set -euo pipefail

APP="$(cd "$(dirname "$0")/.." && pwd)"
ENV_FILE="$APP/.env"

[[ -f "$ENV_FILE" ]] || { echo "no .env"; exit 1; }

echo "== values from .env"
while IFS='=' read -r key value; do
  [[ -z "$key" || "$key" == \#* ]] && continue
  printf '%-24s %s\n' "$key" "$value"
done < "$ENV_FILE"

echo
echo "== token prefixes"
grep -E '^SLACK_(BOT|APP|USER)_TOKEN=' "$ENV_FILE" | while IFS='=' read -r k v; do
  case "$v" in
    xoxb-*) echo "$k: bot token" ;;
    xapp-*) echo "$k: app-level token" ;;
    xoxp-*) echo "$k: user token (are you sure?)" ;;
    *) echo "$k: unrecognised format" ;;
  esac
done

echo
echo "== socket mode"
grep -q '^SLACK_APP_TOKEN=' "$ENV_FILE" && echo "enabled" || echo "disabled"
