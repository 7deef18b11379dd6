#!/usr/bin/env bash
# Manage the schema-lint cache that tools/schema-lint writes under ~/.cache/schema-lint/.
# Subcommands: stats | prune [days] | purge. Only that directory is ever touched.
set -euo pipefail

cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/schema-lint"
readonly stamp_name=".schema-lint-cache"

usage() {
  echo "usage: $(basename "$0") {stats|prune [days]|purge}" >&2
  exit 2
}

require_cache() {
  if [[ ! -d "$cache_root" ]]; then
    echo "no cache at $cache_root"
    exit 0
  fi
  # the tool writes this stamp when it creates the cache; refuse to work on anything else
  if [[ ! -f "$cache_root/$stamp_name" ]]; then
    echo "refusing: $cache_root has no $stamp_name stamp" >&2
    exit 1
  fi
  case "$cache_root" in
    */.cache/schema-lint|*/schema-lint) ;;
    *) echo "unexpected cache path $cache_root" >&2; exit 1 ;;
  esac
}

human() {
  local kb="$1"
  if (( kb > 1048576 )); then
    printf '%d.%d GiB' $((kb / 1048576)) $(((kb % 1048576) * 10 / 1048576))
  elif (( kb > 1024 )); then
    printf '%d MiB' $((kb / 1024))
  else
    printf '%d KiB' "$kb"
  fi
}

cmd_stats() {
  require_cache
  local entries size oldest
  entries="$(find "$cache_root" -type f -name '*.json' | wc -l | tr -d ' ')"
  size="$(du -sk "$cache_root" | cut -f1)"
  oldest="$(find "$cache_root" -type f -name '*.json' -printf '%T+ %p\n' 2>/dev/null | sort | head -n 1 | cut -c1-19)"
  printf 'cache:   %s\nentries: %s\nsize:    %s\noldest:  %s\n' \
    "$cache_root" "$entries" "$(human "$size")" "${oldest:-n/a}"
}

cmd_prune() {
  require_cache
  local days="${1:-14}" removed=0 f
  [[ "$days" =~ ^[0-9]+$ ]] || { echo "days must be a number" >&2; exit 2; }
  while IFS= read -r -d '' f; do
    rm -f -- "$f"
    removed=$((removed + 1))
  done < <(find "$cache_root" -type f -name '*.json' -mtime +"$days" -print0)
  find "$cache_root" -mindepth 1 -type d -empty -delete
  echo "pruned $removed entr$( ((removed == 1)) && echo y || echo ies) older than ${days}d"
}

cmd_purge() {
  require_cache
  local answer
  read -r -p "delete everything in $cache_root? [y/N] " answer
  case "$answer" in
    y|Y|yes)
      find "$cache_root" -mindepth 1 -maxdepth 1 ! -name "$stamp_name" -exec rm -rf -- {} +
      echo "cache emptied"
      ;;
    *) echo "aborted" ;;
  esac
}

declare -A handlers=([stats]=cmd_stats [prune]=cmd_prune [purge]=cmd_purge)

main() {
  local sub="${1:-stats}"
  shift || true
  local fn="${handlers[$sub]:-}"
  [[ -n "$fn" ]] || usage
  "$fn" "$@"
}

main "$@"
