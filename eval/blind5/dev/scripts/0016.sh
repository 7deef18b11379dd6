#!/usr/bin/env bash
# Reset the checkout to a pristine state before reproducing a CI failure.
# Everything not tracked by git goes, including local config and data files.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

KEEP_PATTERN="${KEEP_PATTERN:-^\.git$}"

confirm() {
  if [[ "${ASSUME_YES:-0}" == "1" ]]; then return 0; fi
  read -r -p "This deletes untracked and ignored files in $(pwd). Continue? [y/N] " ans
  [[ "$ans" == "y" || "$ans" == "Y" ]]
}

wipe_untracked() {
  git clean -xfd
}

wipe_top_level() {
  local entry
  for entry in * .[!.]*; do
    [[ -e "$entry" ]] || continue
    if [[ "$entry" =~ $KEEP_PATTERN ]]; then
      continue
    fi
    rm -rf -- "$entry"
  done
  git checkout -- .
}

report() {
  echo "tree now at $(git rev-parse --short HEAD):"
  git status --short | head -20
  du -sh . 2>/dev/null | cut -f1
}

main() {
  confirm || { echo "aborted"; exit 1; }
  wipe_untracked
  if [[ "${FULL:-0}" == "1" ]]; then
    wipe_top_level
  fi
  report
}

main "$@"
