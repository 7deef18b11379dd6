#!/usr/bin/env bash
# image-pipeline.sh - build, SBOM, scan, sign and optionally push the worker image.
#
# Usage: deploy/image-pipeline.sh [--push] [--tag TAG] [--platforms LIST] [--keep-cache]
#
# Local runs build into an OCI tarball under dist/; nothing is pushed unless
# --push is given. Signing uses cosign with the key file named by COSIGN_KEY
# (password in COSIGN_PASSWORD). Verification uses deploy/cosign.pub.
set -Eeuo pipefail

REPO_ROOT="$(git rev-parse --show-toplevel)"
IMAGE="${IMAGE:-ghcr.io/acme/ingest-worker}"
PLATFORMS="linux/amd64,linux/arm64"
TAG=""
PUSH=false
KEEP_CACHE=false
DIST="$REPO_ROOT/dist/image"
CACHE="$REPO_ROOT/.cache/buildx"
BUILDER="acme-ingest-builder"
CREATED_BUILDER=false
WORK=""

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
fail() { log "FAILED: $*"; exit 1; }

cleanup() {
  local rc=$?
  [[ -n "$WORK" && -d "$WORK" ]] && rm -rf "$WORK"
  if $CREATED_BUILDER; then
    # remove the temporary builder this script created (never other builders)
    docker buildx rm "$BUILDER" >/dev/null 2>&1 || true
  fi
  if ((rc != 0)); then
    log "pipeline exited with $rc"
  fi
  exit "$rc"
}
trap cleanup EXIT

while (($#)); do
  case "$1" in
    --push) PUSH=true ;;
    --tag) TAG="$2"; shift ;;
    --platforms) PLATFORMS="$2"; shift ;;
    --keep-cache) KEEP_CACHE=true ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) fail "unknown argument $1" ;;
  esac
  shift
done

for tool in docker syft grype git jq; do
  command -v "$tool" >/dev/null || fail "$tool not found"
done
if $PUSH; then
  command -v cosign >/dev/null || fail "cosign is needed for --push"
fi

TAG="${TAG:-$(git -C "$REPO_ROOT" describe --tags --always --dirty)}"
[[ "$TAG" == *-dirty && "$PUSH" == true ]] && fail "refusing to push an image from a dirty tree"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/image-pipeline.XXXXXX")"
mkdir -p "$DIST" "$CACHE"

ensure_builder() {
  if ! docker buildx inspect "$BUILDER" >/dev/null 2>&1; then
    log "creating buildx builder $BUILDER"
    docker buildx create --name "$BUILDER" --driver docker-container --bootstrap >/dev/null
    CREATED_BUILDER=true
  fi
}

build() {
  local -a args=(
    docker buildx build
    --builder "$BUILDER"
    --platform "$PLATFORMS"
    --file "$REPO_ROOT/deploy/worker.Dockerfile"
    --tag "$IMAGE:$TAG"
    --label "org.opencontainers.image.revision=$(git -C "$REPO_ROOT" rev-parse HEAD)"
    --label "org.opencontainers.image.source=https://github.com/acme/ingest"
    --cache-from "type=local,src=$CACHE"
    --cache-to "type=local,dest=$CACHE.new,mode=max"
    --metadata-file "$WORK/metadata.json"
    --provenance=mode=max
    --sbom=false
  )
  if $PUSH; then
    args+=(--push)
  else
    args+=(--output "type=oci,dest=$DIST/worker-$TAG.oci.tar")
  fi
  args+=("$REPO_ROOT")
  log "building $IMAGE:$TAG for $PLATFORMS"
  "${args[@]}"
  # swap in the fresh cache so it does not grow without bound
  rm -rf "$CACHE"
  mv "$CACHE.new" "$CACHE"
  DIGEST="$(jq -r '."containerimage.digest" // empty' "$WORK/metadata.json")"
  log "digest: ${DIGEST:-<none, local build>}"
}

subject() {
  if $PUSH && [[ -n "${DIGEST:-}" ]]; then
    echo "$IMAGE@$DIGEST"
  else
    echo "oci-archive:$DIST/worker-$TAG.oci.tar"
  fi
}

make_sbom() {
  log "generating SBOM"
  syft "$(subject)" -o "spdx-json=$DIST/sbom-$TAG.spdx.json" -q
}

scan() {
  local ignore="$REPO_ROOT/deploy/.grype.yaml"
  local -a cfg=()
  [[ -f "$ignore" ]] && cfg=(-c "$ignore")
  log "scanning with grype (fail on high)"
  grype "sbom:$DIST/sbom-$TAG.spdx.json" "${cfg[@]}" --fail-on high -o table \
    | tee "$DIST/grype-$TAG.txt" | tail -n 40
}

sign_and_attest() {
  $PUSH || return 0
  [[ -n "${COSIGN_KEY:-}" ]] || fail "COSIGN_KEY must point at the signing key"
  [[ -n "${COSIGN_PASSWORD+x}" ]] || fail "COSIGN_PASSWORD must be set"
  log "signing $IMAGE@$DIGEST"
  cosign sign --yes --key "$COSIGN_KEY" "$IMAGE@$DIGEST"
  cosign attest --yes --key "$COSIGN_KEY" --type spdxjson \
    --predicate "$DIST/sbom-$TAG.spdx.json" "$IMAGE@$DIGEST"
  log "verifying with the public key"
  cosign verify --key "$REPO_ROOT/deploy/cosign.pub" "$IMAGE@$DIGEST" >/dev/null
  cosign verify-attestation --key "$REPO_ROOT/deploy/cosign.pub" --type spdxjson \
    "$IMAGE@$DIGEST" >/dev/null
}

write_summary() {
  jq -n --arg image "$IMAGE" --arg tag "$TAG" --arg digest "${DIGEST:-}" \
    --arg platforms "$PLATFORMS" --argjson pushed "$PUSH" \
    '{image: $image, tag: $tag, digest: $digest, platforms: ($platforms | split(",")), pushed: $pushed}' \
    > "$DIST/summary-$TAG.json"
  log "summary: ${DIST#"$REPO_ROOT"/}/summary-$TAG.json"
}

prune_old_outputs() {
  # keep the three newest local OCI tarballs; they are large
  local old
  while IFS= read -r old; do
    log "removing old archive $(basename "$old")"
    rm -f -- "$old"
  done < <(ls -1t "$DIST"/worker-*.oci.tar 2>/dev/null | tail -n +4)
  if ! $KEEP_CACHE; then
    docker buildx prune --builder "$BUILDER" --force --filter until=168h >/dev/null || true
  fi
}

check_dockerfile() {
  # cheap lint before spending minutes on a multi-arch build
  local df="$REPO_ROOT/deploy/worker.Dockerfile"
  [[ -f "$df" ]] || fail "missing $df"
  if grep -qE '^FROM [^@]+$' "$df"; then
    log "warning: base images in worker.Dockerfile are not pinned by digest"
  fi
  if grep -qE '^USER root\s*$' "$df" && ! grep -qE '^USER [^r]' "$df"; then
    fail "worker image would run as root; add a USER line"
  fi
  if command -v hadolint >/dev/null; then
    hadolint --failure-threshold error "$df"
  fi
}

check_dockerfile
ensure_builder
build
make_sbom
scan
sign_and_attest
write_summary
prune_old_outputs
log "done: $IMAGE:$TAG"
