#!/usr/bin/env bash
# batch-predict.sh - run the prompt set in eval/prompts.tsv through our model on
# Replicate and collect outputs, with a concurrency limit and retries.
#
#   scripts/batch-predict.sh                       # all prompts, model from replicate.env
#   scripts/batch-predict.sh -n 3 -j 2             # first 3 prompts, 2 in parallel
#
# replicate.env (committed) names MODEL_VERSION; REPLICATE_API_TOKEN comes from
# .env and is only sent to api.replicate.com in the Authorization header.
# Output files are downloaded from replicate.delivery into out/predictions/.

set -uo pipefail

cd "$(dirname "$0")/.."
ROOT="$PWD"
API="https://api.replicate.com/v1"
PROMPTS="eval/prompts.tsv"
OUT="out/predictions"
LIMIT=0
JOBS=3
POLL_SECONDS=3
MAX_WAIT=900

note() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }
bail() { note "error: $*"; exit 1; }

help() {
  cat <<'EOF'
batch-predict.sh - run eval prompts through the Replicate model version

Options
  -n N    only the first N prompts of eval/prompts.tsv (0 = all)
  -j N    number of predictions in flight at once (default 3)
  -h      this help

Files
  replicate.env          MODEL_VERSION=<64 hex chars>, committed
  .env                   REPLICATE_API_TOKEN=..., not committed
  eval/prompts.tsv       id<TAB>prompt, with a header line
  out/predictions/       downloaded images and results.tsv
  out/predictions/rerun.ids   ids that did not succeed, for a targeted rerun
  out/batch-history.tsv  one line per batch: time, version, total, ok, seconds

Exit status is 0 only when every prompt succeeded.

Notes
  * Predictions that run longer than 15 minutes are cancelled.
  * Outputs are only downloaded from replicate.delivery URLs.
  * The token is passed in the Authorization header, never on the command
    line of a child process, and is shown as a 3 character prefix.
EOF
}

while getopts ":n:j:h" opt; do
  case "$opt" in
    n) LIMIT="$OPTARG" ;;
    j) JOBS="$OPTARG" ;;
    h) help; exit 0 ;;
    *) bail "bad option -$OPTARG" ;;
  esac
done

for t in curl jq; do command -v "$t" >/dev/null || bail "$t required"; done
[[ -f replicate.env ]] || bail "replicate.env missing"
[[ -f "$PROMPTS" ]] || bail "$PROMPTS missing"

MODEL_VERSION="$(awk -F= '$1 == "MODEL_VERSION" {print $2}' replicate.env)"
[[ "$MODEL_VERSION" =~ ^[0-9a-f]{64}$ ]] || bail "MODEL_VERSION in replicate.env must be a 64-hex version id"
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || bail "-j must be a positive number"
(( JOBS <= 8 )) || bail "-j above 8 hits the account's rate limit; use 8 or less"
[[ "$LIMIT" =~ ^[0-9]+$ ]] || bail "-n must be a number"

# Refuse prompt files with duplicate ids: results.tsv is keyed by id.
dups="$(tail -n +2 "$PROMPTS" | cut -f1 | sort | uniq -d | head -n 5)"
[[ -z "$dups" ]] || bail "duplicate prompt ids in $PROMPTS: $(tr '\n' ' ' <<<"$dups")"

if [[ -z "${REPLICATE_API_TOKEN:-}" ]]; then
  REPLICATE_API_TOKEN="$(sed -n 's/^REPLICATE_API_TOKEN=//p' .env 2>/dev/null | head -n1)"
fi
[[ -n "$REPLICATE_API_TOKEN" ]] || bail "REPLICATE_API_TOKEN missing"
export REPLICATE_API_TOKEN
note "version ${MODEL_VERSION:0:12}…, token ${REPLICATE_API_TOKEN:0:3}*** (${#REPLICATE_API_TOKEN})"

WORK="$(mktemp -d -t batch-predict.XXXXXX)"
cleanup() { rm -rf -- "$WORK"; }
trap cleanup EXIT
trap 'note interrupted; exit 130' INT TERM
mkdir -p "$OUT"

