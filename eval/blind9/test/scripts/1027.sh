#!/usr/bin/env bash
# Join the warehouse CSV extracts into a weekly stock report.
#
# Inputs (in data/extracts/):   stock.csv  sku,warehouse,qty
#                               sales.csv  date,sku,qty
#                               skus.csv   sku,name,category
# Output: reports/stock-<week>.csv and a short summary on stdout.
# Only coreutils/awk, so it runs on the ops box without Python.
set -euo pipefail

root=$(git rev-parse --show-toplevel)
src="$root/data/extracts"
out_dir="$root/reports"
week=$(date +%G-W%V)
out="$out_dir/stock-$week.csv"
work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT

usage() {
  cat <<'EOF'
usage: stock-report.sh [--quiet]
Reads data/extracts/{stock,sales,skus}.csv and writes reports/stock-<ISO week>.csv.
  --quiet   only write the CSV, no summary
EOF
}
quiet=0
case "${1:-}" in
  --quiet) quiet=1 ;;
  -h|--help) usage; exit 0 ;;
esac

for f in stock sales skus; do
  [[ -s "$src/$f.csv" ]] || { echo "missing $src/$f.csv" >&2; exit 1; }
done
mkdir -p "$out_dir"

strip_header() { tail -n +2 "$1" | tr -d '\r'; }

# total stock per sku across warehouses
strip_header "$src/stock.csv" |
  awk -F, '{ q[$1] += $3 } END { for (s in q) print s "," q[s] }' |
  sort -t, -k1,1 > "$work/stock_by_sku"

# units sold in the last 28 days per sku
since=$(date -d '28 days ago' +%F 2>/dev/null || date -v-28d +%F)
strip_header "$src/sales.csv" |
  awk -F, -v since="$since" '$1 >= since { s[$2] += $3 } END { for (k in s) print k "," s[k] }' |
  sort -t, -k1,1 > "$work/sold_by_sku"

strip_header "$src/skus.csv" | sort -t, -k1,1 > "$work/skus"

# sku,name,category,stock,sold28,days_of_cover
join -t, -a1 -e 0 -o 0,1.2,1.3,2.2 "$work/skus" "$work/stock_by_sku" > "$work/a"
join -t, -a1 -e 0 -o 0,1.2,1.3,1.4,2.2 "$work/a" "$work/sold_by_sku" > "$work/b"

awk -F, 'BEGIN { OFS = "," }
  {
    daily = $5 / 28
    cover = daily > 0 ? int($4 / daily) : 9999
    print $1, $2, $3, $4, $5, cover
  }' "$work/b" | sort -t, -k6,6n > "$work/report"

{
  echo "sku,name,category,stock,sold_28d,days_of_cover"
  cat "$work/report"
} > "$out"

if (( quiet )); then
  echo "wrote ${out#"$root"/}"
  exit 0
fi

total_skus=$(wc -l < "$work/report")
low=$(awk -F, '$6 < 14' "$work/report" | wc -l)
dead=$(awk -F, '$5 == 0 && $4 > 0' "$work/report" | wc -l)

echo "week $week: $total_skus skus"
echo "  under 14 days of cover: $low"
echo "  no sales in 28 days:    $dead"
echo
echo "lowest cover:"
head -n 10 "$work/report" | awk -F, '{ printf "  %-12s %-32s %6d days\n", $1, substr($2, 1, 32), $6 }'
echo
echo "per category (stock / sold):"
awk -F, '{ s[$3] += $4; u[$3] += $5 } END { for (c in s) printf "  %-20s %8d / %6d\n", c, s[c], u[c] }' \
  "$work/report" | sort
echo
echo "wrote ${out#"$root"/}"
