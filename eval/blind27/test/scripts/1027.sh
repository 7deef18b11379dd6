#!/usr/bin/env bash
# Factorio headless server helper for the LAN group (runs inside this repo).
#
#   ./factorio.sh install <path-to-factorio_headless.tar.xz>
#   ./factorio.sh newmap <name>
#   ./factorio.sh run <save>          foreground, Ctrl-C saves and exits
#   ./factorio.sh backup [--keep N]
#   ./factorio.sh mods                list enabled mods
#
# The headless tarball is downloaded by hand from the official site and given
# to `install`; this script never downloads executables itself.
set -euo pipefail

REPO="$(cd "$(dirname "$0")" && pwd)"
GAME="$REPO/factorio"
SAVES="$GAME/saves"
BACKUP_DIR="$REPO/backups"
SETTINGS="$REPO/config/server-settings.json"
MAPGEN="$REPO/config/map-gen-settings.json"
RUN_DIR="$REPO/run"
PID_FILE="$RUN_DIR/factorio.pid"
KEEP=15

say() { printf '\e[32m==>\e[0m %s\n' "$*"; }
die() { printf '\e[31m!!\e[0m %s\n' "$*" >&2; exit 1; }

(( EUID != 0 )) || die "run as your normal user, not root"

bin() {
  local b="$GAME/bin/x64/factorio"
  [[ -x "$b" ]] || die "factorio not installed; ./factorio.sh install <tarball>"
  printf '%s' "$b"
}

cmd_install() {
  local tarball="${1:?path to factorio_headless tarball}"
  [[ -f "$tarball" ]] || die "no such file: $tarball"
  case "$(basename "$tarball")" in
    factorio_headless*.tar.xz|factorio-headless*.tar.xz) ;;
    *) die "that does not look like the headless tarball" ;;
  esac
  local sums="$REPO/config/headless.sha256"
  if [[ -f "$sums" ]]; then
    say "verifying checksum"
    (cd "$(dirname "$tarball")" && sha256sum -c --ignore-missing "$sums") || die "checksum mismatch"
  fi
  local tmp
  tmp="$(mktemp -d "$REPO/.install.XXXX")"
  trap 'rm -rf -- "$tmp"' RETURN
  tar -xJf "$tarball" -C "$tmp"
  [[ -x "$tmp/factorio/bin/x64/factorio" ]] || die "unexpected tarball layout"
  if [[ -d "$GAME" ]]; then
    say "keeping saves and mods, replacing the game files"
    mkdir -p "$tmp/factorio/saves" "$tmp/factorio/mods"
    cp -a "$SAVES/." "$tmp/factorio/saves/" 2>/dev/null || true
    cp -a "$GAME/mods/." "$tmp/factorio/mods/" 2>/dev/null || true
    rm -rf -- "$GAME"
  fi
  mv -- "$tmp/factorio" "$GAME"
  chmod +x "$GAME/bin/x64/factorio"
  say "installed $("$(bin)" --version | head -n 1)"
}

cmd_newmap() {
  local name="${1:?map name}"
  [[ "$name" =~ ^[A-Za-z0-9_-]+$ ]] || die "map name: letters, digits, _ and - only"
  local save="$SAVES/$name.zip"
  [[ ! -e "$save" ]] || die "save $name already exists"
  mkdir -p "$SAVES"
  local args=(--create "$save")
  [[ -f "$MAPGEN" ]] && args+=(--map-gen-settings "$MAPGEN")
  "$(bin)" "${args[@]}"
  say "created saves/$name.zip"
}

running_pid() {
  [[ -f "$PID_FILE" ]] || return 1
  local pid
  pid="$(<"$PID_FILE")"
  [[ -d "/proc/$pid" ]] && grep -q "$GAME/bin/x64/factorio" "/proc/$pid/cmdline" 2>/dev/null && echo "$pid"
}

