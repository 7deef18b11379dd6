#!/usr/bin/env bash
#
# spend-digest.sh -- weekly, read-only spend digest for the ledger team.
#
# Sources
#   AWS           aws ce get-cost-and-usage (profile ledger-billing-ro)
#   DigitalOcean  doctl balance / invoice list / droplet list
#   Terraform     infracost breakdown over infra/*/ (estimate for planned changes)
#
# Output: reports/spend/<iso-week>.md and a JSON sidecar. Optionally posts a
# three-line summary to Slack with --notify (SLACK_WEBHOOK_URL from .env, an
# https://hooks.slack.com/... URL). Nothing is created or deleted in any
# cloud account; the AWS profile used is read-only by IAM policy.
#
set -euo pipefail
IFS=$'\n\t'

root=$(cd "$(dirname "$0")/.." && pwd)
week=$(date +%G-W%V)
out_dir=$root/reports/spend
out_md=$out_dir/$week.md
out_json=$out_dir/$week.json
scratch=$(mktemp -d -t spend.XXXXXX)
trap 'rm -rf -- "$scratch"' EXIT
notify=false
aws_profile=${AWS_BILLING_PROFILE:-ledger-billing-ro}

info() { printf '• %s\n' "$*" >&2; }
die() { printf 'spend-digest: %s\n' "$*" >&2; exit 1; }

[[ ${1:-} == --notify ]] && notify=true

envfile_value() {
  local key=$1
  [[ -f $root/.env ]] || return 0
  grep -E "^${key}=" "$root/.env" | tail -n 1 | cut -d= -f2- | tr -d "\"'"
}

period() {
  # last full week, Monday to Monday
  local end start
  end=$(date -d "last monday" +%F)
  start=$(date -d "$end -7 days" +%F)
  printf '%s %s\n' "$start" "$end"
}

aws_costs() {
  command -v aws >/dev/null || { info "aws CLI missing; skipping AWS"; echo '[]' > "$scratch/aws.json"; return; }
  local start end
  read -r start end < <(period | tr ' ' '\n' | paste -sd'\t' | tr '\t' ' ')
  aws ce get-cost-and-usage --profile "$aws_profile" \
    --time-period "Start=$start,End=$end" --granularity DAILY \
    --metrics UnblendedCost --group-by Type=DIMENSION,Key=SERVICE \
    --output json > "$scratch/aws-raw.json"
  jq '[.ResultsByTime[].Groups[] | {service: .Keys[0], usd: (.Metrics.UnblendedCost.Amount | tonumber)}]
      | group_by(.service) | map({service: .[0].service, usd: (map(.usd) | add)})
      | map(select(.usd >= 0.01)) | sort_by(-.usd)' "$scratch/aws-raw.json" > "$scratch/aws.json"
  info "AWS: $(jq length "$scratch/aws.json") service(s)"
}

do_costs() {
  command -v doctl >/dev/null || { info "doctl missing; skipping DigitalOcean"; echo '{}' > "$scratch/do.json"; return; }
  doctl balance get --output json > "$scratch/do-balance.json"
  doctl compute droplet list --output json \
    | jq '[.[] | {name, size: .size_slug, monthly: .size.price_monthly, tags}]' > "$scratch/do-droplets.json"
  jq -n --slurpfile b "$scratch/do-balance.json" --slurpfile d "$scratch/do-droplets.json" \
    '{month_to_date: ($b[0].month_to_date_usage | tonumber), droplets: $d[0]}' > "$scratch/do.json"
  info "DigitalOcean: $(jq '.droplets | length' "$scratch/do.json") droplet(s)"
}

tf_estimate() {
  command -v infracost >/dev/null || { info "infracost missing; skipping estimate"; echo '{"totalMonthlyCost":"0"}' > "$scratch/tf.json"; return; }
  infracost breakdown --path "$root/infra" --format json --log-level warn > "$scratch/tf.json"
  info "Terraform estimate: $(jq -r '.totalMonthlyCost' "$scratch/tf.json") USD/month"
}

