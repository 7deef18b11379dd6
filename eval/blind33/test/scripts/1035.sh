#!/usr/bin/env bash
#
# kuma-backup.sh - back up and restore the dev Uptime Kuma instance
#
# Uptime Kuma keeps everything in /app/data/kuma.db inside the "uptime-kuma"
# compose service of ops/monitoring/compose.yaml. This script:
#
#   backup           sqlite3 .backup inside the container -> backups/kuma/kuma-<ts>.db.gz
#   list             show available backups with monitor counts
#   restore FILE     stop the service, replace the db with FILE, start again
#                    (asks for confirmation unless --yes)
#   prune [N]        keep only the newest N backups (default 14)
#   monitors         list monitors from the newest backup (read-only)
#
# Only the compose service of *this* repository is touched; the compose project
# name is pinned so a similarly named container elsewhere is never affected.

set -Eeuo pipefail

top="$(cd "$(dirname "$0")/../.." && pwd)"
compose_file="$top/ops/monitoring/compose.yaml"
project="acme-monitoring-dev"
service="uptime-kuma"
backup_dir="$top/backups/kuma"
db_path="/app/data/kuma.db"
assume_yes=0

dc() { docker compose -p "$project" -f "$compose_file" "$@"; }
log() { printf '%(%H:%M:%S)T kuma-backup: %s\n' -1 "$*"; }
die() { log "error: $*" >&2; exit 1; }

confirm() {
  (( assume_yes )) && return 0
  [[ -t 0 ]] || die "refusing to $1 without a terminal; pass --yes"
  local reply
  read -r -p "$1? [y/N] " reply
  [[ "$reply" =~ ^[Yy]$ ]]
}

container_id() {
  dc ps -q "$service" 2>/dev/null
}

require_running() {
  [[ -n "$(container_id)" ]] || die "service $service is not running (docker compose -p $project up -d $service)"
}

cmd_backup() {
  require_running
  mkdir -p "$backup_dir"
  local ts tmp target
  ts="$(date -u +%Y%m%dT%H%M%SZ)"
  tmp="/tmp/kuma-backup-$ts.db"
  target="$backup_dir/kuma-$ts.db.gz"
  dc exec -T "$service" sqlite3 "$db_path" ".backup '$tmp'"
  dc exec -T "$service" sh -c "gzip -c '$tmp' && rm -f '$tmp'" > "$target.part"
  mv "$target.part" "$target"
  gzip -t "$target" || die "backup archive is corrupt"
  log "backup written: ${target#"$top"/} ($(du -h "$target" | cut -f1))"
}

monitor_count() {
  local gz="$1" tmp
  tmp="$(mktemp)"
  gunzip -c "$gz" > "$tmp"
  sqlite3 "$tmp" 'SELECT COUNT(*) FROM monitor' 2>/dev/null || echo "?"
  rm -f "$tmp"
}

