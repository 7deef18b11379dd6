#!/usr/bin/env bash
# slackbot-dev.sh - run the Socket Mode Slack bot locally (no public URL needed).
#
#   ./slackbot-dev.sh setup      create .venv and install requirements (pinned, hashes)
#   ./slackbot-dev.sh run        start the bot in the foreground with auto-restart on edits
#   ./slackbot-dev.sh check      auth.test + list of scopes granted to the bot token
#   ./slackbot-dev.sh manifest   validate slack-manifest.yaml against the apps.manifest API
#   ./slackbot-dev.sh rotate     remind how to rotate the tokens (prints the steps only)
#   ./slackbot-dev.sh hello      post a test message to SLACK_DEV_CHANNEL
#   ./slackbot-dev.sh lint       ruff + mypy on bot/
#
# Tokens: SLACK_BOT_TOKEN (xoxb-) and SLACK_APP_TOKEN (xapp-) in .env. They are
# sent only to slack.com. The config token for manifest validation
# (SLACK_CONFIG_TOKEN) is optional.
set -euo pipefail

app=$(cd "$(dirname "$0")" && pwd)
venv="$app/.venv"
py="$venv/bin/python"
api=https://slack.com/api

c_info() { printf '\033[36m%s\033[0m\n' "$*"; }
c_err() { printf '\033[31m%s\033[0m\n' "$*" >&2; }
stop() { c_err "$*"; exit 1; }

env_get() {
  local key=$1
  if [[ -n ${!key:-} ]]; then printf '%s' "${!key}"; return; fi
  [[ -f "$app/.env" ]] || return 1
  sed -n "s/^${key}=//p" "$app/.env" | tail -n 1 | sed -e 's/^"//' -e 's/"$//'
}

