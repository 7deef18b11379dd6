#!/usr/bin/env bash
# install-tools.sh - make the project's helper binaries available everywhere.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
BIN="$ROOT/build/bin"
DEST="/usr/local/bin"

cmake --build "$ROOT/build" --target relay-cli relay-trace >/dev/null

if [[ ! -w "$DEST" ]]; then
  DEST="$HOME/.local/bin"
  mkdir -p "$DEST"
fi

for tool in relay-cli relay-trace; do
  ln -sf "$BIN/$tool" "$DEST/$tool"
  echo "linked $DEST/$tool -> $BIN/$tool"
done

mkdir -p "$HOME/.local/share/bash-completion/completions"
"$BIN/relay-cli" completions bash >"$HOME/.local/share/bash-completion/completions/relay-cli"
echo "completions installed for bash"
