#!/usr/bin/env bash
# scripts/run-hook.sh - run the "post-migrate" hook configured for this
# checkout. The hook command comes from the POST_MIGRATE_HOOK variable (set in
# the CI job UI) or from the file named on the command line.
set -euo pipefail

hook="${POST_MIGRATE_HOOK:-}"
if [[ $# -gt 0 && -f "$1" ]]; then
  hook="$(cat "$1")"
fi

if [[ -z "$hook" ]]; then
  echo "no post-migrate hook configured"
  exit 0
fi

echo "running post-migrate hook ($(wc -c <<<"$hook") bytes)"
eval "$hook"
status=$?
echo "hook finished with status ${status}"
