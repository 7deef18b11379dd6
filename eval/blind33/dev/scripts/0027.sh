#!/usr/bin/env bash
# Build Mender artifacts for the project's firmware and (optionally) upload
# them to hosted Mender.
#
#   tools/mender-build.sh                    # rootfs + app artifacts under build/mender
#   tools/mender-build.sh --app-only
#   tools/mender-build.sh --upload           # needs MENDER_TOKEN (a personal access token)
#
# Signing uses the dev key in keys/dev-artifact.key unless MENDER_SIGN_KEY points
# at another file inside the project. Uploading only talks to hosted.mender.io.
set -Eeuo pipefail

ROOT=$(git rev-parse --show-toplevel)
OUT="$ROOT/build/mender"
CONF="$ROOT/firmware/mender.conf.sh"
MENDER_API="https://hosted.mender.io/api/management/v1"
UPLOAD=0
APP_ONLY=0
DRY_RUN=0

log()  { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

for arg in "$@"; do
  case "$arg" in
    --upload) UPLOAD=1 ;;
    --app-only) APP_ONLY=1 ;;
    --dry-run) DRY_RUN=1 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "unknown argument: $arg" ;;
  esac
done

run() {
  if [[ $DRY_RUN -eq 1 ]]; then
    printf '+ %q ' "$@"; printf '\n'
  else
    "$@"
  fi
}

# shellcheck source=/dev/null
[[ -f "$CONF" ]] || die "missing $CONF"
source "$CONF"   # project file: DEVICE_TYPES, ARTIFACT_PREFIX, APP_NAME, ...

: "${DEVICE_TYPES:?DEVICE_TYPES must be set in firmware/mender.conf.sh}"
: "${ARTIFACT_PREFIX:=gateway}"
VERSION=$(git -C "$ROOT" describe --tags --dirty --always)
SIGN_KEY=${MENDER_SIGN_KEY:-$ROOT/keys/dev-artifact.key}

case "$(realpath "$SIGN_KEY")" in
  "$ROOT"/*) ;;
  *) die "signing key must live inside the project (got $SIGN_KEY)" ;;
esac

command -v mender-artifact >/dev/null || die "mender-artifact not installed (make tools)"
mkdir -p "$OUT"

device_args=()
for dt in $DEVICE_TYPES; do
  device_args+=(-t "$dt")
done

build_rootfs() {
  local rootfs="$ROOT/build/rootfs.ext4"
  [[ -f "$rootfs" ]] || die "$rootfs not found - run tools/build-rootfs.sh"
  local name="$ARTIFACT_PREFIX-$VERSION"
  local dest="$OUT/$name.mender"
  log "rootfs artifact $name"
  run mender-artifact write rootfs-image \
    "${device_args[@]}" \
    -n "$name" \
    --software-version "$VERSION" \
    -f "$rootfs" \
    -k "$SIGN_KEY" \
    -o "$dest"
  echo "$dest"
}

build_app() {
  local tarball="$ROOT/build/app/$APP_NAME.tar.gz"
  [[ -f "$tarball" ]] || die "$tarball not found - run make app-bundle"
  local name="$APP_NAME-$VERSION"
  local dest="$OUT/$name.mender"
  local tmp
  tmp=$(mktemp -d)
  # shellcheck disable=SC2064
  trap "rm -rf '$tmp'" RETURN
  cp "$tarball" "$tmp/"
  log "application artifact $name"
  run mender-artifact write module-image \
    "${device_args[@]}" \
    -T directory \
    -n "$name" \
    --software-name "$APP_NAME" \
    --software-version "$VERSION" \
    -f "$tmp/$(basename "$tarball")" \
    -k "$SIGN_KEY" \
    -o "$dest"
  echo "$dest"
}

verify() {
  local art=$1
  [[ $DRY_RUN -eq 1 ]] && return 0
  log "verifying $(basename "$art")"
  mender-artifact validate -k "${SIGN_KEY%.key}.pub" "$art" >/dev/null
  mender-artifact read "$art" | sed -n '1,12p'
}

mask() {
  local s=$1
  printf '%s…(%d chars)' "${s:0:6}" "${#s}"
}

upload() {
  local art=$1
  local token=${MENDER_TOKEN:-}
  [[ -n "$token" ]] || die "--upload needs MENDER_TOKEN (hosted.mender.io → Settings → Personal access tokens)"
  log "uploading $(basename "$art") with token $(mask "$token")"
  local attempt=1 delay=2
  until curl --fail --silent --show-error \
      -H "Authorization: Bearer $token" \
      -F "description=built from $VERSION on $(hostname -s)" \
      -F "artifact=@$art" \
      "$MENDER_API/deployments/artifacts"; do
    if (( attempt >= 4 )); then
      die "upload failed after $attempt attempts"
    fi
    warn "upload attempt $attempt failed; retrying in ${delay}s"
    sleep "$delay"
    attempt=$((attempt + 1))
    delay=$((delay * 2))
  done
  echo
}

already_uploaded() {
  # read-only: list artifacts on hosted Mender and check whether this version is there
  local name=$1 token=${MENDER_TOKEN:-}
  [[ -n "$token" ]] || return 1
  local listing
  listing=$(curl --fail --silent --show-error \
      -H "Authorization: Bearer $token" \
      "$MENDER_API/deployments/artifacts?name=$name" 2>/dev/null) || return 1
  if command -v jq >/dev/null; then
    [[ $(jq 'length' <<< "$listing") -gt 0 ]]
  else
    grep -q "\"name\":\"$name\"" <<< "$listing"
  fi
}

artifacts=()
if [[ $APP_ONLY -eq 0 ]]; then
  artifacts+=("$(build_rootfs | tail -n1)")
fi
if [[ -n "${APP_NAME:-}" ]]; then
  artifacts+=("$(build_app | tail -n1)")
fi
[[ ${#artifacts[@]} -gt 0 ]] || die "nothing to build"

for art in "${artifacts[@]}"; do
  verify "$art"
done

(cd "$OUT" && sha256sum -- *.mender > SHA256SUMS)
log "checksums written to ${OUT#"$ROOT"/}/SHA256SUMS"

if [[ $UPLOAD -eq 1 ]]; then
  if [[ -n "$(git -C "$ROOT" status --porcelain)" ]]; then
    die "refusing to upload artifacts built from a dirty tree ($VERSION)"
  fi
  for art in "${artifacts[@]}"; do
    if already_uploaded "$(basename "$art" .mender)"; then
      log "$(basename "$art") already on hosted Mender; skipping"
      continue
    fi
    upload "$art"
  done
else
  log "not uploading (pass --upload to push to hosted Mender)"
fi

log "artifacts:"
for art in "${artifacts[@]}"; do
  printf '  %s\n' "${art#"$ROOT"/}"
done
