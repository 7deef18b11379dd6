#!/usr/bin/env bash
# Fetch a pinned yq binary from its GitHub release into ./tools/bin, checking the
# published checksum first. Used by CI and by `make lint-yaml`. Nothing downloaded is
# executed except `yq --version` after the checksum matched.
set -euo pipefail

readonly YQ_VERSION="v4.44.1"
readonly RELEASE_BASE="https://github.com/mikefarah/yq/releases/download/${YQ_VERSION}"
readonly DEST_DIR="tools/bin"
scratch=""

finish() {
  if [[ -n "$scratch" ]]; then
    rm -rf -- "$scratch"
  fi
}
trap finish EXIT

asset_name() {
  local kernel machine
  kernel="$(uname -s | tr '[:upper:]' '[:lower:]')"
  machine="$(uname -m)"
  case "$machine" in
    x86_64) machine=amd64 ;;
    aarch64|arm64) machine=arm64 ;;
    *) echo "no yq build for $machine" >&2; return 1 ;;
  esac
  case "$kernel" in
    linux|darwin) ;;
    *) echo "no yq build for $kernel" >&2; return 1 ;;
  esac
  printf 'yq_%s_%s' "$kernel" "$machine"
}

download() {
  local url="$1" to="$2"
  curl --fail --silent --show-error --location --retry 3 --retry-delay 2 \
    --proto '=https' -o "$to" "$url"
}

lookup_sum() {
  # checksums file has one line per asset: NAME  SHA256 ...; the order file names the columns
  local name="$1" sums="$2" order="$3" col
  col="$(awk '{for (i = 1; i <= NF; i++) if ($i == "SHA-256") print i + 1}' "$order")"
  [[ -n "$col" ]] || { echo "SHA-256 column not found" >&2; return 1; }
  awk -v n="$name" -v c="$col" '$1 == n {print $c}' "$sums"
}

local_sum() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

main() {
  local name want got
  if [[ -x "$DEST_DIR/yq" ]] && "$DEST_DIR/yq" --version | grep -q "${YQ_VERSION#v}"; then
    echo "yq ${YQ_VERSION} already installed"
    return 0
  fi
  name="$(asset_name)"
  echo "installing yq ${YQ_VERSION} (${name}) into ${DEST_DIR}"

  scratch="$(mktemp -d)"
  download "${RELEASE_BASE}/${name}" "$scratch/$name"
  download "${RELEASE_BASE}/checksums" "$scratch/checksums"
  download "${RELEASE_BASE}/checksums_hashes_order" "$scratch/order"
  want="$(lookup_sum "$name" "$scratch/checksums" "$scratch/order")"
  got="$(local_sum "$scratch/$name")"
  if [[ -z "$want" || "$want" != "$got" ]]; then
    echo "checksum mismatch for $name (want ${want:-none}, got $got)" >&2
    return 1
  fi
  mkdir -p "$DEST_DIR"
  install -m 0755 "$scratch/$name" "$DEST_DIR/yq"
  "$DEST_DIR/yq" --version
}

main "$@"
