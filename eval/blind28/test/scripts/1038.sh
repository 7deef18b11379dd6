#!/usr/bin/env bash
#
# History
#   2024-02  first version for the garden survey
#   2024-04  sidecar sample rates, .err files
#   2024-05  summary.tsv with RSSI
#   2024-06  --summary and --clean
#
# Contacts
#   SDR survey group (#sdr-survey)
#
# Related tools
#   tools/sdr-lab.sh     recording
#   tools/waterfall.py   spectrum plots
#   tools/sigmf.ts       metadata
#
#
# Sidecar JSON (written by tools/sdr-lab.sh record and the pass recorder):
#   { "name": "garden_0612", "freq_hz": 433920000, "rate": 250000, "gain": 40,
#     "utc": "2024-06-12T18:03:11Z" }
# When present, "rate" overrides the 250k default for rtl_433 -s.
#
# Output files:
#   out/ism/<capture>.jsonl   one JSON object per decoded message (rtl_433 -F json)
#   out/ism/<capture>.err     rtl_433 stderr, kept for failed decodes
#   out/ism/summary.tsv       capture / model / id / count / last RSSI
#
# Decodes are skipped when the .jsonl is newer than the capture, so re-running
# after adding one recording is cheap.  Use --clean to force a full re-decode.
#
# Typical findings in the garden recordings: Acurite 5n1 weather stations,
# Oregon v2 thermometers, tyre pressure sensors of passing cars (TPMS) and
# doorbells.  TPMS ids change per car; the summary groups them anyway.
#
# Requirements: rtl_433 >= 23.11 (for -M level), jq, column (util-linux).
# Exit status: 0 all captures decoded, 1 some failed, 2 usage error.
#
# Privacy: recordings from the garden can contain neighbours' sensor ids; the
# out/ folder is gitignored and summaries are shared only inside the team.
#
# Performance: decoding a 60 s capture at 250 kS/s takes about 2 s; large
# cs16 files from the HackRF are ~4x slower.  Run with `nice` on the laptop.
#
# Troubleshooting:
#   "no captures found"       record one first (tools/sdr-lab.sh record ...)
#   empty .jsonl              wrong sample rate; check the sidecar or pass -r
#   many "unknown" models     try -R 0 in config/rtl_433.conf to enable all decoders
#
# ism-decode.sh - batch-decode ISM-band recordings with rtl_433 and summarise
# which sensors were heard.
#
#   tools/ism-decode.sh                          decode every out/captures/*.cu8
#   tools/ism-decode.sh -r 250k out/captures/garden_0612.cu8
#   tools/ism-decode.sh --summary                only re-print the summary of past runs
#   tools/ism-decode.sh --clean                  remove out/ism/ (generated)
#
# rtl_433 runs in file mode (-r), so no radio is touched; output is JSON lines
# in out/ism/<capture>.jsonl plus out/ism/summary.tsv.  Sample rate and
# frequency come from the capture's sidecar JSON when present.

set -Eeuo pipefail

proj=$(cd -- "$(dirname -- "$0")/.." && pwd -P)
captures="$proj/out/captures"
dest="$proj/out/ism"
rate=""
summary_only=0
clean=0
declare -a inputs=()

note() { printf '%s\n' "ism-decode: $*"; }
fatal() { printf '%s\n' "ism-decode: $*" >&2; exit 1; }
trap 'fatal "unexpected error on line $LINENO"' ERR

while (($#)); do
  case $1 in
    -r) rate=$2; shift 2 ;;
    --summary) summary_only=1; shift ;;
    --clean) clean=1; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) fatal "unknown option $1" ;;
    *) inputs+=("$1"); shift ;;
  esac
done

if ((clean)); then
  case $dest in
    "$proj"/out/*) rm -rf -- "$dest"; note "removed ${dest#"$proj"/}" ;;
    *) fatal "refusing to remove $dest" ;;
  esac
  exit 0
fi

command -v rtl_433 >/dev/null || fatal "rtl_433 not installed"
command -v jq >/dev/null || fatal "jq not installed"
mkdir -p "$dest"

sidecar_value() {
  local capture=$1 key=$2 meta
  meta="${capture%.*}.json"
  [[ -f $meta ]] || return 1
  jq -er --arg k "$key" '.[$k] // empty' "$meta"
}

rate_for() {
  local capture=$1 r
  if [[ -n $rate ]]; then
    printf '%s' "$rate"
  elif r=$(sidecar_value "$capture" rate 2>/dev/null); then
    printf '%s' "$r"
  else
    printf '250k'
  fi
}

decode_one() {
  local capture=$1 name out sr
  name=$(basename -- "${capture%.*}")
  out="$dest/$name.jsonl"
  sr=$(rate_for "$capture")
  if [[ -s $out && $out -nt $capture ]]; then
    note "$name: up to date"
    return 0
  fi
  note "$name: decoding at $sr"
  rtl_433 -q -M time:unix -M level -s "$sr" -r "$capture" -F "json:$out.tmp" 2>"$dest/$name.err" || {
    note "$name: rtl_433 failed (see ${dest#"$proj"/}/$name.err)"
    rm -f -- "$out.tmp"
    return 1
  }
  mv -f -- "$out.tmp" "$out"
  note "$name: $(wc -l <"$out") message(s)"
}

summarise() {
  local f
  {
    printf 'capture\tmodel\tid\tcount\tlast_rssi\n'
    for f in "$dest"/*.jsonl; do
      [[ -e $f ]] || continue
      jq -r --arg cap "$(basename "$f" .jsonl)" '
        [$cap, (.model // "?"), ((.id // .channel // "-") | tostring), (.rssi // "")] | @tsv' "$f" \
        | sort | awk -F'\t' '
            { key = $1 FS $2 FS $3; n[key]++; rssi[key] = $4 }
            END { for (k in n) print k "\t" n[k] "\t" rssi[k] }'
    done | sort -t$'\t' -k4,4nr
  } >"$dest/summary.tsv"
  column -t -s$'\t' "$dest/summary.tsv" | head -n 40
  note "$(($(wc -l <"$dest/summary.tsv") - 1)) sensor(s) heard; full table in ${dest#"$proj"/}/summary.tsv"
}

models_seen() {
  # distinct sensor models across all decodes, most frequent first
  local f
  for f in "$dest"/*.jsonl; do
    [[ -e $f ]] && jq -r '.model // "unknown"' "$f"
  done | sort | uniq -c | sort -rn | head -n 15
}

main() {
  if ((summary_only)); then
    models_seen
    summarise
    return
  fi
  if ((${#inputs[@]} == 0)); then
    local f
    for f in "$captures"/*.cu8 "$captures"/*.cs16; do
      [[ -e $f ]] && inputs+=("$f")
    done
  fi
  ((${#inputs[@]})) || fatal "no captures found in ${captures#"$proj"/}"
  local c failed=0
  for c in "${inputs[@]}"; do
    [[ -f $c ]] || { note "missing $c"; failed=$((failed + 1)); continue; }
    decode_one "$c" || failed=$((failed + 1))
  done
  summarise
  ((failed == 0)) || fatal "$failed capture(s) failed"
}

main
