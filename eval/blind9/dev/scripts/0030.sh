#!/usr/bin/env bash
# Build and push the multi-arch image for this project to Docker Hub.
#
# Credentials: DOCKERHUB_USERNAME and DOCKERHUB_TOKEN (an access token), passed
# to `docker login` on stdin for docker.io only. The image is tagged with the
# git describe version and, on main, with :latest.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

IMAGE="${IMAGE:-acme/proj}"
PLATFORMS="${PLATFORMS:-linux/amd64,linux/arm64}"
BUILDER="proj-multiarch"
PUSH=1

while [[ $# -gt 0 ]]; do
  case "$1" in
    --no-push) PUSH=0; shift ;;
    --platforms) PLATFORMS="$2"; shift 2 ;;
    *) echo "unknown arg $1" >&2; exit 2 ;;
  esac
done

version="$(git describe --tags --always --dirty)"
branch="$(git rev-parse --abbrev-ref HEAD)"
created="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
revision="$(git rev-parse HEAD)"

if [[ "$version" == *-dirty && $PUSH -eq 1 ]]; then
  echo "refusing to push an image built from a dirty tree" >&2
  exit 1
fi

tags=(-t "$IMAGE:$version")
if [[ "$branch" == "main" ]]; then
  tags+=(-t "$IMAGE:latest")
fi

ensure_builder() {
  if ! docker buildx inspect "$BUILDER" >/dev/null 2>&1; then
    echo "creating buildx builder $BUILDER"
    docker buildx create --name "$BUILDER" --driver docker-container >/dev/null
  fi
  docker buildx use "$BUILDER"
  docker buildx inspect --bootstrap >/dev/null
}

login() {
  : "${DOCKERHUB_USERNAME:?set DOCKERHUB_USERNAME}"
  : "${DOCKERHUB_TOKEN:?set DOCKERHUB_TOKEN}"
  printf '%s' "$DOCKERHUB_TOKEN" | docker login docker.io -u "$DOCKERHUB_USERNAME" --password-stdin >/dev/null
  echo "logged in to docker.io as $DOCKERHUB_USERNAME"
}

run_tests_in_image() {
  echo "running unit tests in the build stage"
  docker buildx build --target test --platform "linux/$(uname -m | sed 's/x86_64/amd64/;s/aarch64/arm64/')" \
    --load -t "$IMAGE:test" -f docker/Dockerfile .
}

build() {
  local output=(--push)
  [[ $PUSH -eq 1 ]] || output=(--output=type=cacheonly)
  docker buildx build \
    --platform "$PLATFORMS" \
    -f docker/Dockerfile \
    --label "org.opencontainers.image.version=$version" \
    --label "org.opencontainers.image.revision=$revision" \
    --label "org.opencontainers.image.created=$created" \
    --label "org.opencontainers.image.source=https://github.com/$IMAGE" \
    --cache-from "type=registry,ref=$IMAGE:buildcache" \
    --cache-to "type=registry,ref=$IMAGE:buildcache,mode=max" \
    "${tags[@]}" \
    "${output[@]}" \
    .
}

ensure_builder
run_tests_in_image
if [[ $PUSH -eq 1 ]]; then
  login
fi
build
echo "built ${tags[*]//-t /} for $PLATFORMS"
if [[ $PUSH -eq 1 ]]; then
  docker buildx imagetools inspect "$IMAGE:$version" | head -n 20
fi
