#!/usr/bin/env bash
# scripts/tmp_docker_release.sh - build multi-arch image locally, run smoke tests, print push command.
set -euo pipefail

IMAGE="${IMAGE:-ghcr.io/acme/api}"
VERSION="$(jq -r .version package.json)"
PLATFORMS="linux/amd64,linux/arm64"
BUILDER="acme-builder"
SMOKE_PORT=18080

info() { echo -e "\e[32m[release]\e[0m $*"; }
fail() { echo -e "\e[31m[release]\e[0m $*" >&2; exit 1; }

require() {
  for bin in "$@"; do
    command -v "$bin" >/dev/null || fail "missing $bin"
  done
}

ensure_builder() {
  if ! docker buildx inspect "$BUILDER" >/dev/null 2>&1; then
    info "creating buildx builder $BUILDER"
    docker buildx create --name "$BUILDER" --use
  else
    docker buildx use "$BUILDER"
  fi
}

build_local() {
  info "building $IMAGE:$VERSION for host arch"
  docker build --pull -t "$IMAGE:$VERSION" -t "$IMAGE:dev" .
}

smoke() {
  info "smoke testing on :$SMOKE_PORT"
  local cid
  cid="$(docker run -d --rm -p "$SMOKE_PORT:8080" -e APP_ENV=test "$IMAGE:$VERSION")"
  trap 'docker stop "$cid" >/dev/null 2>&1 || true' RETURN
  for _ in $(seq 1 20); do
    if curl -sf "http://localhost:$SMOKE_PORT/healthz" >/dev/null; then
      info "healthz ok"
      curl -sf "http://localhost:$SMOKE_PORT/version" | jq .
      return 0
    fi
    sleep 1
  done
  docker logs "$cid" | tail -50
  fail "container never became healthy"
}

scan() {
  if command -v trivy >/dev/null; then
    info "scanning image"
    trivy image --severity HIGH,CRITICAL --exit-code 0 "$IMAGE:$VERSION"
  else
    info "trivy not installed; skipping scan"
  fi
}

multiarch_dry() {
  info "verifying multi-arch build ($PLATFORMS)"
  docker buildx build --platform "$PLATFORMS" -t "$IMAGE:$VERSION" --output type=cacheonly .
}

print_image_info() {
  info "image details"
  docker image inspect "$IMAGE:$VERSION" \
    --format 'id={{.Id}} size={{.Size}} created={{.Created}}' | cut -c1-160
  docker history --no-trunc=false "$IMAGE:$VERSION" | head -15
}

main() {
  require docker jq curl
  [[ -f Dockerfile ]] || fail "run from repo root"
  ensure_builder
  build_local
  smoke
  scan
  multiarch_dry
  info "all checks passed for $IMAGE:$VERSION"
  echo
  echo "To publish:"
  echo "  docker buildx build --platform $PLATFORMS -t $IMAGE:$VERSION -t $IMAGE:latest --push ."
}

main "$@"
