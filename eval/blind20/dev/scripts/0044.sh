#!/usr/bin/env bash
# release/build-extension.sh - lint, build and optionally sign the browser
# extension with web-ext. Signing uses AMO API keys from the environment.
#
#   release/build-extension.sh [-s] [-c channel] [-r registry] [-o outdir]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
EXT_DIR="${ROOT}/extension"

SIGN=0
CHANNEL="unlisted"
REGISTRY="https://registry.npm.example.net/"
OUTDIR="${ROOT}/dist/extension"

while getopts ":sc:r:o:" opt; do
  case "$opt" in
    s) SIGN=1 ;;
    c) CHANNEL="$OPTARG" ;;
    r) REGISTRY="$OPTARG" ;;
    o) OUTDIR="$OPTARG" ;;
    *) echo "usage: $0 [-s] [-c channel] [-r registry] [-o outdir]" >&2; exit 2 ;;
  esac
done

log() { echo "[ext] $*"; }

ensure_tools() {
  if ! command -v web-ext >/dev/null; then
    npm config set registry "$REGISTRY"
    npm install --global web-ext@7
  fi
}

bump_manifest_version() {
  local version
  version="$(jq -r .version "${ROOT}/package.json")"
  jq --arg v "$version" '.version = $v' "${EXT_DIR}/manifest.json" >"${EXT_DIR}/manifest.json.tmp"
  mv "${EXT_DIR}/manifest.json.tmp" "${EXT_DIR}/manifest.json"
  log "manifest version ${version}"
}

lint() {
  web-ext lint --source-dir "$EXT_DIR" --warnings-as-errors
}

build() {
  rm -rf -- "$OUTDIR"
  mkdir -p "$OUTDIR"
  web-ext build --source-dir "$EXT_DIR" --artifacts-dir "$OUTDIR" --overwrite-dest
  ls -l "$OUTDIR"
}

sign() {
  [[ -n "${AMO_JWT_ISSUER:-}" && -n "${AMO_JWT_SECRET:-}" ]] || {
    log "AMO_JWT_ISSUER / AMO_JWT_SECRET not set"; exit 1; }
  web-ext sign --source-dir "$EXT_DIR" --artifacts-dir "$OUTDIR" \
    --channel "$CHANNEL" \
    --api-key "$AMO_JWT_ISSUER" --api-secret "$AMO_JWT_SECRET"
}

main() {
  ensure_tools
  bump_manifest_version
  lint
  build
  if (( SIGN )); then
    sign
  fi
  log "artifacts in ${OUTDIR#"$ROOT"/}"
}

main "$@"
