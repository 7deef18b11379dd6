#!/usr/bin/env bash
# Build the service images and push them to the team registry.
#
#   images.sh build [service...]
#   images.sh push  [service...]
#   images.sh list
set -euo pipefail

REGISTRY="${REGISTRY:-registry.internal/atlas}"
ROOT="$(git rev-parse --show-toplevel)"
TAG="$(git rev-parse --short=12 HEAD)"
DIRTY=""
if [[ -n "$(git status --porcelain)" ]]; then
  DIRTY="-dirty"
fi
SERVICES=(gateway billing notifier)

contains() {
  local needle="$1"; shift
  local s
  for s in "$@"; do [[ "$s" == "$needle" ]] && return 0; done
  return 1
}

selected() {
  if [[ $# -eq 0 ]]; then
    printf '%s\n' "${SERVICES[@]}"
    return
  fi
  local s
  for s in "$@"; do
    contains "$s" "${SERVICES[@]}" || { echo "unknown service $s" >&2; exit 2; }
    echo "$s"
  done
}

image_ref() {
  echo "$REGISTRY/$1:${TAG}${DIRTY}"
}

build_one() {
  local svc="$1" ref
  ref="$(image_ref "$svc")"
  echo "==> building $ref"
  docker build \
    --file "$ROOT/services/$svc/Dockerfile" \
    --build-arg GIT_SHA="$TAG" \
    --label org.opencontainers.image.revision="$TAG" \
    --label org.opencontainers.image.source="https://gitlab.com/atlas/platform" \
    --tag "$ref" \
    --tag "$REGISTRY/$svc:latest-local" \
    "$ROOT"
}

push_one() {
  local svc="$1" ref
  ref="$(image_ref "$svc")"
  if [[ -n "$DIRTY" ]]; then
    echo "refusing to push $ref built from a dirty tree" >&2
    exit 1
  fi
  if ! docker image inspect "$ref" >/dev/null 2>&1; then
    build_one "$svc"
  fi
  echo "==> pushing $ref"
  docker push "$ref"
}

list_images() {
  docker images --format '{{.Repository}}:{{.Tag}}\t{{.Size}}\t{{.CreatedSince}}' \
    | grep "^$REGISTRY/" || echo "no local images for $REGISTRY"
}

cmd="${1:-}"
shift || true
case "$cmd" in
  build)
    while read -r svc; do build_one "$svc"; done < <(selected "$@")
    ;;
  push)
    while read -r svc; do push_one "$svc"; done < <(selected "$@")
    ;;
  list)
    list_images
    ;;
  *)
    sed -n '2,6p' "$0"
    exit 2
    ;;
esac
