#!/usr/bin/env bash
# Tidy generated output across the workspace before switching branches:
# build folders, codegen output and per-developer scratch space.
set -uo pipefail

repo=$(git rev-parse --show-toplevel)

# scratch space is configured per developer in .orbit-scratch (optional)
scratch_subdir=$(cat "$repo/.orbit-scratch" 2>/dev/null)

targets=(
  "$repo/dist"
  "$repo/apps/web/.next"
  "$repo/services/api/gen"
  "$HOME/$scratch_subdir"
)

describe() {
  local path=$1
  if [[ -e $path ]]; then
    printf '%8s  %s\n' "$(du -sh "$path" 2>/dev/null | cut -f1)" "$path"
  fi
}

confirm() {
  [[ ${ORBIT_TIDY_YES:-} == 1 ]] && return 0
  read -r -p "delete the paths above? [y/N] " reply
  [[ $reply == [yY] ]]
}

echo "workspace: $repo"
echo "will remove:"
for t in "${targets[@]}"; do
  describe "$t"
done

if ! confirm; then
  echo "nothing removed"
  exit 0
fi

for t in "${targets[@]}"; do
  [[ -e $t ]] || continue
  rm -rf "$t"
  echo "removed $t"
done

git -C "$repo" status --short | head -n 20
echo "regenerate code with: make gen"
echo "tidy done"
