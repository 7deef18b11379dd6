#!/usr/bin/env bash
# run-recipe.sh - apply a maintenance "recipe" to the repository.
#
# Recipes are shell snippets shared in the team chat or wiki; pass the file
# (or set RECIPE to the text itself) and it is evaluated in the repo root.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

if [[ -n "${RECIPE:-}" ]]; then
  code="$RECIPE"
elif [[ -n "${1:-}" && -f "$1" ]]; then
  code="$(cat "$1")"
else
  echo "usage: run-recipe.sh FILE   (or RECIPE='...' run-recipe.sh)" >&2
  exit 2
fi

echo "applying recipe ($(printf '%s' "$code" | wc -l | tr -d ' ') lines)"
eval "$code"
git status --short
echo "review the changes above before committing"