cmd_list() {
  local f
  shopt -s nullglob
  local files=("$backup_dir"/kuma-*.db.gz)
  (( ${#files[@]} )) || { log "no backups yet"; return 0; }
  for f in "${files[@]}"; do
    printf '%-40s %8s  %s monitors\n' "$(basename "$f")" "$(du -h "$f" | cut -f1)" "$(monitor_count "$f")"
  done
}

cmd_monitors() {
  shopt -s nullglob
  local files=("$backup_dir"/kuma-*.db.gz)
  (( ${#files[@]} )) || die "no backups"
  local newest="${files[-1]}" tmp
  tmp="$(mktemp)"
  trap 'rm -f "$tmp"' RETURN
  gunzip -c "$newest" > "$tmp"
  sqlite3 -header -column "$tmp" \
    'SELECT id, name, type, COALESCE(url, hostname, "") AS target, active, interval FROM monitor ORDER BY name'
}

cmd_restore() {
  local file="${1:-}"
  [[ -n "$file" ]] || die "restore needs a backup file"
  [[ -f "$file" ]] || die "no such file: $file"
  case "$(realpath "$file")" in
    "$backup_dir"/*) ;;
    *) die "restore only accepts files from ${backup_dir#"$top"/}" ;;
  esac
  gzip -t "$file" || die "$file is not a valid gzip archive"
  confirm "replace the dev Uptime Kuma database with $(basename "$file")" || die "aborted"
  cmd_backup   # safety copy of the current state first
  local tmp
  tmp="$(mktemp)"
  gunzip -c "$file" > "$tmp"
  sqlite3 "$tmp" 'PRAGMA integrity_check' | grep -qx ok || { rm -f "$tmp"; die "backup fails integrity_check"; }
  dc stop "$service"
  dc cp "$tmp" "$service:$db_path"
  rm -f "$tmp"
  dc start "$service"
  log "restored $(basename "$file"); waiting for the web UI"
  local i
  for i in $(seq 1 30); do
    if curl -fsS -o /dev/null http://localhost:3001/api/entry-page; then
      log "Uptime Kuma is back"
      return 0
    fi
    sleep 2
  done
  die "Uptime Kuma did not come back; check: docker compose -p $project logs $service"
}

cmd_prune() {
  local keep="${1:-14}"
  [[ "$keep" =~ ^[0-9]+$ && "$keep" -ge 1 ]] || die "prune needs a positive number"
  shopt -s nullglob
  local files=("$backup_dir"/kuma-*.db.gz)
  local n=${#files[@]}
  (( n > keep )) || { log "$n backup(s), nothing to prune"; return 0; }
  local i
  for ((i = 0; i < n - keep; i++)); do
    rm -f -- "${files[$i]}"
    log "removed $(basename "${files[$i]}")"
  done
}

cmd_verify() {
  # integrity check of every backup; useful before pruning
  shopt -s nullglob
  local files=("$backup_dir"/kuma-*.db.gz) f tmp bad=0
  (( ${#files[@]} )) || { log "no backups"; return 0; }
  for f in "${files[@]}"; do
    tmp="$(mktemp)"
    if gunzip -c "$f" > "$tmp" 2>/dev/null && [[ "$(sqlite3 "$tmp" 'PRAGMA integrity_check' 2>/dev/null)" == ok ]]; then
      printf 'ok    %s\n' "$(basename "$f")"
    else
      printf 'BAD   %s\n' "$(basename "$f")"
      bad=$((bad + 1))
    fi
    rm -f "$tmp"
  done
  (( bad == 0 )) || die "$bad backup(s) failed verification"
}

cmd_diff() {
  # compare monitor names between the two newest backups
  shopt -s nullglob
  local files=("$backup_dir"/kuma-*.db.gz)
  (( ${#files[@]} >= 2 )) || die "need at least two backups to diff"
  local a b
  a="$(mktemp)"; b="$(mktemp)"
  gunzip -c "${files[-2]}" | sqlite3 -batch /dev/stdin 'SELECT name FROM monitor ORDER BY name' > "$a" 2>/dev/null || true
  gunzip -c "${files[-1]}" | sqlite3 -batch /dev/stdin 'SELECT name FROM monitor ORDER BY name' > "$b" 2>/dev/null || true
  diff -u --label "$(basename "${files[-2]}")" --label "$(basename "${files[-1]}")" "$a" "$b" || true
  rm -f "$a" "$b"
}

args=()
for a in "$@"; do
  if [[ "$a" == --yes ]]; then assume_yes=1; else args+=("$a"); fi
done
set -- "${args[@]+"${args[@]}"}"

command -v docker >/dev/null || die "docker is required"
command -v sqlite3 >/dev/null || die "sqlite3 is required on the host for list/restore"
[[ -f "$compose_file" ]] || die "missing ${compose_file#"$top"/}"

case "${1:-}" in
  backup) cmd_backup ;;
  list) cmd_list ;;
  monitors) cmd_monitors ;;
  verify) cmd_verify ;;
  diff) cmd_diff ;;
  restore) shift; cmd_restore "${1:-}" ;;
  prune) shift; cmd_prune "${1:-14}" ;;
  *) echo "usage: $0 backup|list|monitors|restore FILE [--yes]|prune [N]" >&2; exit 2 ;;
esac
