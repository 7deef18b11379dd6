#!/usr/bin/env bash
# Cut a release: bump the version, build artefacts, tag, and push the tag.
# Usage: scripts/release.sh <major|minor|patch>
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

BUMP="${1:-patch}"
DIST_DIR="dist"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

die() { echo "release: $*" >&2; exit 1; }

require_clean_tree() {
  if [[ -n "$(git status --porcelain)" ]]; then
    die "working tree is dirty; commit or stash first"
  fi
  local branch
  branch="$(git rev-parse --abbrev-ref HEAD)"
  [[ "$branch" == "main" ]] || die "releases are cut from main (on $branch)"
}

next_version() {
  local current major minor patch
  current="$(grep -m1 '^version = ' Cargo.toml | cut -d'"' -f2)"
  IFS=. read -r major minor patch <<<"$current"
  case "$BUMP" in
    major) echo "$((major + 1)).0.0" ;;
    minor) echo "$major.$((minor + 1)).0" ;;
    patch) echo "$major.$minor.$((patch + 1))" ;;
    *) die "unknown bump '$BUMP'" ;;
  esac
}

build() {
  rm -rf "./$DIST_DIR"
  mkdir -p "$DIST_DIR"
  cargo build --release --locked
  cp target/release/acme "$WORK/"
  cp README.md LICENSE "$WORK/"
  tar -czf "$DIST_DIR/acme-$1-$(uname -s | tr 'A-Z' 'a-z').tar.gz" -C "$WORK" .
  (cd "$DIST_DIR" && sha256sum ./*.tar.gz > SHA256SUMS)
}

main() {
  require_clean_tree
  git fetch --tags origin
  local version
  version="$(next_version)"
  echo "releasing v$version"
  sed -i.bak "0,/^version = .*/s//version = \"$version\"/" Cargo.toml && rm Cargo.toml.bak
  cargo update -p acme --precise "$version" >/dev/null 2>&1 || true
  build "$version"
  git add Cargo.toml Cargo.lock
  git commit -m "release: v$version"
  git tag -a "v$version" -m "v$version"
  git push origin main "v$version"
  echo "done: $(ls "$DIST_DIR")"
}

main "$@"
