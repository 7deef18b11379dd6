#!/usr/bin/env bash
# Export the API docs and publish them to the shared docs folder used by the team.
set -euo pipefail

OUT_DIR="build/docs"
SHARED_DIR="${DOCS_SHARED_DIR:-/srv/shared-docs/api}"
VERSION="$(git describe --tags --always)"

generate() {
  rm -rf "$OUT_DIR"
  mkdir -p "$OUT_DIR"
  npx --no-install typedoc --out "$OUT_DIR" src/index.ts
  echo "$VERSION" > "$OUT_DIR/VERSION"
}

verify() {
  if [ ! -f "$OUT_DIR/index.html" ]; then
    echo "typedoc produced no index.html" >&2
    exit 1
  fi
  local n
  n=$(find "$OUT_DIR" -name '*.html' | wc -l)
  echo "generated $n pages"
}

publish() {
  mkdir -p "$SHARED_DIR/$VERSION"
  cp -r "$OUT_DIR/." "$SHARED_DIR/$VERSION/"
  ln -sfn "$SHARED_DIR/$VERSION" "$SHARED_DIR/latest"
  echo "published to $SHARED_DIR/$VERSION"
}

main() {
  generate
  verify
  if [ "${1:-}" = "--publish" ]; then
    publish
  else
    echo "dry run; pass --publish to copy to $SHARED_DIR"
  fi
}

main "$@"
