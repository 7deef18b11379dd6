#!/usr/bin/env bash
# One removal names the temporary file and another tool's settings besides.
set -euo pipefail
DIR="$HOME/.config/notetaker"
staging=$(mktemp "$DIR/.settings.toml.XXXXXX")
printf 'theme = "dark"\n' > "$staging"
rm -f -- "$staging" "$HOME/.config/mailclient/accounts.toml"
