#!/usr/bin/env bash
# cost-snapshot.sh - monthly, read-only cost snapshot for the side projects
# we run on Hetzner Cloud and Linode, plus the infracost estimate for the
# Terraform in infra/. Writes reports/costs/<yyyy-mm>.md and .csv.
#
# Tokens: HCLOUD_TOKEN and LINODE_CLI_TOKEN from the environment or .env.
# They are sent only to api.hetzner.cloud and api.linode.com in the
# Authorization header. Nothing is created or deleted.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT_DIR="$ROOT/reports/costs"
MONTH="$(date +%Y-%m)"
CSV="$OUT_DIR/$MONTH.csv"
MD="$OUT_DIR/$MONTH.md"
HCLOUD_API="https://api.hetzner.cloud/v1"
LINODE_API="https://api.linode.com/v4"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

log() { echo ">> $*" >&2; }
die() { echo "cost-snapshot: $*" >&2; exit 1; }

dotenv_get() {
  local key="$1"
  [[ -f "$ROOT/.env" ]] || return 0
  sed -n "s/^${key}=//p" "$ROOT/.env" | tail -n 1 | tr -d '"'"'"
}

HCLOUD_TOKEN="${HCLOUD_TOKEN:-$(dotenv_get HCLOUD_TOKEN)}"
LINODE_CLI_TOKEN="${LINODE_CLI_TOKEN:-$(dotenv_get LINODE_CLI_TOKEN)}"

api_get() {
  # api_get <url> <token> <outfile> ; retries on 429/5xx with backoff
  local url="$1" token="$2" out="$3" code delay=2 attempt
  for attempt in 1 2 3 4; do
    code="$(curl -sS -o "$out" -w '%{http_code}' \
      -H "Authorization: Bearer $token" -H 'Accept: application/json' "$url")" || code=000
    case "$code" in
      200) return 0 ;;
      429|5??|000) log "GET ${url%%\?*} -> $code, retry $attempt in ${delay}s"; sleep "$delay"; delay=$((delay * 2)) ;;
      *) die "GET ${url%%\?*} failed with HTTP $code" ;;
    esac
  done
  die "GET ${url%%\?*} kept failing"
}

