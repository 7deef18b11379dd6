#!/usr/bin/env bash
# bot-dev.sh - develop the Discord bot locally.
#
#   ./bot-dev.sh up          install deps, register slash commands to the dev guild, start
#   ./bot-dev.sh down        stop the bot process started by `up`
#   ./bot-dev.sh logs        follow the bot log
#   ./bot-dev.sh register    (re)register slash commands for the dev guild only
#   ./bot-dev.sh whoami      show the bot user the token belongs to
#   ./bot-dev.sh rotate-check  warn if the token file is older than 90 days
#
# Secrets live in .env (DISCORD_TOKEN, DISCORD_APP_ID, DEV_GUILD_ID). The
# token is only sent to discord.com. Logs are passed through redact() so a
# stack trace never prints the token.
set -Eeuo pipefail

APP_DIR="$(cd "$(dirname "$0")" && pwd)"
RUN="$APP_DIR/.run"
PIDFILE="$RUN/bot.pid"
LOGFILE="$RUN/bot.log"
API="https://discord.com/api/v10"
NODE_MIN=20

log() { printf '%(%H:%M:%S)T bot-dev: %s\n' -1 "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }
trap 'die "failed at line $LINENO: $BASH_COMMAND"' ERR

load_env() {
  [[ -f "$APP_DIR/.env" ]] || die "copy .env.example to .env and fill it in"
  local perms
  perms="$(stat -c %a "$APP_DIR/.env")"
  if [[ "$perms" != 600 && "$perms" != 400 ]]; then
    log "tightening .env permissions ($perms -> 600)"
    chmod 600 "$APP_DIR/.env"
  fi
  set -a
  # shellcheck disable=SC1091
  . "$APP_DIR/.env"
  set +a
  : "${DISCORD_TOKEN:?missing in .env}" "${DISCORD_APP_ID:?missing in .env}" "${DEV_GUILD_ID:?missing in .env}"
}

redact() {
  local tok="${DISCORD_TOKEN:-}"
  if [[ -n "$tok" ]]; then
    sed -u "s/${tok//\//\\/}/[redacted-token]/g"
  else
    cat
  fi
}

discord() {
  # discord METHOD PATH [JSON-BODY]
  local method="$1" path="$2" body="${3:-}" code tries=0
  local -a args=(-sS -o "$RUN/resp.json" -w '%{http_code}' -X "$method"
                 -H "Authorization: Bot $DISCORD_TOKEN"
                 -H 'Content-Type: application/json'
                 -H 'User-Agent: DiscordBot (local-dev, 1.0)')
  [[ -n "$body" ]] && args+=(--data-binary "$body")
  while :; do
    code="$(curl "${args[@]}" "$API$path")"
    if [[ "$code" == 429 && $tries -lt 5 ]]; then
      local wait
      wait="$(jq -r '.retry_after // 1' "$RUN/resp.json")"
      log "rate limited; waiting ${wait}s"
      sleep "$wait"
      tries=$((tries + 1))
      continue
    fi
    break
  done
  if [[ "$code" != 2* ]]; then
    jq -c . "$RUN/resp.json" 2>/dev/null | redact >&2 || true
    die "$method $path -> HTTP $code"
  fi
  cat "$RUN/resp.json"
}

check_node() {
  command -v node >/dev/null || die "node not installed"
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  (( major >= NODE_MIN )) || die "node $NODE_MIN+ required (have $major)"
}

cmd_register() {
  load_env
  mkdir -p "$RUN"
  [[ -f "$APP_DIR/commands.json" ]] || die "commands.json missing (npm run build:commands)"
  local n
  n="$(jq length "$APP_DIR/commands.json")"
  # guild commands update instantly; global ones are left to the release pipeline
  discord PUT "/applications/$DISCORD_APP_ID/guilds/$DEV_GUILD_ID/commands" \
    "$(cat "$APP_DIR/commands.json")" >/dev/null
  log "registered $n command(s) in dev guild $DEV_GUILD_ID"
}

running() { [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

cmd_up() {
  check_node
  load_env
  mkdir -p "$RUN"
  if running; then
    log "already running (pid $(cat "$PIDFILE"))"
    return 0
  fi
  if [[ ! -d "$APP_DIR/node_modules" || "$APP_DIR/package-lock.json" -nt "$APP_DIR/node_modules" ]]; then
    (cd "$APP_DIR" && npm ci --no-audit --no-fund)
  fi
  (cd "$APP_DIR" && npm run --silent build)
  cmd_register
  : > "$LOGFILE"
  ( cd "$APP_DIR" && exec node --enable-source-maps dist/index.js ) 2>&1 | redact >> "$LOGFILE" &
  # $! is the redact pipeline; record the node pid via the process group instead
  sleep 1
  local pid
  pid="$(pgrep -n -f "node --enable-source-maps dist/index.js" -P $$ || true)"
  [[ -n "$pid" ]] || pid="$(pgrep -n -u "$USER" -f "$APP_DIR/dist/index.js" || true)"
  [[ -n "$pid" ]] || { tail -n 20 "$LOGFILE"; die "bot did not start"; }
  echo "$pid" > "$PIDFILE"
  log "started (pid $pid); logs: ./bot-dev.sh logs"
}

cmd_down() {
  if running; then
    local pid
    pid="$(cat "$PIDFILE")"
    kill -TERM "$pid"
    for _ in $(seq 1 25); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    log "stopped pid $pid"
  else
    log "not running"
  fi
  rm -f -- "$PIDFILE"
}

cmd_logs() {
  [[ -f "$LOGFILE" ]] || die "no log yet"
  tail -n 50 -F "$LOGFILE"
}

cmd_whoami() {
  load_env
  mkdir -p "$RUN"
  discord GET /users/@me | jq '{id, username, bot}'
}

cmd_rotate_check() {
  local age_days
  age_days=$(( ( $(date +%s) - $(stat -c %Y "$APP_DIR/.env") ) / 86400 ))
  if (( age_days > 90 )); then
    log "token in .env is $age_days days old; rotate it in the developer portal"
  else
    log ".env updated $age_days day(s) ago"
  fi
}

cmd_invite() {
  load_env
  # scopes/permissions for the dev guild; permission bits: send messages + embed links
  local perms=$(( (1 << 11) | (1 << 14) ))
  printf '%s\n' "https://discord.com/oauth2/authorize?client_id=$DISCORD_APP_ID&scope=bot%20applications.commands&permissions=$perms"
}

cmd_ping() {
  load_env
  mkdir -p "$RUN"
  local channel="${DEV_CHANNEL_ID:?set DEV_CHANNEL_ID in .env}"
  discord POST "/channels/$channel/messages" \
    "$(jq -nc --arg c "dev ping from $(hostname -s) at $(date +%T)" '{content: $c}')" \
    | jq -r '"sent message " + .id'
}

case "${1:-}" in
  invite) cmd_invite ;;
  ping) cmd_ping ;;
  up) cmd_up ;;
  down) cmd_down ;;
  logs) cmd_logs ;;
  register) cmd_register ;;
  whoami) cmd_whoami ;;
  rotate-check) cmd_rotate_check ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
