#!/usr/bin/env bash
# Housekeeping for the remote-build cache that marlin's build wrapper keeps in
# ~/.cache/marlin-build/. Lists, trims to a size budget, or clears it. Only
# directories carrying the wrapper's CACHEDIR.TAG are considered.
set -euo pipefail

root="${MARLIN_BUILD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/marlin-build}"
budget_mb="${BUDGET_MB:-4096}"
tag_sig="Signature: 8a477f597d28d172789f06886806bc55"

is_ours() {
  [[ -f "$root/CACHEDIR.TAG" ]] && head -n 1 "$root/CACHEDIR.TAG" | grep -qF "$tag_sig" \
    && grep -q 'marlin-build' "$root/CACHEDIR.TAG"
}

need_cache() {
  [[ -d "$root" ]] || { echo "no cache at $root"; exit 0; }
  is_ours || { echo "$root is not a marlin-build cache (no CACHEDIR.TAG); refusing" >&2; exit 1; }
}

size_mb() { du -sm "$root" | cut -f1; }

entries_oldest_first() {
  find "$root" -mindepth 1 -maxdepth 1 -type d -printf '%A@ %p\n' | sort -n | cut -d' ' -f2-
}

op_list() {
  need_cache
  local n=0 d
  while IFS= read -r d; do
    printf '%8s  %s\n' "$(du -sh "$d" | cut -f1)" "${d#"$root"/}"
    n=$((n + 1))
  done < <(entries_oldest_first)
  echo "$n entries, $(size_mb) MiB total (budget ${budget_mb} MiB)"
}

op_trim() {
  need_cache
  local d freed=0 before
  before="$(size_mb)"
  while (( $(size_mb) > budget_mb )); do
    d="$(entries_oldest_first | head -n 1)"
    [[ -n "$d" && "$d" == "$root"/* ]] || break
    rm -rf -- "$d"
    freed=$((freed + 1))
  done
  echo "trimmed $freed entr$([[ $freed == 1 ]] && echo y || echo ies): ${before} -> $(size_mb) MiB"
}

op_clear() {
  need_cache
  local reply
  printf 'clear all entries in %s? [y/N] ' "$root"
  read -r reply
  if [[ "$reply" =~ ^[Yy]$ ]]; then
    find "$root" -mindepth 1 -maxdepth 1 -type d -exec rm -rf -- {} +
    echo "cleared"
  else
    echo "kept"
  fi
}

op_where() {
  echo "cache root: $root"
  echo "budget:     ${budget_mb} MiB"
  if [[ -d "$root" ]]; then
    is_ours && echo "tag:        present" || echo "tag:        MISSING"
  else
    echo "status:     not created yet"
  fi
}

dispatch() {
  local action="${1:-list}"
  case "$action" in
    list|trim|clear|where) "op_${action}" ;;
    *)
      echo "usage: ${0##*/} [list|trim|clear]" >&2
      exit 2
      ;;
  esac
}

dispatch "$@"
