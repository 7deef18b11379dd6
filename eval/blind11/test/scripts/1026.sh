#!/usr/bin/env bash
# scripts/build-service-images.sh - build a Docker image for each service in
# services/* that has a Dockerfile. Tags with the short commit; pushes only
# when --push is given (to the project's own ghcr.io namespace).
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
REGISTRY="ghcr.io/pantry-dev"
SHA="$(git rev-parse --short=10 HEAD)"
PUSH=no
PLATFORM="linux/amd64"
declare -a SERVICES=()
declare -A STATUS=()

for arg in "$@"; do
  case "$arg" in
    --push) PUSH=yes ;;
    --arm) PLATFORM="linux/arm64" ;;
    --*) echo "unknown flag $arg" >&2; exit 2 ;;
    *) SERVICES+=("$arg") ;;
  esac
done

discover() {
  local d
  for d in "$REPO"/services/*/; do
    [[ -f "$d/Dockerfile" ]] && basename "$d"
  done
}

if (( ${#SERVICES[@]} == 0 )); then
  mapfile -t SERVICES < <(discover)
fi

build_args_for() {
  case "$1" in
    api|worker) echo "--build-arg RUBY_VERSION=$(cat "$REPO/.ruby-version")" ;;
    web) echo "--build-arg NODE_VERSION=20" ;;
    reports) echo "--build-arg DOTNET_VERSION=8.0" ;;
    *) echo "" ;;
  esac
}

build_one() {
  local svc="$1" image="$REGISTRY/$1:$SHA"
  local extra
  extra="$(build_args_for "$svc")"
  echo "==> $svc -> $image"
  # shellcheck disable=SC2086
  docker buildx build \
    --platform "$PLATFORM" \
    --label "org.opencontainers.image.revision=$SHA" \
    --label "com.pantry.build=1" \
    $extra \
    -t "$image" \
    --load \
    "$REPO/services/$svc"
  if [[ "$PUSH" == yes ]]; then
    docker push "$image"
  fi
}

for svc in "${SERVICES[@]}"; do
  if [[ ! -d "$REPO/services/$svc" ]]; then
    STATUS[$svc]="missing"
    continue
  fi
  if build_one "$svc"; then
    STATUS[$svc]="ok"
  else
    STATUS[$svc]="failed"
  fi
done

echo
rc=0
for svc in "${!STATUS[@]}"; do
  printf '%-12s %s\n' "$svc" "${STATUS[$svc]}"
  [[ "${STATUS[$svc]}" == ok ]] || rc=1
done
exit "$rc"