api() {
  # api METHOD PATH [JSON] -> body on stdout, retries on 429/5xx
  local method="$1" path="$2" data="${3:-}" attempt=1 code body
  while (( attempt <= 5 )); do
    body="$WORK/resp.$$.$RANDOM"
    code="$(curl -sS -o "$body" -w '%{http_code}' -X "$method" \
      -H "Authorization: Bearer $REPLICATE_API_TOKEN" \
      -H 'Content-Type: application/json' \
      ${data:+--data "$data"} "$API$path")" || code=000
    if [[ "$code" =~ ^2 ]]; then
      cat "$body"; rm -f "$body"; return 0
    fi
    if [[ "$code" == 429 || "$code" =~ ^5 || "$code" == 000 ]]; then
      sleep $(( attempt * 2 )); attempt=$(( attempt + 1 )); rm -f "$body"; continue
    fi
    note "$method $path -> $code: $(head -c 300 "$body")"
    rm -f "$body"
    return 1
  done
  return 1
}

fetch_output() {
  local url="$1" dest="$2"
  case "$url" in
    https://replicate.delivery/*) ;;
    *) note "unexpected output URL host, not downloading: ${url%%/*}"; return 1 ;;
  esac
  curl -fsSL --retry 3 -o "$dest" "$url"
}

run_one() {
  local id="$1" prompt="$2" input pred pid status waited=0 urls i=0
  input="$(jq -cn --arg p "$prompt" --arg v "$MODEL_VERSION" '{version: $v, input: {prompt: $p, num_outputs: 1}}')"
  pred="$(api POST /predictions "$input")" || { echo "$id	error	create-failed"; return; }
  pid="$(jq -r .id <<<"$pred")"
  status="$(jq -r .status <<<"$pred")"
  while [[ "$status" == starting || "$status" == processing ]]; do
    (( waited >= MAX_WAIT )) && { api POST "/predictions/$pid/cancel" >/dev/null; status=timeout; break; }
    sleep "$POLL_SECONDS"; waited=$(( waited + POLL_SECONDS ))
    pred="$(api GET "/predictions/$pid")" || break
    status="$(jq -r .status <<<"$pred")"
  done
  if [[ "$status" == succeeded ]]; then
    mapfile -t urls < <(jq -r '.output | if type == "array" then .[] else . end' <<<"$pred")
    for u in "${urls[@]}"; do
      fetch_output "$u" "$OUT/$id-$i.${u##*.}" && i=$(( i + 1 ))
    done
  fi
  printf '%s\t%s\t%s\t%s\n' "$id" "$status" "$pid" "$(jq -r '.metrics.predict_time // ""' <<<"$pred")"
}
export -f run_one api fetch_output note
export API MODEL_VERSION OUT WORK POLL_SECONDS MAX_WAIT

lines="$WORK/prompts"
if (( LIMIT > 0 )); then
  tail -n +2 "$PROMPTS" | head -n "$LIMIT" > "$lines"
else
  tail -n +2 "$PROMPTS" > "$lines"
fi
total="$(wc -l < "$lines")"
note "running $total prompt(s), $JOBS at a time"

results="$OUT/results.tsv"
printf 'id\tstatus\tprediction\tseconds\n' > "$results"
# xargs gives us a simple concurrency limit; each line is "id<TAB>prompt"
tr '\t' '\037' < "$lines" \
  | xargs -d '\n' -P "$JOBS" -I{} bash -c 'IFS=$'"'"'\037'"'"' read -r id prompt <<<"$1"; run_one "$id" "$prompt"' _ {} \
  >> "$results"

ok="$(awk -F'\t' 'NR > 1 && $2 == "succeeded"' "$results" | wc -l)"
secs="$(awk -F'\t' 'NR > 1 {s += $4} END {printf "%.1f", s}' "$results")"
note "$ok/$total succeeded, ${secs}s predict time; results in $results"

# Summarise failures by status so reruns can be targeted.
if (( ok < total )); then
  note "not succeeded:"
  awk -F'\t' 'NR > 1 && $2 != "succeeded" {c[$2]++} END {for (s in c) printf "  %-10s %d\n", s, c[s]}' "$results" >&2
  awk -F'\t' 'NR > 1 && $2 != "succeeded" {print $1}' "$results" > "$OUT/rerun.ids"
  note "ids to rerun listed in $OUT/rerun.ids"
fi

# Slowest prompts, to spot inputs that hit the model's worst case.
note "slowest predictions:"
awk -F'\t' 'NR > 1 && $4 != "" {print $4 "\t" $1}' "$results" | sort -rn | head -n 5 \
  | while IFS=$'\t' read -r s id; do note "  $id ${s}s"; done

# Keep a compact history line per batch for the weekly report.
mkdir -p out
printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "${MODEL_VERSION:0:12}" "$total" "$ok" "$secs" >> out/batch-history.tsv
(( ok == total ))
