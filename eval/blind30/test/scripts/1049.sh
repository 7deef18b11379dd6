#!/usr/bin/env bash
# ocr_benchmark_submit.sh - share OCR throughput numbers with the community benchmark
#
# Reads build/ocr/report.csv (file, pages, seconds) and posts aggregate pages-per-minute
# with the CPU model to the benchmark collector run by a user group. No document names
# or contents are sent.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
REPORT="$ROOT/build/ocr/report.csv"
COLLECTOR=https://ocr-bench.example.org/api/submit

[[ -f $REPORT ]] || { echo "no report yet" >&2; exit 1; }

pages=$(awk -F, 'NR > 1 {s += $3} END {print s + 0}' "$REPORT")
seconds=$(awk -F, 'NR > 1 {s += $5} END {print s + 0}' "$REPORT")
ppm=$(awk -v p="$pages" -v s="$seconds" 'BEGIN {printf "%.2f", (s > 0 ? p / s * 60 : 0)}')
cpu=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || sysctl -n machdep.cpu.brand_string)

payload=$(jq -n --arg cpu "$cpu" --argjson cores "$(nproc)" --argjson ppm "$ppm" \
  --arg tesseract "$(tesseract --version 2>&1 | head -n1)" \
  '{cpu: $cpu, cores: $cores, pages_per_minute: $ppm, tesseract: $tesseract}')
curl -fsS -H 'Content-Type: application/json' -d "$payload" "$COLLECTOR"
echo "submitted: $ppm pages/min on $cpu"
