#!/usr/bin/env bash
# Remove build outputs from every package in the monorepo.
#
# Deletes only well-known generated directories, only inside this repository,
# and refuses to follow symlinks out of it. Use -n for a dry run.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || {
  echo "not inside a git repository" >&2
  exit 1
}
DRY=0
VERBOSE=0
GENERATED=(node_modules dist build target .next .turbo .parcel-cache coverage __pycache__ .pytest_cache)

usage() {
  cat <<EOF
usage: $(basename "$0") [-n] [-v] [package...]
  -n  dry run: list what would be removed
  -v  verbose
With no packages, cleans every package under packages/ and apps/.
EOF
}

while getopts ":nvh" opt; do
  case "$opt" in
    n) DRY=1 ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

inside_repo() {
  local real
  real="$(realpath -e -- "$1" 2>/dev/null)" || return 1
  case "$real" in
    "$ROOT"/*) return 0 ;;
    *) return 1 ;;
  esac
}

human() {
  numfmt --to=iec --suffix=B "$1" 2>/dev/null || echo "${1}B"
}

total=0
remove_dir() {
  local dir="$1"
  if [[ -L "$dir" ]]; then
    [[ $VERBOSE -eq 1 ]] && echo "skip symlink $dir"
    return
  fi
  if ! inside_repo "$dir"; then
    echo "refusing to touch $dir (outside $ROOT)" >&2
    return
  fi
  local size
  size="$(du -sb -- "$dir" | cut -f1)"
  total=$((total + size))
  if [[ $DRY -eq 1 ]]; then
    printf 'would remove %-60s %s\n' "${dir#"$ROOT"/}" "$(human "$size")"
  else
    rm -rf -- "$dir"
    [[ $VERBOSE -eq 1 ]] && printf 'removed %-60s %s\n' "${dir#"$ROOT"/}" "$(human "$size")"
  fi
}

packages=("$@")
if [[ ${#packages[@]} -eq 0 ]]; then
  mapfile -t packages < <(find "$ROOT/packages" "$ROOT/apps" -mindepth 1 -maxdepth 1 -type d 2>/dev/null)
  packages+=("$ROOT")
fi

for pkg in "${packages[@]}"; do
  [[ -d "$pkg" ]] || { echo "no such package: $pkg" >&2; continue; }
  for name in "${GENERATED[@]}"; do
    while IFS= read -r -d '' dir; do
      remove_dir "$dir"
    done < <(find "$pkg" -maxdepth 3 -type d -name "$name" -prune -print0)
  done
done

if [[ $DRY -eq 1 ]]; then
  echo "would free $(human "$total")"
else
  echo "freed $(human "$total")"
fi