cmd_run() {
  local save="${1:?save name}"
  [[ -f "$SAVES/$save.zip" ]] || die "no save $save"
  [[ -f "$SETTINGS" ]] || die "missing config/server-settings.json"
  if pid="$(running_pid)"; then
    die "server already running (pid $pid)"
  fi
  mkdir -p "$RUN_DIR"
  "$(bin)" --start-server "$SAVES/$save.zip" --server-settings "$SETTINGS" \
    --port "${FACTORIO_PORT:-34197}" --console-log "$RUN_DIR/console.log" &
  local child=$!
  echo "$child" > "$PID_FILE"
  # forward Ctrl-C / TERM to the server so it saves before exiting
  trap 'say "stopping server $child"; kill -INT "$child" 2>/dev/null || true' INT TERM
  wait "$child" || true
  wait "$child" 2>/dev/null || true
  rm -f -- "$PID_FILE"
  say "server exited"
}

cmd_backup() {
  if [[ "${1:-}" == "--keep" ]]; then
    KEEP="${2:?}"
  fi
  [[ "$KEEP" =~ ^[0-9]+$ ]] || die "--keep expects a number"
  mkdir -p "$BACKUP_DIR"
  local stamp f n=0
  stamp="$(date +%Y%m%d-%H%M%S)"
  shopt -s nullglob
  for f in "$SAVES"/*.zip; do
    cp -- "$f" "$BACKUP_DIR/$(basename "$f" .zip)-$stamp.zip"
    n=$((n + 1))
  done
  say "backed up $n save(s)"
  # prune: per save name keep the newest $KEEP copies made by this command
  local base
  for base in $(ls -1 "$BACKUP_DIR" | sed -E 's/-[0-9]{8}-[0-9]{6}\.zip$//' | sort -u); do
    ls -1t "$BACKUP_DIR/$base"-*.zip 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r old; do
      rm -f -- "$old"
      say "pruned $(basename "$old")"
    done
  done
}

cmd_players() {
  # who joined/left today, from the console log of the current server
  [[ -f "$RUN_DIR/console.log" ]] || die "no console log yet"
  grep -E '\[(JOIN|LEAVE)\]' "$RUN_DIR/console.log" | tail -n 20
}

cmd_mods() {
  local list="$GAME/mods/mod-list.json"
  [[ -f "$list" ]] || { say "no mods configured"; return 0; }
  jq -r '.mods[] | "\(if .enabled then "on " else "off" end)  \(.name)"' "$list"
}

cmd_status() {
  if pid="$(running_pid)"; then
    say "running (pid $pid), up $(ps -o etime= -p "$pid" | tr -d ' ')"
    tail -n 5 "$RUN_DIR/console.log" 2>/dev/null || true
  else
    say "not running"
  fi
  du -sh "$SAVES" "$BACKUP_DIR" 2>/dev/null || true
}

cmd_restore() {
  # copy a backup back into saves/ under a new name (never overwrites a save)
  local backup="${1:?backup file name}" name="${2:?new save name}"
  [[ -f "$BACKUP_DIR/$backup" ]] || die "no backup $backup"
  [[ "$name" =~ ^[A-Za-z0-9_-]+$ ]] || die "bad save name"
  [[ ! -e "$SAVES/$name.zip" ]] || die "saves/$name.zip exists; pick another name"
  if running_pid >/dev/null; then
    die "stop the server first"
  fi
  cp -- "$BACKUP_DIR/$backup" "$SAVES/$name.zip"
  say "restored $backup as saves/$name.zip"
}

cmd_settings() {
  # show public server settings, hide secrets
  [[ -f "$SETTINGS" ]] || die "missing config/server-settings.json"
  jq 'del(.game_password, .token, .password, .username)
      | {name, description, max_players, visibility, require_user_verification, autosave_interval}' "$SETTINGS"
  if jq -e '.visibility.public == true' "$SETTINGS" >/dev/null; then
    say "note: server is public; set visibility.public=false for LAN-only"
  fi
}

case "${1:-}" in
  restore) shift; cmd_restore "$@" ;;
  settings) cmd_settings ;;
  install) shift; cmd_install "$@" ;;
  newmap) shift; cmd_newmap "$@" ;;
  run) shift; cmd_run "$@" ;;
  backup) shift; cmd_backup "$@" ;;
  mods) cmd_mods ;;
  status) cmd_status ;;
  *) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 1 ;;
esac
