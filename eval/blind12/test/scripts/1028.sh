#!/usr/bin/env bash
# Tear down the throwaway containers, networks and volumes that
# scripts/dev-stack.sh started. dev-stack.sh labels everything it creates
# with com.harbor.devstack=<project>; only resources carrying that exact
# label for this checkout are removed.
set -euo pipefail

PROJECT="$(basename "$(git rev-parse --show-toplevel)")"
LABEL="com.harbor.devstack=$PROJECT"
ASSUME_YES=0
KEEP_VOLUMES=0

usage() {
  cat <<EOF
usage: $(basename "$0") [-y] [--keep-volumes]
  removes containers/networks/volumes labelled $LABEL
EOF
}

for arg in "$@"; do
  case "$arg" in
    -y|--yes) ASSUME_YES=1 ;;
    --keep-volumes) KEEP_VOLUMES=1 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done

command -v docker >/dev/null || { echo "docker not installed"; exit 0; }

list() {
  local kind="$1"
  case "$kind" in
    container) docker ps -aq --filter "label=$LABEL" ;;
    network) docker network ls -q --filter "label=$LABEL" ;;
    volume) docker volume ls -q --filter "label=$LABEL" ;;
  esac
}

describe() {
  local kind="$1" id
  for id in $(list "$kind"); do
    case "$kind" in
      container) docker inspect -f '  container {{.Name}} ({{.State.Status}})' "$id" ;;
      network) docker network inspect -f '  network {{.Name}}' "$id" ;;
      volume) echo "  volume $id" ;;
    esac
  done
}

confirm() {
  (( ASSUME_YES )) && return 0
  read -r -p "remove the resources above? [y/N] " answer
  [[ "$answer" == [yY] ]]
}

main() {
  local kinds=(container network)
  (( KEEP_VOLUMES )) || kinds+=(volume)
  local found=0 k
  echo "resources labelled $LABEL:"
  for k in "${kinds[@]}"; do
    if [[ -n "$(list "$k")" ]]; then
      describe "$k"
      found=1
    fi
  done
  (( found )) || { echo "  none"; exit 0; }
  confirm || { echo "aborted"; exit 1; }

  local ids
  mapfile -t ids < <(list container)
  (( ${#ids[@]} )) && docker rm -f "${ids[@]}" >/dev/null
  mapfile -t ids < <(list network)
  (( ${#ids[@]} )) && docker network rm "${ids[@]}" >/dev/null
  if (( ! KEEP_VOLUMES )); then
    mapfile -t ids < <(list volume)
    (( ${#ids[@]} )) && docker volume rm "${ids[@]}" >/dev/null
  fi
  echo "dev stack for $PROJECT removed"
}

main
