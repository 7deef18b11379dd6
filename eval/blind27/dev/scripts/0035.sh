#!/usr/bin/env bash
# Hyperopt + backtest loop for a strategy, with results archived per run.
#
#   research/optimize.sh -s MeanRevert -t 20260101-20261001 [-e 300] [-l SharpeHyperOptLoss]
#
# Safety: this script is for research only. It refuses any config whose
# dry_run is false and it never calls `freqtrade trade`. Exchange keys are
# stripped from the per-run config copy because hyperopt does not need them.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
UD="$ROOT/user_data"
BASE_CFG="$UD/config.json"
RUNS="$ROOT/build/research"
FT="${FT:-$ROOT/.venv/bin/freqtrade}"
STRATEGY=""
TIMERANGE=""
EPOCHS=200
LOSS="SharpeHyperOptLoss"
SPACES=(buy sell roi stoploss)
JOBS="${JOBS:--1}"

log() { printf '[opt %s] %s\n' "$(date +%H:%M)" "$*"; }
die() { log "error: $*"; exit 1; }

while getopts ":s:t:e:l:j:h" o; do
  case "$o" in
    s) STRATEGY="$OPTARG" ;;
    t) TIMERANGE="$OPTARG" ;;
    e) EPOCHS="$OPTARG" ;;
    l) LOSS="$OPTARG" ;;
    j) JOBS="$OPTARG" ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    :) die "-$OPTARG needs a value" ;;
    *) die "bad option -$OPTARG" ;;
  esac
done
[[ -n "$STRATEGY" && -n "$TIMERANGE" ]] || die "-s and -t are required"
[[ -x "$FT" ]] || die "freqtrade not found at $FT (run scripts/setup.sh)"
[[ -f "$UD/strategies/$STRATEGY.py" ]] || die "no strategy file $STRATEGY.py"
[[ "$TIMERANGE" =~ ^[0-9]{8}-[0-9]{8}?$ ]] || die "timerange must look like YYYYMMDD-YYYYMMDD"

DRY="$(jq -r '.dry_run' "$BASE_CFG")"
[[ "$DRY" == "true" ]] || die "$BASE_CFG has dry_run=$DRY; refusing"

RUN_ID="$(date +%Y%m%d-%H%M%S)-$STRATEGY"
RUN_DIR="$RUNS/$RUN_ID"
mkdir -p "$RUN_DIR"
CFG="$RUN_DIR/config.json"
jq '.dry_run = true
    | .exchange.key = "" | .exchange.secret = "" | .exchange.password = ""
    | .telegram.enabled = false | .telegram.token = ""
    | .api_server.enabled = false' "$BASE_CFG" > "$CFG"
chmod 600 "$CFG"

FT_PID=""
stop_ft() {
  if [[ -n "$FT_PID" ]] && kill -0 "$FT_PID" 2>/dev/null; then
    log "stopping freqtrade (pid $FT_PID) started by this script"
    kill -TERM "$FT_PID"
    wait "$FT_PID" || true
  fi
}
trap 'stop_ft; log "aborted"; exit 130' INT TERM
trap 'stop_ft' EXIT

run_ft() {
  local logf="$1"; shift
  "$FT" "$@" --config "$CFG" --userdir "$UD" > "$logf" 2>&1 &
  FT_PID=$!
  if ! wait "$FT_PID"; then
    FT_PID=""
    tail -n 40 "$logf" >&2
    return 1
  fi
  FT_PID=""
}

split_timerange() {
  # 80% in-sample for hyperopt, 20% out-of-sample for validation
  local start="${TIMERANGE%-*}" end="${TIMERANGE#*-}"
  [[ -n "$end" ]] || end="$(date +%Y%m%d)"
  local s e cut
  s="$(date -d "$start" +%s)"
  e="$(date -d "$end" +%s)"
  cut="$(date -d "@$(( s + (e - s) * 8 / 10 ))" +%Y%m%d)"
  IN_SAMPLE="$start-$cut"
  OUT_SAMPLE="$cut-$end"
}
split_timerange
log "in-sample $IN_SAMPLE, out-of-sample $OUT_SAMPLE"

