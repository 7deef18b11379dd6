#!/usr/bin/env bash
# watch-migrations.sh - rerun `prisma migrate dev` whenever schema.prisma
# changes, so the local database follows the branch you are on.
set -euo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
SCHEMA="$PROJECT/prisma/schema.prisma"
UNIT_NAME="prisma-watch"
INTERVAL=3

hash_schema() {
  sha256sum "$SCHEMA" | cut -d' ' -f1
}

migrate() {
  (cd "$PROJECT" && pnpm prisma migrate dev --skip-seed --name "auto_$(date +%s)") || \
    echo "migrate failed; fix the schema and save again"
}

unit_dir() {
  local base="${XDG_CONFIG_HOME:-$HOME/.config}"
  printf '%s/systemd/user' "$base"
}

install_watcher() {
  # so the watcher survives closing the terminal
  local dir unit
  dir="$(unit_dir)"
  mkdir -p "$dir"
  unit="$dir/$UNIT_NAME.service"
  printf '[Unit]\nDescription=prisma schema watcher\n\n[Service]\nExecStart=%s --foreground\nRestart=always\n\n[Install]\nWantedBy=default.target\n' \
    "$PROJECT/scripts/watch-migrations.sh" > "$unit"
  systemctl --user daemon-reload
  systemctl --user enable --now "$UNIT_NAME.service"
}

loop() {
  local last current
  last="$(hash_schema)"
  echo "watching $SCHEMA every ${INTERVAL}s"
  while sleep "$INTERVAL"; do
    current="$(hash_schema)"
    if [[ "$current" != "$last" ]]; then
      echo "schema changed; migrating"
      migrate
      last="$current"
    fi
  done
}

case "${1:-}" in
  --foreground)
    loop
    ;;
  *)
    [[ -f "$SCHEMA" ]] || { echo "no $SCHEMA" >&2; exit 1; }
    migrate
    install_watcher
    echo "watcher running; logs: journalctl --user -u $UNIT_NAME -f"
    ;;
esac
