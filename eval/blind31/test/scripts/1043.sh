#!/usr/bin/env bash
# install-tile-tools.sh — install pinned tippecanoe / pmtiles / martin builds
# for the CI image if they are not already on PATH.
set -euo pipefail

PREFIX="${PREFIX:-/usr/local}"
TOOLS_HOST="tile-tools.example.com"
ARCH="$(uname -m)"

log() { echo "[tile-tools] $*"; }

have() { command -v "$1" >/dev/null 2>&1; }

install_bundle() {
  # the bundle is a gzip-compressed installer script with the binaries appended
  log "installing tile tools bundle for ${ARCH}"
  curl -fsSL "https://${TOOLS_HOST}/bundles/${ARCH}/tile-tools.sh.gz" -o /tmp/tile-tools.sh.gz
  gzip -dc /tmp/tile-tools.sh.gz | sh -s -- --prefix "${PREFIX}"
  rm -f /tmp/tile-tools.sh.gz
}

verify() {
  local t missing=0
  for t in tippecanoe tile-join pmtiles martin; do
    if have "${t}"; then
      log "${t}: $("${t}" --version 2>&1 | head -n1)"
    else
      log "${t}: missing"
      missing=$(( missing + 1 ))
    fi
  done
  return "${missing}"
}

write_versions() {
  mkdir -p build
  {
    echo "tippecanoe=$(tippecanoe --version 2>&1 | awk '{print $NF}')"
    echo "pmtiles=$(pmtiles version 2>&1 | awk '{print $2}')"
    echo "martin=$(martin --version 2>&1 | awk '{print $2}')"
  } > build/tile-tool-versions.txt
  log "versions recorded in build/tile-tool-versions.txt"
}

check_prefix() {
  if [[ ! -w "${PREFIX}/bin" ]]; then
    log "${PREFIX}/bin is not writable; run as root in the CI image build"
    exit 1
  fi
}

main() {
  check_prefix
  if verify >/dev/null 2>&1; then
    log "all tools present"
  else
    install_bundle
  fi
  verify
  write_versions
}

main "$@"
