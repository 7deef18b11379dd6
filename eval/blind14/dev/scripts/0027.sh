#!/usr/bin/env bash
# Interactive helper for the local docker compose stacks.
# `select` menu picks a profile; actions never pass -v to `down`, so the
# named database volumes survive. Volumes are only listed, never removed.
set -euo pipefail

compose_dir="$(git rev-parse --show-toplevel)/deploy/local"
declare -A files=(
  [minimal]="compose.yml"
  [full]="compose.yml compose.observability.yml"
  [e2e]="compose.yml compose.e2e.yml"
)

compose() {
  local profile=$1; shift
  local args=() f
  for f in ${files[$profile]}; do
    args+=(-f "$compose_dir/$f")
  done
  docker compose --project-name "acme-$profile" "${args[@]}" "$@"
}

pick_profile() {
  local PS3="profile> "
  select p in "${!files[@]}" quit; do
    case $p in
      quit) exit 0 ;;
      "") echo "pick a number" ;;
      *) echo "$p"; return ;;
    esac
  done
}

pick_action() {
  local PS3="action> "
  select a in up down restart logs ps volumes back; do
    [[ -n $a ]] && { echo "$a"; return; }
  done
}

wait_healthy() {
  local profile=$1 tries=0
  while (( tries < 40 )); do
    if ! compose "$profile" ps --format '{{.Health}}' | grep -qv healthy; then
      echo "all services healthy"
      return 0
    fi
    sleep 3
    tries=$((tries + 1))
  done
  echo "services not healthy after 2 minutes" >&2
  compose "$profile" ps
  return 1
}

if ! docker info >/dev/null 2>&1; then
  echo "docker is not running" >&2
  exit 1
fi

profile=$(pick_profile)
echo "using profile: $profile"

while true; do
  action=$(pick_action)
  case $action in
    up)
      compose "$profile" up -d --build --remove-orphans
      wait_healthy "$profile" || true
      ;;
    down)
      compose "$profile" down --remove-orphans
      ;;
    restart)
      read -r -p "service (blank = all): " svc
      compose "$profile" restart ${svc:+"$svc"}
      ;;
    logs)
      read -r -p "service: " svc
      compose "$profile" logs --tail=200 ${svc:+"$svc"}
      ;;
    ps)
      compose "$profile" ps
      ;;
    volumes)
      docker volume ls --filter "label=com.docker.compose.project=acme-$profile"
      ;;
    back)
      profile=$(pick_profile)
      ;;
  esac
done