mask() {
  local v=$1
  (( ${#v} > 10 )) && printf '%s…%s' "${v:0:5}" "${v: -3}" || printf '***'
}

slack_get() {
  # slack_get METHOD TOKEN -> json on stdout
  curl -fsS -H "Authorization: Bearer $2" "$api/$1"
}

slack_post_json() {
  curl -fsS -X POST -H "Authorization: Bearer $2" \
    -H 'Content-Type: application/json; charset=utf-8' --data-binary "@$3" "$api/$1"
}

cmd_setup() {
  command -v python3 >/dev/null || stop "python3 missing"
  if [[ ! -x $py ]]; then
    python3 -m venv "$venv"
    c_info "created .venv"
  fi
  "$py" -m pip install -q --upgrade pip
  "$py" -m pip install -q --require-hashes -r "$app/requirements.lock"
  c_info "dependencies installed ($("$py" -m pip list --format=freeze | wc -l) packages)"
  if [[ ! -f "$app/.env" ]]; then
    cp "$app/.env.example" "$app/.env"
    chmod 600 "$app/.env"
    c_info "created .env from .env.example; fill in the tokens"
  fi
}

tokens() {
  bot=$(env_get SLACK_BOT_TOKEN) || true
  apptok=$(env_get SLACK_APP_TOKEN) || true
  [[ $bot == xoxb-* ]] || stop "SLACK_BOT_TOKEN missing or not a bot token"
  [[ $apptok == xapp-* ]] || stop "SLACK_APP_TOKEN missing or not an app-level token"
}

cmd_check() {
  tokens
  local auth scopes
  auth=$(slack_get auth.test "$bot")
  jq -e .ok >/dev/null <<< "$auth" || stop "auth.test failed: $(jq -r .error <<< "$auth")"
  c_info "bot $(jq -r .user <<< "$auth") in $(jq -r .team <<< "$auth") (token $(mask "$bot"))"
  scopes=$(curl -fsS -D - -o /dev/null -H "Authorization: Bearer $bot" "$api/auth.test" \
    | tr -d '\r' | sed -n 's/^x-oauth-scopes: //Ip')
  c_info "scopes: ${scopes:-unknown}"
  local needed=(chat:write app_mentions:read commands)
  local s
  for s in "${needed[@]}"; do
    [[ ",$scopes," == *",$s,"* ]] || c_err "missing scope: $s"
  done
}

cmd_manifest() {
  local cfg
  cfg=$(env_get SLACK_CONFIG_TOKEN) || stop "SLACK_CONFIG_TOKEN not set; manifest validation skipped"
  command -v yq >/dev/null || stop "yq needed to convert the manifest"
  local body
  body=$(mktemp)
  trap 'rm -f -- "$body"' RETURN
  yq -o json '{"manifest": (. | tojson)}' "$app/slack-manifest.yaml" > "$body"
  local res
  res=$(slack_post_json apps.manifest.validate "$cfg" "$body")
  if jq -e .ok >/dev/null <<< "$res"; then
    c_info "manifest valid"
  else
    jq -r '.errors[]? | "  \(.pointer): \(.message)"' <<< "$res" >&2
    stop "manifest invalid"
  fi
}

bot_pid=""
stop_bot() {
  if [[ -n $bot_pid ]] && kill -0 "$bot_pid" 2>/dev/null; then
    kill "$bot_pid"
    wait "$bot_pid" 2>/dev/null || true
  fi
  bot_pid=""
}

cmd_run() {
  tokens
  [[ -x $py ]] || stop "run ./slackbot-dev.sh setup first"
  trap 'stop_bot; exit 0' INT TERM
  local stamp new
  stamp=$(find "$app/bot" -name '*.py' -printf '%T@\n' | sort -n | tail -n 1)
  while :; do
    SLACK_BOT_TOKEN=$bot SLACK_APP_TOKEN=$apptok "$py" -m bot &
    bot_pid=$!
    c_info "bot started (pid $bot_pid); edits under bot/ restart it"
    while kill -0 "$bot_pid" 2>/dev/null; do
      sleep 1
      new=$(find "$app/bot" -name '*.py' -printf '%T@\n' | sort -n | tail -n 1)
      if [[ $new != "$stamp" ]]; then
        stamp=$new
        c_info "change detected; restarting"
        stop_bot
        break
      fi
    done
    if [[ -n $bot_pid ]]; then
      wait "$bot_pid" || c_err "bot exited with $?; restarting in 3s"
      bot_pid=""
      sleep 3
    fi
  done
}

cmd_rotate() {
  cat <<'TXT'
To rotate the bot tokens:
  1. api.slack.com/apps -> your app -> OAuth & Permissions -> "Rotate tokens" (or reinstall)
  2. Basic Information -> App-Level Tokens -> generate a new xapp- token, revoke the old one
  3. put both into .env (chmod 600), then ./slackbot-dev.sh check
TXT
}

cmd_lint() {
  [[ -x $py ]] || stop "run ./slackbot-dev.sh setup first"
  "$py" -m ruff check "$app/bot" && "$py" -m mypy "$app/bot" --ignore-missing-imports
}

cmd_hello() {
  # post a test message to the dev channel configured in .env
  tokens
  local channel body
  channel=$(env_get SLACK_DEV_CHANNEL) || stop "SLACK_DEV_CHANNEL not set"
  [[ $channel =~ ^[CG][A-Z0-9]{8,}$ ]] || stop "SLACK_DEV_CHANNEL must be a channel id"
  body=$(mktemp)
  trap 'rm -f -- "$body"' RETURN
  jq -n --arg c "$channel" --arg t "dev bot check from $(hostname -s) at $(date +%T)" \
    '{channel: $c, text: $t}' > "$body"
  local res
  res=$(slack_post_json chat.postMessage "$bot" "$body")
  jq -e .ok >/dev/null <<< "$res" || stop "chat.postMessage: $(jq -r .error <<< "$res")"
  c_info "posted to $channel (ts $(jq -r .ts <<< "$res"))"
}

case ${1:-} in
  hello) cmd_hello ;;
  setup) cmd_setup ;;
  run) cmd_run ;;
  check) cmd_check ;;
  manifest) cmd_manifest ;;
  rotate) cmd_rotate ;;
  lint) cmd_lint ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