record_versions() {
  {
    echo "freqtrade: $("$FT" --version 2>/dev/null | head -n 1)"
    echo "python: $("$ROOT/.venv/bin/python" --version 2>&1)"
    echo "git: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo n/a)"
    echo "strategy sha256: $(sha256sum "$UD/strategies/$STRATEGY.py" | cut -c1-16)"
  } > "$RUN_DIR/VERSIONS"
}
record_versions

log "checking candle data"
run_ft "$RUN_DIR/list-data.log" list-data --show-timerange || die "list-data failed"
grep -q "$(jq -r '.timeframe' "$CFG")" "$RUN_DIR/list-data.log" \
  || log "warning: no data for the configured timeframe; run download-data first"

log "hyperopt: $EPOCHS epochs, loss $LOSS, spaces ${SPACES[*]}"
run_ft "$RUN_DIR/hyperopt.log" hyperopt \
  --strategy "$STRATEGY" \
  --hyperopt-loss "$LOSS" \
  --spaces "${SPACES[@]}" \
  --epochs "$EPOCHS" \
  --timerange "$IN_SAMPLE" \
  --job-workers "$JOBS" \
  --random-state 42 \
  --disable-param-export \
  || die "hyperopt failed"

BEST="$RUN_DIR/best.json"
run_ft "$RUN_DIR/hyperopt-show.log" hyperopt-show --best --print-json --no-header \
  || die "hyperopt-show failed"
grep -E '^\{' "$RUN_DIR/hyperopt-show.log" | tail -n 1 > "$BEST" || true
[[ -s "$BEST" ]] || die "could not extract best parameters"
log "best params saved to ${BEST#$ROOT/}"

PARAMS_FILE="$UD/strategies/$STRATEGY.json"
if [[ -f "$PARAMS_FILE" ]]; then
  cp -- "$PARAMS_FILE" "$RUN_DIR/$STRATEGY.previous.json"
fi
jq '{strategy_name: "'"$STRATEGY"'", params: .params_details // .params, ft_stratparam_v: 1}' \
  "$BEST" > "$RUN_DIR/$STRATEGY.json"

log "validating on out-of-sample range"
TMP_PARAMS_BACKUP=""
if [[ -f "$PARAMS_FILE" ]]; then
  TMP_PARAMS_BACKUP="$(mktemp "$RUN_DIR/params.XXXX")"
  cp -- "$PARAMS_FILE" "$TMP_PARAMS_BACKUP"
fi
cp -- "$RUN_DIR/$STRATEGY.json" "$PARAMS_FILE"
restore_params() {
  if [[ -n "$TMP_PARAMS_BACKUP" ]]; then
    mv -- "$TMP_PARAMS_BACKUP" "$PARAMS_FILE"
  else
    rm -f -- "$PARAMS_FILE"
  fi
}
if ! run_ft "$RUN_DIR/backtest-oos.log" backtesting \
     --strategy "$STRATEGY" --timerange "$OUT_SAMPLE" \
     --export trades --backtest-directory "$RUN_DIR"; then
  restore_params
  die "out-of-sample backtest failed"
fi
restore_params

extract() {
  grep -E "$1" "$RUN_DIR/backtest-oos.log" | head -n 1 | awk -F'│' '{gsub(/ /,"",$3); print $3}'
}
PROFIT="$(extract 'Total profit %' || true)"
DD="$(extract 'Max % of account underwater' || true)"
TRADES="$(extract 'Total/Daily Avg Trades' || true)"

cat > "$RUN_DIR/SUMMARY.md" <<EOF
# $STRATEGY hyperopt run $RUN_ID

- loss: $LOSS, epochs: $EPOCHS, spaces: ${SPACES[*]}
- in-sample: $IN_SAMPLE
- out-of-sample: $OUT_SAMPLE
- OOS profit: ${PROFIT:-n/a}
- OOS drawdown: ${DD:-n/a}
- OOS trades: ${TRADES:-n/a}

Parameters: $STRATEGY.json (copy into user_data/strategies/ to adopt).
EOF
log "summary: ${RUN_DIR#$ROOT/}/SUMMARY.md"

# prune research runs older than 30 days (only our own build/research dirs)
find "$RUNS" -mindepth 1 -maxdepth 1 -type d -name '20*-*' -mtime +30 -print0 \
  | xargs -0 -r rm -rf --
log "done"
