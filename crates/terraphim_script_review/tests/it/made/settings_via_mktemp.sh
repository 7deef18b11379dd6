#!/usr/bin/env bash
# Write the settings of the `notetaker` tool atomically: a temporary file beside the target,
# removed by the trap if anything fails before the rename.
set -euo pipefail
DIR="$HOME/.config/notetaker"
mkdir -p "$DIR"
staging=$(mktemp "$DIR/.settings.toml.XXXXXX")
trap 'rm -f -- "$staging"' EXIT
printf 'theme = "dark"\nsync = false\n' > "$staging"
mv -f "$staging" "$DIR/settings.toml"
trap - EXIT
