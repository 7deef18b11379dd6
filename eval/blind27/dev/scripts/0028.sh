#!/usr/bin/env bash
# Install / update / run the Valheim dedicated server inside this repo.
#
#   ./server.sh update          steamcmd app_update into ./server (anonymous)
#   ./server.sh start           start in background, pid in run/valheim.pid
#   ./server.sh stop            stop the server we started (pid file only)
#   ./server.sh status
#   ./server.sh logs [N]
#
# Never run as root: steamcmd must not write outside ./server.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")" && pwd)"
SERVER_DIR="$ROOT/server"
RUN_DIR="$ROOT/run"
LOG_DIR="$ROOT/logs"
PID_FILE="$RUN_DIR/valheim.pid"
APP_ID=896660
STEAMCMD="${STEAMCMD:-steamcmd}"
CONFIG="$ROOT/server.conf"

log() { printf '[server] %s\n' "$*"; }
die() { printf '[server] error: %s\n' "$*" >&2; exit 1; }

(( EUID != 0 )) || die "do not run as root"

# server.conf: NAME=, WORLD=, PORT=, PUBLIC=, PASSWORD_FILE=
[[ -f "$CONFIG" ]] || die "missing server.conf (copy server.conf.example)"
# shellcheck disable=SC1090
source "$CONFIG"
: "${NAME:?NAME missing in server.conf}"
: "${WORLD:=Dedicated}"
: "${PORT:=2456}"
: "${PUBLIC:=0}"
: "${PASSWORD_FILE:=$ROOT/secrets/server_password}"

mkdir -p "$RUN_DIR" "$LOG_DIR"

server_password() {
  [[ -r "$PASSWORD_FILE" ]] || die "password file $PASSWORD_FILE not readable"
  local pw
  pw="$(<"$PASSWORD_FILE")"
  (( ${#pw} >= 5 )) || die "Valheim requires a password of 5+ characters"
  printf '%s' "$pw"
}

is_running() {
  [[ -f "$PID_FILE" ]] || return 1
  local pid
  pid="$(<"$PID_FILE")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  # only treat it as ours if the command line points into our server dir
  [[ -r "/proc/$pid/cmdline" ]] && tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q "$SERVER_DIR/valheim_server"
}

cmd_update() {
  command -v "$STEAMCMD" >/dev/null || die "steamcmd not installed"
  is_running && die "stop the server before updating"
  mkdir -p "$SERVER_DIR"
  log "updating app $APP_ID into $SERVER_DIR"
  local attempt
  for attempt in 1 2 3; do
    if "$STEAMCMD" +force_install_dir "$SERVER_DIR" +login anonymous \
         +app_update "$APP_ID" validate +quit; then
      log "update ok"
      chmod +x "$SERVER_DIR/valheim_server.x86_64" "$SERVER_DIR/start_server.sh" 2>/dev/null || true
      return 0
    fi
    log "steamcmd failed (attempt $attempt), retrying in $((attempt * 10))s"
    sleep $((attempt * 10))
  done
  die "steamcmd update failed"
}

cmd_start() {
  is_running && { log "already running (pid $(<"$PID_FILE"))"; return 0; }
  [[ -x "$SERVER_DIR/valheim_server.x86_64" ]] || die "server not installed; run ./server.sh update"
  local logfile="$LOG_DIR/valheim-$(date +%Y%m%d-%H%M%S).log"
  log "starting '$NAME' world=$WORLD port=$PORT public=$PUBLIC"
  (
    cd "$SERVER_DIR"
    export LD_LIBRARY_PATH="$SERVER_DIR/linux64:${LD_LIBRARY_PATH:-}"
    export SteamAppId=892970
    exec ./valheim_server.x86_64 -nographics -batchmode \
      -name "$NAME" -port "$PORT" -world "$WORLD" \
      -password "$(server_password)" -public "$PUBLIC" \
      -savedir "$ROOT/saves" -logFile "$logfile"
  ) >/dev/null 2>&1 &
  echo $! > "$PID_FILE"
  ln -sfn "$logfile" "$LOG_DIR/latest.log"
  sleep 3
  is_running || die "server exited immediately; see $logfile"
  log "started pid $(<"$PID_FILE")"
}

cmd_stop() {
  if ! is_running; then
    log "not running"
    rm -f "$PID_FILE"
    return 0
  fi
  local pid
  pid="$(<"$PID_FILE")"
  log "sending SIGINT to $pid (Valheim saves on SIGINT)"
  kill -INT "$pid"
  local waited=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    waited=$((waited + 1))
    if (( waited >= 60 )); then
      log "still running after 60s, sending SIGTERM"
      kill -TERM "$pid" 2>/dev/null || true
      break
    fi
  done
  rm -f "$PID_FILE"
  log "stopped"
}

cmd_status() {
  if is_running; then
    local pid
    pid="$(<"$PID_FILE")"
    log "running pid $pid, up $(ps -o etime= -p "$pid" | tr -d ' ')"
    ss -lunp 2>/dev/null | grep -E ":(${PORT}|$((PORT + 1)))\b" || true
  else
    log "not running"
  fi
  if [[ -d "$ROOT/saves/worlds_local" ]]; then
    log "world files:"
    ls -lh "$ROOT/saves/worlds_local" | tail -n +2
  fi
}

cmd_logs() {
  local n="${1:-50}"
  [[ -e "$LOG_DIR/latest.log" ]] || die "no logs yet"
  tail -n "$n" "$LOG_DIR/latest.log"
}

cmd_backup() {
  # copy the world files (saves/worlds_local) into backups/, keep the newest 10
  local src="$ROOT/saves/worlds_local" dest="$ROOT/backups"
  [[ -d "$src" ]] || die "no saves yet"
  mkdir -p "$dest"
  local archive
  archive="$dest/${WORLD}-$(date +%Y%m%d-%H%M%S).tar.gz"
  if is_running; then
    log "server is running; Valheim writes .db atomically, backing up .db/.fwl only"
  fi
  tar -C "$src" -czf "$archive" --wildcards "${WORLD}.db" "${WORLD}.fwl"
  log "wrote $(basename "$archive") ($(du -h "$archive" | cut -f1))"
  local old
  while IFS= read -r old; do
    log "pruning $(basename "$old")"
    rm -f -- "$old"
  done < <(ls -1t "$dest"/"${WORLD}"-*.tar.gz 2>/dev/null | tail -n +11)
}

cmd_config_check() {
  log "name=$NAME world=$WORLD port=$PORT public=$PUBLIC"
  if [[ -r "$PASSWORD_FILE" ]]; then
    local pw
    pw="$(server_password)"
    log "password file ok (${#pw} characters)"
  fi
  [[ "$PORT" =~ ^[0-9]+$ ]] && (( PORT > 1024 && PORT < 65534 )) || die "PORT out of range"
}

cmd_clean() {
  # remove only our rotated logs older than 14 days
  find "$LOG_DIR" -maxdepth 1 -type f -name 'valheim-*.log' -mtime +14 -print -delete
}

case "${1:-}" in
  update) cmd_update ;;
  start) cmd_start ;;
  stop) cmd_stop ;;
  restart) cmd_stop; cmd_start ;;
  status) cmd_status ;;
  logs) shift; cmd_logs "${1:-50}" ;;
  clean) cmd_clean ;;
  backup) cmd_backup ;;
  check) cmd_config_check ;;
  *) sed -n '2,9p' "$0"; exit 1 ;;
esac
