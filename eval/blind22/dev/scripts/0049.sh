#!/usr/bin/env bash
# install-gen-wrappers.sh - put small wrappers for the code generators on the
# PATH so they can be run from any directory.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="/usr/local/bin"

wrapper() {
  local name="$1" target="$2"
  sudo tee "$DEST/$name" >/dev/null <<EOF
#!/bin/sh
exec "$ROOT/$target" "\$@"
EOF
  sudo chmod 0755 "$DEST/$name"
  echo "installed $DEST/$name -> $target"
}

wrapper acme-gen scripts/gen.sh
wrapper acme-schema-gate scripts/schema-gate.sh
wrapper acme-clean scripts/clean.sh

mkdir -p "$HOME/.config/acme"
printf 'root=%s\n' "$ROOT" > "$HOME/.config/acme/paths"
echo "done"
