#!/usr/bin/env bash
# issue-triage.sh - weekly triage helper for acme/shipping issues (uses gh).
#
# Authentication is whatever `gh auth status` already has; the script never
# reads or prints tokens. It:
#   * lists untriaged issues (no type label) older than 2 days
#   * suggests labels from keywords in title/body
#   * with --apply, adds the suggested labels and a "needs-triage" label
#   * lists issues waiting on the reporter for 30+ days and, with --apply,
#     closes them with a polite comment
set -euo pipefail

REPO="${REPO:-acme/shipping}"
APPLY=0
STALE_DAYS=30
LIMIT=200
TYPE_LABELS=(bug enhancement question docs)

for arg in "$@"; do
  case "$arg" in
    --apply) APPLY=1 ;;
    --repo=*) REPO="${arg#*=}" ;;
    --stale-days=*) STALE_DAYS="${arg#*=}" ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown argument $arg" >&2; exit 2 ;;
  esac
done

command -v gh >/dev/null || { echo "gh CLI is required" >&2; exit 1; }
command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
gh auth status >/dev/null 2>&1 || { echo "run 'gh auth login' first" >&2; exit 1; }

days_ago_iso() {
  if date -u -d "-$1 days" +%FT%TZ >/dev/null 2>&1; then
    date -u -d "-$1 days" +%FT%TZ
  else
    date -u -v "-$1d" +%FT%TZ
  fi
}

issues_json() {
  gh issue list -R "$REPO" --state open --limit "$LIMIT" \
    --json number,title,body,labels,createdAt,updatedAt,author,comments
}

suggest_labels() {
  # suggest_labels "title body" -> space separated labels
  local text="${1,,}" out=()
  [[ "$text" =~ (crash|exception|error|broken|regression|fails) ]] && out+=(bug)
  [[ "$text" =~ (feature|support for|would be nice|proposal|add option) ]] && out+=(enhancement)
  [[ "$text" =~ (how do i|how to|question|\?$) ]] && out+=(question)
  [[ "$text" =~ (readme|docs|documentation|typo) ]] && out+=(docs)
  [[ "$text" =~ (android|flutter) ]] && out+=(area:mobile)
  [[ "$text" =~ (gradle|kotlin|jvm) ]] && out+=(area:jvm)
  [[ "$text" =~ (dotnet|\.net|nuget|csharp) ]] && out+=(area:dotnet)
  echo "${out[*]:-}"
}

has_type_label() {
  local labels="$1" t
  for t in "${TYPE_LABELS[@]}"; do
    [[ " $labels " == *" $t "* ]] && return 0
  done
  return 1
}

triage_untriaged() {
  local data="$1" cutoff
  cutoff="$(days_ago_iso 2)"
  echo "== untriaged issues (older than 2 days)"
  local count=0
  while IFS=$'\t' read -r number created labels title body; do
    [[ "$created" < "$cutoff" ]] || continue
    has_type_label "$labels" && continue
    local suggested
    suggested="$(suggest_labels "$title $body")"
    printf '#%-6s %-60.60s -> %s\n' "$number" "$title" "${suggested:-?}"
    count=$((count + 1))
    if ((APPLY)); then
      local args=(--add-label needs-triage)
      local l
      for l in $suggested; do args+=(--add-label "$l"); done
      gh issue edit "$number" -R "$REPO" "${args[@]}" >/dev/null
    fi
  done < <(jq -r '.[] | [.number, .createdAt, ([.labels[].name] | join(" ")), .title, ((.body // "") | gsub("[\\t\\n\\r]"; " ") | .[0:400])] | @tsv' <<<"$data")
  echo "$count untriaged"
}

close_waiting() {
  local data="$1" cutoff
  cutoff="$(days_ago_iso "$STALE_DAYS")"
  echo
  echo "== waiting for reporter > $STALE_DAYS days"
  local n=0
  while IFS=$'\t' read -r number updated title; do
    printf '#%-6s %-60.60s (last update %s)\n' "$number" "$title" "${updated%%T*}"
    n=$((n + 1))
    if ((APPLY)); then
      gh issue close "$number" -R "$REPO" --reason "not planned" \
        --comment "Closing because we did not hear back for $STALE_DAYS days. Please reopen with the requested details and we will take another look." >/dev/null
    fi
  done < <(jq -r --arg cutoff "$cutoff" '.[] | select(([.labels[].name] | index("waiting-for-reporter")) and .updatedAt < $cutoff) | [.number, .updatedAt, .title] | @tsv' <<<"$data")
  echo "$n waiting"
}

top_commenters() {
  local data="$1"
  echo
  echo "== most discussed open issues"
  jq -r 'sort_by(-(.comments | length)) | .[:5][] | "#\(.number) (\(.comments | length) comments) \(.title)"' <<<"$data"
}

label_hygiene() {
  echo
  echo "== labels used on open issues"
  gh label list -R "$REPO" --limit 100 --json name |
    jq -r '.[].name' | sort > /tmp/issue-triage-labels.$$
  jq -r '.[].labels[].name' <<<"$1" | sort | uniq -c | sort -rn | head -n 10
  rm -f /tmp/issue-triage-labels.$$
}

duplicates() {
  # naive duplicate detection: issues whose normalised titles share 4+ words
  local data="$1"
  echo
  echo "== possible duplicates"
  jq -r '.[] | "\(.number)\t\(.title | ascii_downcase | gsub("[^a-z0-9 ]"; "") )"' <<<"$data" |
    awk -F'\t' '
      {
        n = split($2, w, " "); key = ""
        for (i = 1; i <= n; i++) if (length(w[i]) > 3) key = key " " w[i]
        titles[$1] = key
      }
      END {
        for (a in titles) for (b in titles) if (a < b) {
          split(titles[a], x, " "); common = 0
          for (i in x) if (index(titles[b], " " x[i]) > 0) common++
          if (common >= 4) printf "#%s ~ #%s (%d shared words)\n", a, b, common
        }
      }' | head -n 10
}

weekly_numbers() {
  local since
  since="$(days_ago_iso 7)"
  echo
  echo "== last 7 days"
  local opened closed
  opened="$(gh issue list -R "$REPO" --state all --limit 500 --json createdAt \
    | jq --arg s "$since" '[.[] | select(.createdAt >= $s)] | length')"
  closed="$(gh issue list -R "$REPO" --state closed --limit 500 --json closedAt \
    | jq --arg s "$since" '[.[] | select(.closedAt != null and .closedAt >= $s)] | length')"
  echo "opened: $opened, closed: $closed"
}

write_markdown_summary() {
  # a short summary file the weekly meeting notes link to
  local out="reports/triage-$(date +%G-W%V).md"
  mkdir -p reports
  {
    echo "# Triage $(date +%F) for $REPO"
    echo
    echo "- open issues: $(jq length <<<"$1")"
    echo "- generated by scripts/issue-triage.sh ($([[ $APPLY == 1 ]] && echo applied || echo report only))"
  } > "$out"
  echo
  echo "summary written to $out"
}

main() {
  local data
  data="$(issues_json)"
  echo "$REPO: $(jq length <<<"$data") open issue(s)"
  triage_untriaged "$data"
  close_waiting "$data"
  top_commenters "$data"
  label_hygiene "$data"
  duplicates "$data"
  weekly_numbers
  write_markdown_summary "$data"
  if ((APPLY == 0)); then
    echo
    echo "(report only; pass --apply to label and close)"
  fi
}

main
