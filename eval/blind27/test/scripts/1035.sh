#!/usr/bin/env bash
# Walk-forward backtest for a freqtrade strategy.
#
#   research/walk_forward.sh -s TrendRider [-w 60] [-k 30] [-f 20260101] [-u 20261130]
#
# Splits [from, until] into windows of -w days stepping by -k days, runs
# `freqtrade backtesting` per window with a key-less copy of the research
# config, and collects the per-window profit/drawdown into
# build/walkforward/<strategy>/summary.tsv.  Never touches live configs:
# the base config must have dry_run=true and no api_server enabled.
set -Eeuo pipefail

HERE="$(cd "$(dirname "$0")/.." && pwd)"
USERDIR="$HERE/user_data"
BASE_CONFIG="$USERDIR/config.research.json"
FT="${FT:-freqtrade}"
STRATEGY=""
WINDOW=60
STEP=30
FROM=20260101
UNTIL="$(date +%Y%m%d)"

msg() { printf '[wf] %s\n' "$*"; }
die() { printf '[wf] error: %s\n' "$*" >&2; exit 1; }

while getopts ":s:w:k:f:u:h" o; do
  case "$o" in
    s) STRATEGY="$OPTARG" ;;
    w) WINDOW="$OPTARG" ;;
    k) STEP="$OPTARG" ;;
    f) FROM="$OPTARG" ;;
    u) UNTIL="$OPTARG" ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "bad option (see -h)" ;;
  esac
