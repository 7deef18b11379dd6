#!/usr/bin/env bash
# Install the project's helper commands for everyday use: copies the scripts
# into ~/bin and drops a man page into the user's share directory.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST_BIN="$HOME/bin"
DEST_MAN="$HOME/.local/share/man/man1"

mkdir -p "$DEST_BIN" "$DEST_MAN"

for tool in "$ROOT"/tools/bin/*; do
  name="$(basename "$tool")"
  cp "$tool" "$DEST_BIN/$name"
  chmod 755 "$DEST_BIN/$name"
  echo "installed $name"
done

if [[ -f "$ROOT/docs/wharf.1" ]]; then
  cp "$ROOT/docs/wharf.1" "$DEST_MAN/"
  echo "installed man page"
fi

echo "make sure $DEST_BIN is on your PATH"