hetzner_rows() {
  [[ -n "$HCLOUD_TOKEN" ]] || { log "HCLOUD_TOKEN not set, skipping Hetzner"; return; }
  local page=1 next
  while :; do
    api_get "$HCLOUD_API/servers?per_page=50&page=$page" "$HCLOUD_TOKEN" "$WORK/hz-$page.json"
    jq -r '.servers[] | [
        "hetzner", .name, .server_type.name, .datacenter.location.name,
        ((.server_type.prices[] | select(.location == "fsn1") | .price_monthly.gross) // "0"),
        (.labels.project // "-")
      ] | @csv' "$WORK/hz-$page.json"
    next="$(jq -r '.meta.pagination.next_page // empty' "$WORK/hz-$page.json")"
    [[ -n "$next" ]] || break
    page="$next"
  done
}

linode_rows() {
  [[ -n "$LINODE_CLI_TOKEN" ]] || { log "LINODE_CLI_TOKEN not set, skipping Linode"; return; }
  api_get "$LINODE_API/linode/instances?page_size=100" "$LINODE_CLI_TOKEN" "$WORK/ln.json"
  api_get "$LINODE_API/linode/types" "$LINODE_CLI_TOKEN" "$WORK/ln-types.json"
  jq -r --slurpfile types "$WORK/ln-types.json" '
    ($types[0].data | map({(.id): .price.monthly}) | add) as $price
    | .data[] | ["linode", .label, .type, .region, ($price[.type] // 0), ((.tags | join(";")) // "-")]
    | @csv' "$WORK/ln.json"
}

infracost_total() {
  if ! command -v infracost >/dev/null; then
    log "infracost not installed; skipping Terraform estimate"
    echo 0
    return
  fi
  infracost breakdown --path "$ROOT/infra" --format json --no-color --log-level warn \
    > "$WORK/infracost.json"
  jq -r '.totalMonthlyCost // "0"' "$WORK/infracost.json"
}

write_reports() {
  mkdir -p "$OUT_DIR"
  {
    echo '"provider","name","type","region","monthly_eur","project"'
    cat "$WORK/rows.csv"
  } > "$CSV"

  local total_vm tf untagged
  total_vm="$(awk -F'","' 'NR > 0 {gsub(/"/, "", $5); s += $5} END {printf "%.2f", s}' "$WORK/rows.csv")"
  tf="$1"
  untagged="$(grep -c ',"-"$' "$WORK/rows.csv" || true)"
  {
    echo "# Cost snapshot $MONTH"
    echo
    echo "| provider | servers | monthly |"
    echo "|---|---:|---:|"
    for p in hetzner linode; do
      awk -F'","' -v p="$p" '
        { gsub(/"/, "", $1); gsub(/"/, "", $5) }
        $1 == p { n++; s += $5 }
        END { printf "| %s | %d | %.2f |\n", p, n, s }' "$WORK/rows.csv"
    done
    echo
    echo "Servers total: **$total_vm** per month"
    echo
    echo "Terraform estimate (infracost, infra/): **$tf** USD per month"
    echo
    if [[ "$untagged" -gt 0 ]]; then
      echo "$untagged server(s) without a project label/tag - see the CSV."
    fi
  } > "$MD"
  log "wrote ${MD#$ROOT/} and ${CSV#$ROOT/}"
}

compare_previous() {
  # show month-over-month change per provider if last month's CSV exists
  local prev_month prev_csv
  prev_month="$(date -d "$(date +%Y-%m-01) -1 month" +%Y-%m 2>/dev/null || true)"
  [[ -n "$prev_month" ]] || return 0
  prev_csv="$OUT_DIR/$prev_month.csv"
  [[ -f "$prev_csv" ]] || { log "no report for $prev_month to compare with"; return 0; }
  {
    echo
    echo "## Change since $prev_month"
    echo
    echo "| provider | $prev_month | $MONTH | delta |"
    echo "|---|---:|---:|---:|"
    for p in hetzner linode; do
      local a b
      a="$(sum_provider "$prev_csv" "$p")"
      b="$(sum_provider "$CSV" "$p")"
      awk -v p="$p" -v a="$a" -v b="$b" \
        'BEGIN { printf "| %s | %.2f | %.2f | %+.2f |\n", p, a, b, b - a }'
    done
  } >> "$MD"
}

sum_provider() {
  # sum_provider <csv> <provider>
  awk -F'","' -v p="$2" '
    NR == 1 { next }
    { gsub(/"/, "", $1); gsub(/"/, "", $5) }
    $1 == p { s += $5 }
    END { printf "%.2f", s }' "$1"
}

list_untagged() {
  # print untagged servers so the owner can be found before the next review
  local n
  n="$(grep -c ',"-"$' "$CSV" || true)"
  ((n > 0)) || return 0
  log "untagged servers:"
  grep ',"-"$' "$CSV" | awk -F'","' '{gsub(/"/, "", $1); printf "   %s/%s (%s)\n", $1, $2, $4}' >&2
}

check_tokens_scope() {
  # fail early with a clear message when the Hetzner token is expired
  [[ -n "$HCLOUD_TOKEN" ]] || return 0
  local code
  code="$(curl -sS -o /dev/null -w '%{http_code}' \
    -H "Authorization: Bearer $HCLOUD_TOKEN" "$HCLOUD_API/locations" || true)"
  if [[ "$code" == 401 ]]; then
    die "HCLOUD_TOKEN was rejected (401); create a new read-only token in the console"
  fi
}

main() {
  command -v jq >/dev/null || die "jq is required"
  check_tokens_scope
  : > "$WORK/rows.csv"
  hetzner_rows >> "$WORK/rows.csv"
  linode_rows >> "$WORK/rows.csv"
  local tf
  tf="$(infracost_total)"
  write_reports "$tf"
  compare_previous
  list_untagged
  if [[ "${1:-}" == "--print" ]]; then
    cat "$MD"
  fi
}

main "$@"
