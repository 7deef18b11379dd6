#!/usr/bin/env bash
# build-image.sh - rootless OCI image build with buildah (no docker daemon).
#
#   scripts/build-image.sh                   build localhost/orders-api:<git sha>
#   scripts/build-image.sh --push            also push to the registry in image.env
#   scripts/build-image.sh --keep-container  leave the working container for debugging
#
# image.env (committed) sets IMAGE_NAME, REGISTRY, BASE_IMAGE. The registry
# credentials come from REGISTRY_USER / REGISTRY_TOKEN in the environment and
# are passed to `buildah push --creds` for that registry only.
set -euo pipefail
IFS=$'\n\t'

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
# shellcheck source=/dev/null
source "$ROOT/image.env"

: "${IMAGE_NAME:?}" "${REGISTRY:?}" "${BASE_IMAGE:?}"
SHA="$(git rev-parse --short=12 HEAD)"
DIRTY=""
[[ -z "$(git status --porcelain)" ]] || DIRTY="-dirty"
TAG="$SHA$DIRTY"
LOCAL_REF="localhost/$IMAGE_NAME:$TAG"
PUSH=0
KEEP=0
CTR=""
BUILD_CTX=""

die() { echo "build-image: $*" >&2; exit 1; }

cleanup() {
  local rc=$?
  if [[ -n "$CTR" && $KEEP -eq 0 ]]; then
    buildah rm "$CTR" >/dev/null 2>&1 || true
  elif [[ -n "$CTR" ]]; then
    echo "kept working container $CTR (buildah rm $CTR when done)"
  fi
  [[ -n "$BUILD_CTX" ]] && rm -rf -- "$BUILD_CTX"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for arg in "$@"; do
  case "$arg" in
    --push) PUSH=1 ;;
    --keep-container) KEEP=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown argument $arg" ;;
  esac
done

preflight() {
  command -v buildah >/dev/null || die "buildah not installed"
  if [[ "$(id -u)" -eq 0 ]]; then
    die "run this as your normal user; the build is rootless"
  fi
  grep -q "^$(id -un):" /etc/subuid || die "no subuid range for $(id -un); see docs/rootless.md"
  if (( PUSH )); then
    [[ -n "${REGISTRY_USER:-}" && -n "${REGISTRY_TOKEN:-}" ]] \
      || die "--push needs REGISTRY_USER and REGISTRY_TOKEN"
    [[ -z "$DIRTY" ]] || die "refusing to push an image built from a dirty tree"
  fi
}

stage_context() {
  # build from a clean export of HEAD plus the compiled assets, so stray
  # local files (.env, node_modules) never end up in the image
  BUILD_CTX="$(mktemp -d "${TMPDIR:-/tmp}/imgctx.XXXXXX")"
  git archive --format=tar HEAD | tar -x -C "$BUILD_CTX"
  if [[ -d "$ROOT/dist" ]]; then
    cp -a "$ROOT/dist" "$BUILD_CTX/dist"
  fi
  rm -rf -- "$BUILD_CTX/.github" "$BUILD_CTX/docs"
}

build_deps() {
  local dep
  dep="$(buildah from --pull=newer "$BASE_IMAGE")"
  buildah config --workingdir /app "$dep"
  buildah copy "$dep" "$BUILD_CTX/package.json" "$BUILD_CTX/package-lock.json" /app/
  buildah run "$dep" -- npm ci --omit=dev --no-audit --no-fund
  DEPS_MNT_CTR="$dep"
}

assemble() {
  CTR="$(buildah from --pull=newer "$BASE_IMAGE")"
  buildah config --workingdir /app --user 10001:10001 \
    --env NODE_ENV=production --port 8080 \
    --label "org.opencontainers.image.revision=$SHA" \
    --label "org.opencontainers.image.source=$(git remote get-url origin 2>/dev/null || echo local)" \
    --cmd '["node","dist/server.js"]' "$CTR"
  local mnt
  mnt="$(buildah unshare -- buildah mount "$DEPS_MNT_CTR" 2>/dev/null || true)"
  buildah copy --from "$DEPS_MNT_CTR" --chown 10001:10001 "$CTR" /app/node_modules /app/node_modules
  buildah copy --chown 10001:10001 "$CTR" "$BUILD_CTX/dist" /app/dist
  buildah copy --chown 10001:10001 "$CTR" "$BUILD_CTX/package.json" /app/
  buildah rm "$DEPS_MNT_CTR" >/dev/null
  [[ -z "$mnt" ]] || true
}

commit() {
  buildah commit --rm=false --squash "$CTR" "$LOCAL_REF"
  echo "built $LOCAL_REF"
  buildah inspect --type image --format '{{.FromImageDigest}} {{.OCIv1.Created}}' "$LOCAL_REF"
}

smoke() {
  # quick sanity check inside the image without starting the server
  buildah run "$CTR" -- node -e 'require("./package.json"); console.log("ok")'
}

push() {
  local remote="$REGISTRY/$IMAGE_NAME:$TAG"
  echo "pushing $remote (user $REGISTRY_USER, token ...${REGISTRY_TOKEN: -4})"
  local attempt
  for attempt in 1 2 3; do
    if buildah push --creds "$REGISTRY_USER:$REGISTRY_TOKEN" "$LOCAL_REF" "docker://$remote"; then
      echo "pushed $remote"
      return 0
    fi
    echo "push attempt $attempt failed; retrying"
    sleep $(( attempt * 5 ))
  done
  die "push failed"
}

prune_old_local() {
  # keep the 5 newest local tags of this image, drop the rest (our images only)
  buildah images --format '{{.Name}}:{{.Tag}} {{.CreatedAtRaw}}' \
    | awk -v n="localhost/$IMAGE_NAME" '$1 ~ "^"n":" { print }' \
    | sort -k2 -r | tail -n +6 | awk '{ print $1 }' \
    | while read -r ref; do
        buildah rmi "$ref" >/dev/null && echo "removed old local image $ref"
      done
}

scan_image() {
  # optional vulnerability scan when trivy is installed; never blocks the build
  if ! command -v trivy >/dev/null; then
    echo "trivy not installed; skipping scan"
    return 0
  fi
  local archive
  archive="$BUILD_CTX/image.tar"
  buildah push "$LOCAL_REF" "oci-archive:$archive" >/dev/null
  trivy image --quiet --severity HIGH,CRITICAL --ignore-unfixed --input "$archive" \
    || echo "trivy reported findings (see above)"
  rm -f -- "$archive"
}

write_metadata() {
  local out="$ROOT/build/image.json"
  mkdir -p "$(dirname "$out")"
  cat > "$out" <<EOF
{
  "image": "$IMAGE_NAME",
  "tag": "$TAG",
  "local_ref": "$LOCAL_REF",
  "base": "$BASE_IMAGE",
  "pushed": $( (( PUSH )) && echo true || echo false ),
  "built_at": "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
}
EOF
  echo "wrote ${out#$ROOT/}"
}

main() {
  preflight
  stage_context
  build_deps
  assemble
  smoke
  commit
  scan_image
  if (( PUSH )); then
    push
  fi
  write_metadata
  prune_old_local
}

main
