#!/usr/bin/env bash
# Clean up the artefacts that scripts/snapshot.sh creates.
# snapshot.sh stores database dumps in .cache/snapshots/<name>/ and records
# each one in .cache/snapshots/index.tsv. This script prunes them by age or
# name and never touches anything outside that directory.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd -P)"
SNAP_DIR="$ROOT/.cache/snapshots"
INDEX="$SNAP_DIR/index.tsv"
MODE="list"
KEEP_DAYS=14
NAMES=()

usage() {
  cat <<EOF
usage: $(basename "$0") [list | prune [--days N] | remove NAME...]
EOF
}

inside_snap_dir() {
  local p
  p="$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")"
  [[ "$p" == "$SNAP_DIR"/* ]]
}

list_snapshots() {
  [[ -f "$INDEX" ]] || { echo "no snapshots"; return; }
  printf '%-28s %-20s %s\n' NAME CREATED SIZE
  while IFS=$'\t' read -r name created; do
    local size="-"
    [[ -d "$SNAP_DIR/$name" ]] && size="$(du -sh "$SNAP_DIR/$name" | cut -f1)"
    printf '%-28s %-20s %s\n' "$name" "$created" "$size"
  done < "$INDEX"
}

remove_one() {
  local name="$1" dir="$SNAP_DIR/$1"
  [[ "$name" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "bad snapshot name: $name" >&2; return 1; }
  if [[ -d "$dir" ]] && inside_snap_dir "$dir"; then
    rm -rf -- "$dir"
    echo "removed $name"
  fi
  if [[ -f "$INDEX" ]]; then
    awk -F'\t' -v n="$name" '$1 != n' "$INDEX" > "$INDEX.tmp" && mv "$INDEX.tmp" "$INDEX"
  fi
}

prune_old() {
  [[ -f "$INDEX" ]] || return 0
  local cutoff name created
  cutoff="$(date -u -d "-$KEEP_DAYS days" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null \
    || date -u -v-"$KEEP_DAYS"d +%Y-%m-%dT%H:%M:%SZ)"
  while IFS=$'\t' read -r name created; do
    if [[ "$created" < "$cutoff" ]]; then
      remove_one "$name"
    fi
  done < <(cat "$INDEX")
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    list) MODE=list ;;
    prune) MODE=prune ;;
    remove) MODE=remove; shift; NAMES=("$@"); break ;;
    --days) KEEP_DAYS="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done

[[ -d "$SNAP_DIR" ]] || { echo "nothing to do: $SNAP_DIR does not exist"; exit 0; }

case "$MODE" in
  list) list_snapshots ;;
  prune) prune_old; list_snapshots ;;
  remove)
    (( ${#NAMES[@]} )) || { usage >&2; exit 2; }
    for n in "${NAMES[@]}"; do remove_one "$n"; done
    ;;
esac
