#!/usr/bin/env bash
# prune-ci-cache.sh - keep the project-local CI cache (.cache/ci) and the
# docker images this repo builds (label com.plover.cache=1) under control.
# Only touches things this repository created.
set -euo pipefail

repo="$(git rev-parse --show-toplevel)"
cache="$repo/.cache/ci"
max_age_days=7
max_total_mb=2048
apply=0

usage() {
  cat <<USAGE
usage: $(basename "$0") [--apply] [--days N] [--max-mb N]
Without --apply nothing is deleted; the plan is printed instead.
USAGE
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --apply) apply=1 ;;
    --days) max_age_days="$2"; shift ;;
    --max-mb) max_total_mb="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done

[[ -d "$cache" ]] || { echo "no cache at ${cache#$repo/}"; exit 0; }
[[ "$cache" == "$repo/.cache/ci" ]] || { echo "cache path mismatch" >&2; exit 1; }

delete() {
  if (( apply )); then
    rm -rf -- "$1"
    echo "deleted ${1#$repo/}"
  else
    echo "would delete ${1#$repo/}"
  fi
}

largest_entries() {
  echo "largest cache entries:"
  find "$cache" -mindepth 1 -maxdepth 1 -exec du -sm {} + 2>/dev/null \
    | sort -rn | head -n 5 \
    | while read -r mb entry; do
        printf '  %6s MB  %s\n' "$mb" "${entry#$repo/}"
      done
}
largest_entries

# 1. entries older than the age limit
while IFS= read -r -d '' entry; do
  delete "$entry"
done < <(find "$cache" -mindepth 1 -maxdepth 1 -mtime +"$max_age_days" -print0)

# 2. if still too big, remove least recently used entries first
total_mb() { du -sm "$cache" | cut -f1; }
if (( apply )); then
  while (( $(total_mb) > max_total_mb )); do
    oldest="$(find "$cache" -mindepth 1 -maxdepth 1 -printf '%T@ %p\n' | sort -n | head -n1 | cut -d' ' -f2-)"
    [[ -n "$oldest" ]] || break
    delete "$oldest"
  done
fi

# 3. dangling images built by this repo
if command -v docker >/dev/null 2>&1; then
  mapfile -t images < <(docker images --filter "label=com.plover.cache=1" --filter dangling=true -q)
  if (( ${#images[@]} )); then
    if (( apply )); then
      docker rmi "${images[@]}" >/dev/null
      echo "removed ${#images[@]} dangling plover image(s)"
    else
      echo "would remove ${#images[@]} dangling plover image(s)"
    fi
  fi
fi

echo "cache size now: $(total_mb) MB (limit $max_total_mb MB)"
(( apply )) || echo "dry run - pass --apply to delete"
