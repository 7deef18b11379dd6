#!/usr/bin/env bash
# scripts/tmp_release.sh - build, checksum and tag a release of the CLI.
set -euo pipefail

VERSION="${1:?usage: tmp_release.sh <version>}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIST="$ROOT/dist"
TARGETS=(x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu x86_64-apple-darwin)

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

check_clean_tree() {
  if [[ -n "$(git -C "$ROOT" status --porcelain)" ]]; then
    echo "working tree not clean; commit or stash first" >&2
    exit 1
  fi
}

check_version() {
  local cargo_ver
  cargo_ver="$(grep -m1 '^version' "$ROOT/Cargo.toml" | cut -d'"' -f2)"
  if [[ "$cargo_ver" != "$VERSION" ]]; then
    echo "Cargo.toml has $cargo_ver, expected $VERSION" >&2
    exit 1
  fi
}

build_target() {
  local t="$1"
  log "building $t"
  cargo build --release --locked --target "$t"
  local bin="$ROOT/target/$t/release/acme"
  local out="$DIST/acme-$VERSION-$t.tar.gz"
  tar -C "$(dirname "$bin")" -czf "$out" acme
}

checksums() {
  log "writing checksums"
  (cd "$DIST" && sha256sum ./*.tar.gz > SHA256SUMS)
}

changelog_entry() {
  if ! grep -q "^## $VERSION" "$ROOT/CHANGELOG.md"; then
    echo "CHANGELOG.md has no entry for $VERSION" >&2
    exit 1
  fi
}

usage() {
  cat <<USAGE
usage: $(basename "$0") <version>

Builds release tarballs for: ${TARGETS[*]}
Writes them to dist/ together with SHA256SUMS and creates
an annotated tag v<version>. Nothing is pushed.
USAGE
}

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  usage
  exit 0
fi

main() {
  cd "$ROOT"
  check_clean_tree
  check_version
  changelog_entry
  log "cleaning dist"
  rm -rf "$DIST"
  mkdir -p "$DIST"
  for t in "${TARGETS[@]}"; do
    build_target "$t"
  done
  checksums
  log "running tests"
  cargo test --release --locked --quiet
  log "tagging v$VERSION"
  git tag -a "v$VERSION" -m "Release $VERSION"
  log "done; push with: git push origin v$VERSION"
  ls -lh "$DIST"
}

main "$@"
