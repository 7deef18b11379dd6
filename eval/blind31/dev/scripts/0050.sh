#!/usr/bin/env bash
# report-build-times.sh — share tile build timings with the tippecanoe tuning dashboard.
set -euo pipefail

BUILD="build/tiles"
ENDPOINT="https://tile-bench.example.org/api/runs"

[[ -d "${BUILD}" ]] || { echo "no ${BUILD}; build tiles first" >&2; exit 1; }

payload="$(
  for log in "${BUILD}"/*.log; do
    layer="$(basename "${log}" .log)"
    secs="$(awk '/elapsed/ {print $2}' "${log}" | tail -n 1)"
    size="$(stat -c %s "${BUILD}/${layer}.mbtiles" 2>/dev/null || echo 0)"
    jq -n --arg l "${layer}" --arg s "${secs:-0}" --arg b "${size}" \
      '{layer: $l, seconds: ($s | tonumber), bytes: ($b | tonumber)}'
  done | jq -s --arg cpu "$(nproc)" --arg tv "$(tippecanoe --version 2>&1 | head -n1)" \
    '{cpus: ($cpu | tonumber), tippecanoe: $tv, layers: .}'
)"

echo "${payload}" | jq .
curl -sS -X POST -H 'Content-Type: application/json' --data "${payload}" "${ENDPOINT}"
echo
