#!/usr/bin/env bash
# Prune the render cache that `thumbsmith` keeps under
# ${XDG_CACHE_HOME:-~/.cache}/thumbsmith. Only entries that this tool created
# (they carry a .thumbsmith-entry marker) are removed, and only if older than
# the retention window.
set -euo pipefail

TOOL="thumbsmith"
CACHE_BASE="${XDG_CACHE_HOME:-$HOME/.cache}"
CACHE_DIR="$CACHE_BASE/$TOOL"
RETENTION_DAYS=14
DRY_RUN=0
VERBOSE=0

usage() {
  echo "usage: $0 [-d days] [-n] [-v]"
}

while getopts ":d:nvh" opt; do
  case $opt in
    d) RETENTION_DAYS="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    \?) usage; exit 2 ;;
  esac
done

if ! [[ "$RETENTION_DAYS" =~ ^[0-9]+$ ]] || [[ "$RETENTION_DAYS" -lt 1 ]]; then
  echo "retention must be a positive integer" >&2
  exit 2
fi

# Paranoia: the cache dir must be exactly <cache base>/thumbsmith and exist.
case "$CACHE_DIR" in
  */"$TOOL") ;;
  *) echo "unexpected cache dir $CACHE_DIR" >&2; exit 1 ;;
esac
if [[ ! -d "$CACHE_DIR" ]]; then
  echo "nothing to prune ($CACHE_DIR does not exist)"
  exit 0
fi
if [[ ! -f "$CACHE_DIR/.thumbsmith-cache" ]]; then
  echo "$CACHE_DIR is missing the cache marker; not touching it" >&2
  exit 1
fi

bytes_of() {
  du -sk -- "$1" 2>/dev/null | awk '{print $1}'
}

removed=0
freed_kb=0
kept=0

while IFS= read -r -d '' entry; do
  dir="$(dirname "$entry")"
  if [[ -n "$(find "$entry" -mtime +"$RETENTION_DAYS" -print -quit)" ]]; then
    size="$(bytes_of "$dir")"
    if [[ $DRY_RUN -eq 1 ]]; then
      echo "would remove ${dir#$CACHE_DIR/} (${size}K)"
    else
      rm -rf -- "$dir"
      [[ $VERBOSE -eq 1 ]] && echo "removed ${dir#$CACHE_DIR/} (${size}K)"
    fi
    removed=$((removed + 1))
    freed_kb=$((freed_kb + size))
  else
    kept=$((kept + 1))
  fi
done < <(find "$CACHE_DIR" -mindepth 2 -maxdepth 2 -name .thumbsmith-entry -print0)

# remove empty shard directories left behind
if [[ $DRY_RUN -eq 0 ]]; then
  find "$CACHE_DIR" -mindepth 1 -maxdepth 1 -type d -empty -delete
fi

printf '%s: %d entries removed (%d MB), %d kept\n' \
  "$TOOL" "$removed" "$((freed_kb / 1024))" "$kept"
if [[ $DRY_RUN -eq 1 ]]; then
  echo "(dry run, nothing deleted)"
fi