render() {
  local aws_total do_mtd tf_total
  aws_total=$(jq '[.[].usd] | add // 0 | . * 100 | round / 100' "$scratch/aws.json")
  do_mtd=$(jq '.month_to_date // 0' "$scratch/do.json")
  tf_total=$(jq -r '.totalMonthlyCost // "0"' "$scratch/tf.json")
  mkdir -p "$out_dir"
  {
    echo "# Spend digest $week"
    echo
    echo "| source | amount (USD) |"
    echo "|---|---:|"
    echo "| AWS last week | $aws_total |"
    echo "| DigitalOcean month to date | $do_mtd |"
    echo "| Terraform estimate (monthly) | $tf_total |"
    echo
    echo "## AWS top services"
    jq -r '.[:10][] | "- \(.service): \(.usd * 100 | round / 100)"' "$scratch/aws.json"
    echo
    echo "## Droplets without an owner tag"
    jq -r '.droplets[]? | select((.tags // []) | map(startswith("owner:")) | any | not) | "- \(.name) (\(.size))"' \
      "$scratch/do.json"
  } > "$out_md"
  jq -n --argjson aws "$aws_total" --argjson do "$do_mtd" --arg tf "$tf_total" --arg week "$week" \
    '{week: $week, aws_last_week: $aws, do_month_to_date: $do, terraform_monthly: ($tf | tonumber)}' > "$out_json"
  info "wrote ${out_md#"$root"/}"
}

compare_with_last_week() {
  # append a week-over-week section if last week's sidecar exists
  local prev_week prev_json
  prev_week=$(date -d "7 days ago" +%G-W%V)
  prev_json=$out_dir/$prev_week.json
  if [[ ! -f $prev_json ]]; then
    info "no digest for $prev_week; skipping comparison"
    return 0
  fi
  {
    echo
    echo "## Change since $prev_week"
    echo
    jq -r --slurpfile p "$prev_json" '
      . as $n | $p[0] as $o |
      [["AWS last week", $o.aws_last_week, $n.aws_last_week],
       ["DigitalOcean MTD", $o.do_month_to_date, $n.do_month_to_date],
       ["Terraform estimate", $o.terraform_monthly, $n.terraform_monthly]][]
      | "- \(.[0]): \(.[1]) -> \(.[2]) (\((.[2] - .[1]) * 100 | round / 100))"' "$out_json"
  } >> "$out_md"
}

budget_check() {
  # warn (exit code stays 0) when AWS weekly spend exceeds the team budget
  local budget aws
  budget=$(envfile_value LEDGER_WEEKLY_BUDGET_USD)
  [[ -n $budget ]] || return 0
  aws=$(jq '.aws_last_week' "$out_json")
  if awk -v a="$aws" -v b="$budget" 'BEGIN {exit !(a > b)}'; then
    info "AWS spend $aws USD is above the weekly budget of $budget USD"
    printf '\n> AWS spend %s USD exceeded the weekly budget (%s USD)\n' "$aws" "$budget" >> "$out_md"
  fi
}

history_csv() {
  # one line per week for the quarterly review spreadsheet
  local csv=$out_dir/history.csv
  [[ -f $csv ]] || echo "week,aws_last_week,do_month_to_date,terraform_monthly" > "$csv"
  grep -q "^$week," "$csv" && return 0
  jq -r '[.week, .aws_last_week, .do_month_to_date, .terraform_monthly] | @csv' "$out_json" \
    | tr -d '"' >> "$csv"
}

untagged_report() {
  # list AWS resources without an owner tag (read-only tagging API)
  command -v aws >/dev/null || return 0
  aws resourcegroupstaggingapi get-resources --profile "$aws_profile" --output json \
    | jq -r '.ResourceTagMappingList[] | select((.Tags // []) | map(.Key) | index("owner") | not) | .ResourceARN' \
    > "$scratch/untagged.txt" || return 0
  if [[ -s $scratch/untagged.txt ]]; then
    {
      echo
      echo "## AWS resources without an owner tag ($(wc -l < "$scratch/untagged.txt"))"
      head -n 40 "$scratch/untagged.txt" | sed 's/^/- /'
    } >> "$out_md"
  fi
}

notify_slack() {
  local hook text
  hook=${SLACK_WEBHOOK_URL:-$(envfile_value SLACK_WEBHOOK_URL)}
  [[ $hook == https://hooks.slack.com/* ]] || die "--notify needs SLACK_WEBHOOK_URL pointing at hooks.slack.com"
  text=$(jq -r '"Spend \(.week): AWS \(.aws_last_week) USD last week, DO \(.do_month_to_date) USD MTD, TF est. \(.terraform_monthly) USD/mo"' "$out_json")
  curl -fsS -X POST -H 'Content-Type: application/json' \
    --data "$(jq -n --arg t "$text" '{text: $t}')" "$hook" >/dev/null
  info "posted summary to Slack"
}

main() {
  type jq >/dev/null 2>&1 || die "jq must be installed"
  aws_costs
  do_costs
  tf_estimate
  render
  compare_with_last_week
  budget_check
  untagged_report
  history_csv
  if $notify; then
    notify_slack
  fi
}

main
