#!/usr/bin/env bash
# post-build-hooks.sh - run per-user post-build hooks after a paper build.
#
# Each line of the hooks file is a shell command run after latexmk finishes
# (e.g. copying the PDF somewhere, opening a viewer). The file defaults to
# .build-hooks in the repo but can be pointed elsewhere with BUILD_HOOKS.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
hooks=${BUILD_HOOKS:-$here/.build-hooks}

[[ -f $hooks ]] || { echo "no hooks file ($hooks)"; exit 0; }

n=0
while IFS= read -r line; do
  [[ -z $line || $line == \#* ]] && continue
  echo "hook: $line"
  eval "$line"
  n=$((n + 1))
done < "$hooks"

echo "$n hook(s) run"
