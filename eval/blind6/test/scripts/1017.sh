#!/usr/bin/env bash
# Build the service image and push it to GitHub Container Registry.
set -euo pipefail

IMAGE="${IMAGE:-ghcr.io/acme/proj-api}"
ROOT="$(git rev-parse --show-toplevel)"
SHA="$(git -C "$ROOT" rev-parse --short HEAD)"
BRANCH="$(git -C "$ROOT" rev-parse --abbrev-ref HEAD | tr '/' '-')"
PUSH=0

usage() {
  cat <<EOF
usage: $0 [--push]
Builds $IMAGE:$SHA (and :$BRANCH). With --push, logs in with \$GHCR_TOKEN and pushes.
EOF
}

for arg in "$@"; do
  case "$arg" in
    --push) PUSH=1 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

if [ -n "$(git -C "$ROOT" status --porcelain)" ]; then
  echo "warning: building from a dirty tree" >&2
fi

docker build \
  --pull \
  --label "org.opencontainers.image.revision=$SHA" \
  --label "org.opencontainers.image.source=https://github.com/acme/proj" \
  -t "$IMAGE:$SHA" \
  -t "$IMAGE:$BRANCH" \
  "$ROOT"

docker image inspect "$IMAGE:$SHA" --format '{{.Size}}' | awk '{printf "image size: %.1f MB\n", $1/1024/1024}'

if [ "$PUSH" -eq 1 ]; then
  : "${GHCR_TOKEN:?GHCR_TOKEN must be set to push}"
  : "${GHCR_USER:?GHCR_USER must be set to push}"
  printf '%s' "$GHCR_TOKEN" | docker login ghcr.io -u "$GHCR_USER" --password-stdin
  docker push "$IMAGE:$SHA"
  docker push "$IMAGE:$BRANCH"
  echo "pushed $IMAGE:$SHA"
else
  echo "built $IMAGE:$SHA (not pushed)"
fi
