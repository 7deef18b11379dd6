#!/usr/bin/env bash
# gpu-prices.sh - cheapest interruptible offers for our training shapes.
#
# Queries the vast.ai search endpoint (read-only) for each shape listed in
# config/gpu-shapes.ini and prints the N cheapest offers.  Results are cached
# for 10 minutes in ~/.cache/gpu-prices so repeated runs while planning a job
# do not hammer the API.  Nothing is rented; this script has no write calls.
#
# usage: scripts/gpu-prices.sh [-n 10] [-s shape] [-r] [-j]
#   -n N      show N offers per shape (default 8)
#   -s SHAPE  only this shape (repeatable)
#   -r        refresh: ignore the cache
#   -j        print raw JSON instead of a table

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONFIG="$ROOT/config/gpu-shapes.ini"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/gpu-prices"
CACHE_TTL=600
API="https://console.vast.ai/api/v0/bundles/"

TOP=8
REFRESH=0
RAW=0
SHAPES=()

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
  sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while getopts ":n:s:rjh" opt; do
  case "$opt" in
    n) TOP="$OPTARG" ;;
    s) SHAPES+=("$OPTARG") ;;
    r) REFRESH=1 ;;
    j) RAW=1 ;;
    h) usage 0 ;;
    :) die "-$OPTARG needs a value" ;;
    *) usage 2 ;;
  esac
done

for tool in curl jq; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is required"
done

[[ -f "$CONFIG" ]] || die "missing $CONFIG"
[[ "$TOP" =~ ^[0-9]+$ ]] || die "-n must be a number"

# Read VAST_API_KEY from the project .env unless already exported.
if [[ -z "${VAST_API_KEY:-}" && -f "$ROOT/.env" ]]; then
  VAST_API_KEY="$(grep -E '^VAST_API_KEY=' "$ROOT/.env" | tail -n1 | cut -d= -f2- | tr -d '"')"
fi
[[ -n "${VAST_API_KEY:-}" ]] || die "VAST_API_KEY not set (add it to .env)"
log "using key ${VAST_API_KEY:0:4}… (${#VAST_API_KEY} chars)"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/gpu-prices.XXXXXX")"
cleanup() { rm -rf -- "$TMP"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$CACHE_DIR"

# --- tiny ini reader: prints "shape|key|value" lines --------------------------
ini_rows() {
  awk '
    /^[[:space:]]*[#;]/ { next }
    /^\[.*\]$/ { gsub(/[\[\]]/, ""); section=$0; next }
    /=/ {
      split($0, kv, "=")
      key=kv[1]; val=substr($0, index($0, "=") + 1)
      gsub(/^[ \t]+|[ \t]+$/, "", key); gsub(/^[ \t]+|[ \t]+$/, "", val)
      if (section != "") print section "|" key "|" val
    }' "$CONFIG"
}

declare -A GPU_NAME MIN_RAM MAX_DPH NUM_GPUS
while IFS='|' read -r shape key value; do
  case "$key" in
    gpu_name) GPU_NAME[$shape]="$value" ;;
    min_ram_gb) MIN_RAM[$shape]="$value" ;;
    max_dph) MAX_DPH[$shape]="$value" ;;
    num_gpus) NUM_GPUS[$shape]="$value" ;;
  esac
done < <(ini_rows)

if ((${#SHAPES[@]} == 0)); then
  mapfile -t SHAPES < <(printf '%s\n' "${!GPU_NAME[@]}" | sort)
fi
((${#SHAPES[@]} > 0)) || die "no shapes in $CONFIG"

# --- query building -------------------------------------------------------------
build_query() {
  local shape="$1"
  jq -cn \
    --arg gpu "${GPU_NAME[$shape]}" \
    --argjson n "${NUM_GPUS[$shape]:-1}" \
    --argjson ram "${MIN_RAM[$shape]:-0}" \
    --argjson limit "$((TOP * 3))" \
    '{
       gpu_name: {eq: $gpu},
       num_gpus: {eq: $n},
       gpu_ram: {gte: ($ram * 1000)},
       rentable: {eq: true},
       verified: {eq: true},
       type: "bid",
       order: [["dph_total", "asc"]],
       limit: $limit
     }'
}

cache_fresh() {
  local file="$1"
  [[ -f "$file" ]] || return 1
  local age=$(( $(date +%s) - $(stat -c %Y "$file") ))
  (( age < CACHE_TTL ))
}

fetch_offers() {
  local shape="$1" out="$CACHE_DIR/$1.json"
  if (( ! REFRESH )) && cache_fresh "$out"; then
    log "$shape: cached ($(basename "$out"))"
    cat "$out"
    return 0
  fi
  local query attempt=1 delay=1
  query="$(build_query "$shape")"
  while :; do
    if curl -fsS --max-time 30 \
        -H "Authorization: Bearer $VAST_API_KEY" \
        --get --data-urlencode "q=$query" \
        "$API" -o "$TMP/$shape.json"; then
      mv -f "$TMP/$shape.json" "$out"
      cat "$out"
      return 0
    fi
    (( attempt >= 4 )) && { log "$shape: giving up"; return 1; }
    log "$shape: attempt $attempt failed, retrying in ${delay}s"
    sleep "$delay"
    attempt=$((attempt + 1)); delay=$((delay * 2))
  done
}

render_table() {
  local shape="$1" max="${MAX_DPH[$1]:-999}"
  jq -r --arg shape "$shape" --argjson top "$TOP" --argjson max "$max" '
    [.offers[] | select(.dph_total <= $max)]
    | sort_by(.dph_total)[:$top][]
    | [$shape, .id, .gpu_name, .num_gpus,
       (.dph_total | tostring | .[0:6]),
       ((.reliability2 // 0) * 100 | floor | tostring) + "%",
       (.geolocation // "?")]
    | @tsv'
}

# --- main ----------------------------------------------------------------------
ALL="$TMP/all.tsv"
: > "$ALL"
status=0
for shape in "${SHAPES[@]}"; do
  [[ -n "${GPU_NAME[$shape]:-}" ]] || { log "unknown shape: $shape"; status=1; continue; }
  if ! json="$(fetch_offers "$shape")"; then
    status=1
    continue
  fi
  if (( RAW )); then
    printf '%s\n' "$json"
    continue
  fi
  printf '%s\n' "$json" | render_table "$shape" >> "$ALL"
done

if (( ! RAW )); then
  if [[ -s "$ALL" ]]; then
    {
      printf 'shape\toffer\tgpu\tn\t$/h\trel\tregion\n'
      cat "$ALL"
    } | column -t -s $'\t'
  else
    log "no offers matched"
  fi
fi

exit "$status"
