#!/usr/bin/env bash
# zammad_stats.sh - read-only statistics from the Zammad instance on this host.
#
# Runs a handful of Ruby expressions through `zammad run rails r` (the packaged Zammad's
# Rails runner) and stores the answers as JSON under reports/zammad/<date>/. Each
# expression only reads (count/group/pluck); the list below is the complete set and the
# runner refuses any expression that mentions a mutating method.
#
#   tools/zammad_stats.sh               # all statistics
#   tools/zammad_stats.sh backlog sla   # selected ones
#
# The packaged zammad CLI needs root or the zammad user; we call it via
# `sudo -u zammad` with -n so it fails instead of prompting.
set -uo pipefail

REPO=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
DAY=$(date +%F)
OUT="$REPO/reports/zammad/$DAY"
ZAMMAD_BIN=${ZAMMAD_BIN:-zammad}
RUN_AS=${ZAMMAD_USER:-zammad}
TIMEOUT=${STATS_TIMEOUT:-300}

declare -A EXPR=(
  [backlog]='puts Ticket.joins(:state).where(ticket_states: {name: %w[new open]}).group(:group_id).count.to_json'
  [sla]='puts Ticket.where.not(escalation_at: nil).where("escalation_at < ?", Time.zone.now).count.to_json'
  [channels]='puts Ticket::Article.where("created_at > ?", 30.days.ago).group(:type_id).count.to_json'
  [agents]='puts User.with_permissions("ticket.agent").where(active: true).count.to_json'
  [tags]='puts Tag.joins(:tag_item).where("tags.created_at > ?", 30.days.ago).group("tag_items.name").count.sort_by { |_, v| -v }.first(25).to_h.to_json'
  [storage]='puts({files: Store.count, bytes: Store::File.sum(:size)}.to_json)'
  [groups]='puts Group.where(active: true).pluck(:id, :name).to_h.to_json'
)
FORBIDDEN='destroy|delete|update|save|create|truncate|drop|exec|system|`|%x'

log() { printf '%(%T)T %s\n' -1 "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
  printf 'usage: %s [%s]\n' "$0" "$(printf '%s|' "${!EXPR[@]}" | sed 's/|$//')"
}

check_expr() {
  local name=$1 code=${EXPR[$1]:-}
  [[ -n $code ]] || die "unknown statistic '$name'"
  if grep -Eiq "$FORBIDDEN" <<<"$code"; then
    die "statistic '$name' contains a non read-only call"
  fi
}

run_expr() {
  local name=$1 code=${EXPR[$1]}
  local raw rc
  raw=$(timeout "$TIMEOUT" sudo -n -u "$RUN_AS" "$ZAMMAD_BIN" run rails r "$code" 2>"$OUT/.$name.err")
  rc=$?
  if (( rc != 0 )); then
    log "$name: failed (rc $rc): $(tail -n 1 "$OUT/.$name.err")"
    return 1
  fi
  # rails r may print deprecation warnings before our JSON line; keep the last line
  raw=$(tail -n 1 <<<"$raw")
  if ! jq -e . >/dev/null 2>&1 <<<"$raw"; then
    log "$name: output is not JSON: ${raw:0:120}"
    return 1
  fi
  jq . <<<"$raw" > "$OUT/$name.json"
  rm -f -- "$OUT/.$name.err"
  log "$name: ok"
}

label_groups() {
  # Replace group ids with names in backlog.json, using groups.json from the same run.
  [[ -f $OUT/backlog.json && -f $OUT/groups.json ]] || return 0
  jq --slurpfile g "$OUT/groups.json" \
     'to_entries | map({group: ($g[0][.key] // .key), open: .value}) | sort_by(-.open)' \
     "$OUT/backlog.json" > "$OUT/backlog.named.json"
}

