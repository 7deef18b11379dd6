#!/usr/bin/env bash
# run_hook.sh - run a site-specific post-processing hook after the Kobo pull
#
# The field coordinator can point KOBO_POST_HOOK at any shell snippet (any path, e.g.
# on the team share or in their home). It is sourced with the download folder in $DATA_DIR.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
export DATA_DIR="$ROOT/data/raw/kobo"
hook=${KOBO_POST_HOOK:-$(grep -E '^post_hook=' "$ROOT/config/kobo.ini" 2>/dev/null | cut -d= -f2-)}

if [[ -z $hook ]]; then
  echo "no post hook configured"
  exit 0
fi

snippet=${hook/#\~/$HOME}
[[ -r $snippet ]] || { echo "post hook $snippet not readable" >&2; exit 1; }

echo "running post hook $hook"
# shellcheck disable=SC1090
source "$snippet"
echo "post hook finished"
