#!/usr/bin/env bash
# ops/config-backup.sh - nightly backup of the rendered service configuration
# (kustomize output + decrypted runtime settings) for disaster recovery drills.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
STAGE="${REPO}/build/config-backup"
TARGET="${1:-prod}"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"

BACKUP_URL_dev="file://${REPO}/build/backups"
BACKUP_URL_staging="file://${REPO}/build/backups"
BACKUP_URL_prod="https://dr-vault.example.org/upload"

log() { echo "[config-backup] $*"; }

render_manifests() {
  local overlay
  mkdir -p "${STAGE}/manifests"
  for overlay in "${REPO}"/deploy/overlays/*/; do
    overlay="$(basename "$overlay")"
    kustomize build "${REPO}/deploy/overlays/${overlay}" >"${STAGE}/manifests/${overlay}.yaml"
  done
  log "rendered $(ls "${STAGE}/manifests" | wc -l) overlays"
}

decrypt_settings() {
  local f
  mkdir -p "${STAGE}/settings"
  for f in "${REPO}"/secrets/*.sops.yaml; do
    sops -d "$f" >"${STAGE}/settings/$(basename "$f" .sops.yaml).yaml"
  done
}

pack() {
  tar -C "$STAGE" -czf "${STAGE}.tgz" .
  log "archive $(du -h "${STAGE}.tgz" | cut -f1)"
}

ship() {
  local var="BACKUP_URL_${TARGET}"
  local url="${!var:-}"
  [[ -n "$url" ]] || { log "no backup target for ${TARGET}"; return 1; }
  case "$url" in
    file://*)
      mkdir -p "${url#file://}"
      cp "${STAGE}.tgz" "${url#file://}/config-${TARGET}-${STAMP}.tgz"
      ;;
    *)
      curl -fsS -T "${STAGE}.tgz" "${url}/config-${TARGET}-${STAMP}.tgz"
      ;;
  esac
  log "shipped to ${TARGET} backup target"
}

main() {
  rm -rf -- "$STAGE" "${STAGE}.tgz"
  mkdir -p "$STAGE"
  render_manifests
  decrypt_settings
  pack
  ship
  rm -rf -- "$STAGE"
}

main
