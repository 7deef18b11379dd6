#!/usr/bin/env bash
# tmp_lint_changed.sh - lint only files changed relative to main
set -euo pipefail
base="${1:-origin/main}"
mapfile -t files < <(git diff --name-only --diff-filter=ACMR "$base"...HEAD)
py=() ; ts=() ; sh=()
for f in "${files[@]}"; do
  case "$f" in
    *.py) py+=("$f") ;;
    *.ts|*.tsx) ts+=("$f") ;;
    *.sh) sh+=("$f") ;;
  esac
done
(( ${#py[@]} )) && ruff check "${py[@]}"
(( ${#ts[@]} )) && npx eslint "${ts[@]}"
(( ${#sh[@]} )) && shellcheck "${sh[@]}"
echo "linted ${#files[@]} files"
