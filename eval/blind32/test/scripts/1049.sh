#!/usr/bin/env bash
# render-hooks.sh - run the post-render hook the editor configured.
# Editors can put any shell snippet in RENDER_HOOK or in a hook file; it runs
# after each render with $OUTPUT set to the rendered file.
set -euo pipefail

OUTPUT="${1:?rendered file}"
HOOK_FILE="${RENDER_HOOK_FILE:-$HOME/.local/share/render-hooks/post.sh}"

if [[ -n "${RENDER_HOOK:-}" ]]; then
  echo "running RENDER_HOOK"
  eval "$RENDER_HOOK"
elif [[ -f "$HOOK_FILE" ]]; then
  echo "running hook file $HOOK_FILE"
  eval "$(cat "$HOOK_FILE")"
else
  echo "no post-render hook configured"
fi

echo "post-render step finished for $OUTPUT"