summary() {
  local md="$OUT/summary.md"
  {
    printf '# Zammad statistics %s\n\n' "$DAY"
    if [[ -f $OUT/backlog.named.json ]]; then
      printf '## Open backlog per group\n\n| Group | Open |\n|---|---:|\n'
      jq -r '.[] | "| \(.group) | \(.open) |"' "$OUT/backlog.named.json"
      printf '\n'
    fi
    [[ -f $OUT/sla.json ]] && printf -- '- escalated, still open: %s\n' "$(jq . "$OUT/sla.json")"
    [[ -f $OUT/agents.json ]] && printf -- '- active agents: %s\n' "$(jq . "$OUT/agents.json")"
    if [[ -f $OUT/storage.json ]]; then
      printf -- '- attachment store: %s files, %s MB\n' \
        "$(jq .files "$OUT/storage.json")" "$(jq '.bytes / 1048576 | floor' "$OUT/storage.json")"
    fi
    if [[ -f $OUT/tags.json ]]; then
      printf '\n## Top tags (30 days)\n\n'
      jq -r 'to_entries[] | "- \(.key): \(.value)"' "$OUT/tags.json"
    fi
  } > "$md.tmp"
  mv -f -- "$md.tmp" "$md"
  log "summary: ${md#"$REPO"/}"
}

compare_yesterday() {
  local prev="$REPO/reports/zammad/$(date -d yesterday +%F 2>/dev/null || date -v-1d +%F)"
  [[ -f $prev/backlog.named.json && -f $OUT/backlog.named.json ]] || return 0
  jq -r --slurpfile old "$prev/backlog.named.json" '
      .[] as $n
      | ($old[0] | map(select(.group == $n.group)) | .[0].open // 0) as $o
      | select($n.open - $o != 0)
      | "\($n.group): \($o) -> \($n.open)"' "$OUT/backlog.named.json" | while read -r line; do
    log "change since yesterday: $line"
  done
}

prune() {
  # keep 60 days of daily folders (only our own YYYY-MM-DD folders)
  find "$REPO/reports/zammad" -mindepth 1 -maxdepth 1 -type d -name '20[0-9][0-9]-[01][0-9]-[0-3][0-9]' \
    -mtime +60 -print0 | xargs -0r rm -rf --
}

csv_export() {
  # Flat CSV of the named backlog for the spreadsheet people; same folder, same day.
  [[ -f $OUT/backlog.named.json ]] || return 0
  {
    printf 'group,open\n'
    jq -r '.[] | [.group, .open] | @csv' "$OUT/backlog.named.json"
  } > "$OUT/backlog.csv"
}

thresholds() {
  # Warn when a group's backlog crosses the limit configured in config/zammad-limits.tsv
  local limits="$REPO/config/zammad-limits.tsv" group limit open
  [[ -f $limits && -f $OUT/backlog.named.json ]] || return 0
  while IFS=$'\t' read -r group limit; do
    [[ -z $group || $group == \#* ]] && continue
    open=$(jq -r --arg g "$group" 'map(select(.group == $g)) | .[0].open // 0' "$OUT/backlog.named.json")
    if (( open > limit )); then
      log "backlog of $group is $open (limit $limit)"
    fi
  done < "$limits"
}

check_host() {
  # The statistics only make sense on the production helpdesk host itself, where the
  # packaged zammad CLI talks to the local database. Elsewhere there is nothing to read.
  if [[ ! -d /opt/zammad ]]; then
    die "no /opt/zammad here; run this on the helpdesk host"
  fi
  if ! sudo -n -u "$RUN_AS" true 2>/dev/null; then
    die "cannot run commands as $RUN_AS without a password (ask ops for the sudoers entry)"
  fi
}

main() {
  command -v jq >/dev/null || die "jq is required (apt install jq)"
  check_host
  command -v "$ZAMMAD_BIN" >/dev/null || die "$ZAMMAD_BIN not found (run this on the Zammad host)"
  local -a wanted=("$@")
  if (( ${#wanted[@]} == 0 )); then
    wanted=("${!EXPR[@]}")
  fi
  case " ${wanted[*]} " in *" -h "*|*" --help "*) usage; exit 0 ;; esac
  local n
  for n in "${wanted[@]}"; do check_expr "$n"; done
  mkdir -p "$OUT"
  # groups first, so backlog can be labelled
  if [[ " ${wanted[*]} " == *" backlog "* && " ${wanted[*]} " != *" groups "* ]]; then
    wanted+=(groups)
  fi
  local failed=0
  for n in groups "${wanted[@]}"; do
    [[ -f $OUT/$n.json && $n == groups ]] && continue
    run_expr "$n" || failed=$((failed + 1))
  done
  label_groups
  summary
  csv_export
  thresholds
  compare_yesterday
  prune
  (( failed == 0 )) || die "$failed statistic(s) failed"
}

main "$@"
