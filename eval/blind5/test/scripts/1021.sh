#!/usr/bin/env bash
# Convert the NDJSON event export into per-day CSV files for the analysts.
#   scripts/events-to-csv.sh data/export/events-*.ndjson
set -euo pipefail

OUT_DIR="${OUT_DIR:-data/csv}"
COLUMNS='["ts","user_id","event","plan","amount_cents"]'

die() { echo "events-to-csv: $*" >&2; exit 1; }

command -v jq >/dev/null || die "jq is required"
[[ $# -gt 0 ]] || die "usage: $0 FILE.ndjson..."

mkdir -p "$OUT_DIR"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

split_by_day() {
  local file="$1"
  jq -r --argjson cols "$COLUMNS" '
    select(.ts and .event)
    | [(.ts[0:10])] + [ $cols[] as $c | (.[$c] // "") | tostring ]
    | @tsv' "$file" |
  while IFS=$'\t' read -r day rest; do
    printf '%s\n' "$rest" >> "$WORK/$day.tsv"
  done
}

to_csv() {
  local tsv="$1" day out
  day="$(basename "$tsv" .tsv)"
  out="$OUT_DIR/events-$day.csv"
  {
    jq -r '@csv' <<<"$COLUMNS"
    sort -u "$tsv" | awk -F'\t' 'BEGIN { OFS = "," } {
      for (i = 1; i <= NF; i++) {
        gsub(/"/, "\"\"", $i)
        if ($i ~ /[,"]/) $i = "\"" $i "\""
      }
      print
    }'
  } > "$out"
  echo "$out: $(($(wc -l < "$out") - 1)) rows"
}

main() {
  local f
  for f in "$@"; do
    [[ -f "$f" ]] || die "no such file: $f"
    split_by_day "$f"
  done
  for f in "$WORK"/*.tsv; do
    [[ -e "$f" ]] || continue
    to_csv "$f"
  done
}

main "$@"
