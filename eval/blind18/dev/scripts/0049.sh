#!/usr/bin/env bash
# install-cli.sh - make the repo's helper CLIs available on PATH.
#
# Copies tools/bin/* into ~/.local/bin and a jbang alias catalog into
# ~/.jbang so `fixture-gen` works from any directory.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="${PREFIX:-$HOME/.local/bin}"

mkdir -p "$DEST" "$HOME/.jbang"
for tool in "$ROOT"/tools/bin/*; do
  [[ -f "$tool" ]] || continue
  install -m 0755 "$tool" "$DEST/$(basename "$tool")"
  echo "installed $(basename "$tool") -> $DEST"
done

cp "$ROOT/tools/jbang-catalog.json" "$HOME/.jbang/jbang-catalog.json"
echo "jbang catalog installed"

case ":$PATH:" in
  *":$DEST:"*) ;;
  *) echo "note: add $DEST to your PATH" ;;
esac