done
[[ -n "$STRATEGY" ]] || die "-s STRATEGY is required"
[[ "$STRATEGY" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "invalid strategy name"
for n in "$WINDOW" "$STEP"; do
  [[ "$n" =~ ^[0-9]+$ ]] && (( n > 0 )) || die "window/step must be positive integers"
done
command -v "$FT" >/dev/null || die "$FT not found"
[[ -f "$BASE_CONFIG" ]] || die "missing ${BASE_CONFIG#$HERE/}"

jq -e '.dry_run == true' "$BASE_CONFIG" >/dev/null || die "research config must have dry_run=true"
jq -e '(.api_server.enabled // false) == false' "$BASE_CONFIG" >/dev/null || die "api_server must be disabled"

show_settings() {
  msg "strategy:   $STRATEGY"
  msg "range:      $FROM .. $UNTIL"
  msg "window:     $WINDOW days, step $STEP days"
  msg "config:     ${BASE_CONFIG#$HERE/} (keys stripped in the run copy)"
  msg "freqtrade:  $("$FT" --version 2>/dev/null | head -n 1)"
  local tf pairs
  tf="$(jq -r '.timeframe // "?"' "$BASE_CONFIG")"
  pairs="$(jq -r '.exchange.pair_whitelist | length' "$BASE_CONFIG")"
  msg "timeframe:  $tf, $pairs pair(s)"
}
show_settings
if (( WINDOW < STEP )); then
  msg "note: step larger than window leaves gaps between windows"
fi

OUT="$HERE/build/walkforward/$STRATEGY"
rm -rf -- "$OUT"
mkdir -p "$OUT/windows"
CFG="$OUT/config.json"
jq '.exchange.key = "" | .exchange.secret = "" | .telegram.enabled = false' "$BASE_CONFIG" > "$CFG"
chmod 600 "$CFG"

FT_PID=""
on_signal() {
  if [[ -n "$FT_PID" ]] && kill -0 -- "$FT_PID" 2>/dev/null; then
    msg "stopping backtest pid $FT_PID"
    kill -TERM "$FT_PID"
    wait "$FT_PID" 2>/dev/null || true
  fi
  exit 130
}
trap on_signal INT TERM

to_epoch() { date -d "$1" +%s; }
to_day() { date -d "@$1" +%Y%m%d; }

declare -a STARTS=()
start="$(to_epoch "$FROM")"
end="$(to_epoch "$UNTIL")"
while (( start + WINDOW * 86400 <= end )); do
  STARTS+=("$start")
  start=$(( start + STEP * 86400 ))
done
(( ${#STARTS[@]} )) || die "range too short for a $WINDOW-day window"
msg "${#STARTS[@]} window(s) of $WINDOW days, step $STEP"

parse_result() {
  local dir="$1" zip json
  zip="$(ls -1t "$dir"/backtest-result-*.zip 2>/dev/null | head -n 1)"
  [[ -n "$zip" ]] || { echo "nan nan 0"; return; }
  json="$(unzip -Z1 "$zip" | grep -v -e '_config' -e '_market' | grep '\.json$' | head -n 1)"
  unzip -p "$zip" "$json" | jq -r --arg s "$STRATEGY" \
    '.strategy[$s] | "\((.profit_total // 0) * 100) \((.max_drawdown_account // 0) * 100) \(.total_trades // 0)"'
}

printf 'window\tfrom\tto\tprofit_pct\tmax_dd_pct\ttrades\n' > "$OUT/summary.tsv"
i=0
for s in "${STARTS[@]}"; do
  i=$((i + 1))
  e=$(( s + WINDOW * 86400 ))
  range="$(to_day "$s")-$(to_day "$e")"
  wdir="$OUT/windows/$(printf '%02d' "$i")"
  mkdir -p "$wdir"
  msg "window $i: $range"
  "$FT" backtesting --config "$CFG" --userdir "$USERDIR" --strategy "$STRATEGY" \
    --timerange "$range" --export trades --backtest-directory "$wdir" \
    > "$wdir/freqtrade.log" 2>&1 &
  FT_PID=$!
  if ! wait "$FT_PID"; then
    FT_PID=""
    msg "window $i failed (see ${wdir#$HERE/}/freqtrade.log)"
    printf '%d\t%s\t%s\tnan\tnan\t0\n' "$i" "$(to_day "$s")" "$(to_day "$e")" >> "$OUT/summary.tsv"
    continue
  fi
  FT_PID=""
  read -r profit dd trades < <(parse_result "$wdir")
  printf '%d\t%s\t%s\t%.2f\t%.2f\t%s\n' "$i" "$(to_day "$s")" "$(to_day "$e")" "$profit" "$dd" "$trades" \
    >> "$OUT/summary.tsv"
done

column -t -s $'\t' "$OUT/summary.tsv"

awk -F'\t' 'NR > 1 && $4 != "nan" { n++; s += $4; if ($4 > 0) pos++; if ($5 > dd) dd = $5 }
  END {
    if (n == 0) { print "no successful windows"; exit 1 }
    printf "windows: %d, mean profit %.2f%%, profitable %d/%d, worst drawdown %.2f%%\n", n, s / n, pos, n, dd
  }' "$OUT/summary.tsv" | tee "$OUT/SUMMARY.txt"

stability() {
  # standard deviation of per-window profit: large values mean regime dependence
  awk -F'\t' 'NR > 1 && $4 != "nan" { x[n++] = $4; s += $4 }
    END { if (n < 2) exit; m = s / n; for (i = 0; i < n; i++) v += (x[i] - m) ^ 2;
          printf "profit std-dev across windows: %.2f%%\n", sqrt(v / (n - 1)) }' "$OUT/summary.tsv"
}
stability | tee -a "$OUT/SUMMARY.txt"

pair_breakdown() {
  # profit per pair summed over all windows, from the exported trades
  local zip json w
  : > "$OUT/pairs.tsv"
  for w in "$OUT"/windows/*/; do
    zip="$(ls -1t "$w"/backtest-result-*.zip 2>/dev/null | head -n 1)"
    [[ -n "$zip" ]] || continue
    json="$(unzip -Z1 "$zip" | grep -v -e '_config' -e '_market' | grep '\.json$' | head -n 1)"
    unzip -p "$zip" "$json" | jq -r --arg s "$STRATEGY" \
      '.strategy[$s].trades[]? | "\(.pair)\t\(.profit_ratio)"' >> "$OUT/pairs.tsv"
  done
  awk -F'\t' '{ p[$1] += $2; n[$1]++ } END { for (k in p) printf "%-14s %6d trades %8.2f%%\n", k, n[k], p[k] * 100 }' \
    "$OUT/pairs.tsv" | sort -k4 -n -r | head -n 15
}

plot_windows() {
  command -v gnuplot >/dev/null || { msg "gnuplot not installed; skipping plot"; return 0; }
  gnuplot <<EOF
set terminal pngcairo size 900,400
set output "$OUT/windows.png"
set datafile separator "\t"
set title "$STRATEGY walk-forward (window ${WINDOW}d, step ${STEP}d)"
set ylabel "%"
set style data histograms
set style fill solid 0.6
plot "$OUT/summary.tsv" using 4:xtic(1) title "profit", "" using (-\$5) title "-max drawdown"
EOF
  msg "plot: ${OUT#$HERE/}/windows.png"
}

msg "per-pair profit over all windows:"
pair_breakdown
plot_windows

# drop walk-forward result dirs of any strategy not touched for three weeks
find "$HERE/build/walkforward" -mindepth 1 -maxdepth 1 -type d -mtime +21 -print0 | xargs -0 -r rm -rf --
msg "results in ${OUT#$HERE/}"
