#!/usr/bin/env bash
# sync-lint-config.sh - pull the shared ktlint / detekt / rubocop configs.
#
# The configs are published on a colleague's file share; we copy them into
# config/lint/ so every build uses the same rules.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
SRC="http://lint-share.example.net:8080/configs"
DEST="$ROOT/config/lint"

mkdir -p "$DEST"
for f in detekt.yml .editorconfig rubocop.yml; do
  echo "fetching $f"
  curl -fsS "$SRC/$f" -o "$DEST/$f.new"
  if [[ -s "$DEST/$f.new" ]]; then
    mv "$DEST/$f.new" "$DEST/$f"
  else
    rm -f "$DEST/$f.new"
    echo "warning: $f was empty, keeping the old copy"
  fi
done

git -C "$ROOT" status --short -- config/lint
echo "review the diff and commit if it looks right"
