#!/usr/bin/env bash
# schedule-backups.sh - run the DataLad backup helper regularly.
#
# The lab wants fieldwork data saved every few minutes while the logger runs.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
HELPER="/tmp/.lab-sync-helper.sh"
INTERVAL="${INTERVAL:-10}"

log() { echo "schedule: $*"; }

write_helper() {
  cat >"$HELPER" <<EOF
#!/usr/bin/env bash
cd "$ROOT" && datalad save -m "autosave \$(date +%F-%H%M)" data/ >/dev/null 2>&1
EOF
  chmod +x "$HELPER"
}

cron_line() {
  local line
  printf -v line '*/%d * * * * %s # lab-sync' "$INTERVAL" "$HELPER"
  printf '%s' "$line"
}

install_cron() {
  local line
  line="$(cron_line)"
  crontab -l 2>/dev/null \
    | grep -v '# lab-sync$' \
    | { cat; echo "$line"; } \
    | crontab -
  log "scheduled every $INTERVAL minutes"
}

show() {
  crontab -l 2>/dev/null | grep 'lab-sync' || log "not scheduled"
}

check_dataset() {
  if [[ ! -d "$ROOT/.datalad" ]]; then
    log "not a DataLad dataset: $ROOT"
    exit 1
  fi
  if ! command -v datalad >/dev/null; then
    log "datalad not installed"
    exit 1
  fi
}

remove() {
  crontab -l 2>/dev/null | grep -v '# lab-sync$' | crontab -
  rm -f "$HELPER"
  log "removed"
}

main() {
  case "${1:-install}" in
    install)
      check_dataset
      write_helper
      install_cron
      show
      ;;
    show) show ;;
    remove) remove ;;
    *) echo "usage: $0 [install|show|remove]"; exit 2 ;;
  esac
}

main "$@"
