#!/usr/bin/env bash
# Weekly IT ops digest: Jira OPS queue + SharePoint site inventory + Entra
# account hygiene, written as Markdown into reports/weekly/.
#
#   ops/weekly_digest.sh [--week YYYY-Www] [--post]
#
# Everything is read-only: jira issue list, m365 spo site list, m365 entra
# user list. --post publishes the digest as a Confluence page through the
# documented REST API on our *.atlassian.net site with the token from .env.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUTDIR="$ROOT/reports/weekly"
WEEK="$(date +%G-W%V)"
POST=0
ENV_FILE="$ROOT/.env"

log() { printf '[digest] %s\n' "$*" >&2; }
die() { printf '[digest] error: %s\n' "$*" >&2; exit 1; }

while (( $# )); do
  case "$1" in
    --week) WEEK="$2"; shift 2 ;;
    --post) POST=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done
[[ "$WEEK" =~ ^[0-9]{4}-W[0-9]{2}$ ]] || die "--week must look like 2026-W49"

load_env() {
  [[ -f "$ENV_FILE" ]] || return 0
  local line key val
  while IFS= read -r line; do
    [[ -z "$line" || "$line" == \#* || "$line" != *=* ]] && continue
    key="${line%%=*}"
    val="${line#*=}"
    case "$key" in
      ATLASSIAN_SITE|ATLASSIAN_USER|ATLASSIAN_TOKEN|CONFLUENCE_SPACE|CONFLUENCE_PARENT) export "$key=$val" ;;
    esac
  done < "$ENV_FILE"
}
load_env

for t in jira m365 jq; do
  command -v "$t" >/dev/null || die "$t is not installed"
done

mkdir -p "$OUTDIR"
TMP="$(mktemp -d)"
trap 'rm -rf -- "$TMP"' EXIT
DIGEST="$OUTDIR/$WEEK.md"

m365 status --output json 2>/dev/null | jq -e '.connectedAs' >/dev/null \
  || die "m365 CLI not logged in; run: m365 login"

log "Jira: OPS queue"
jira issue list -q 'project = OPS AND statusCategory != Done' --plain --no-headers \
  --columns key,status,priority,assignee,summary > "$TMP/open.tsv" || die "jira query failed"
jira issue list -q 'project = OPS AND resolved >= -7d' --plain --no-headers \
  --columns key,assignee,summary > "$TMP/resolved.tsv" || true
jira issue list -q 'project = OPS AND priority in (Highest, High) AND statusCategory != Done' \
  --plain --no-headers --columns key,assignee,summary,created > "$TMP/urgent.tsv" || true

log "SharePoint: site inventory"
m365 spo site list --output json > "$TMP/sites.json"
log "Entra: account hygiene"
m365 entra user list --properties 'displayName,userPrincipalName,accountEnabled,userType' \
  --output json > "$TMP/users.json"

count_lines() { [[ -s "$1" ]] && wc -l < "$1" | tr -d ' ' || echo 0; }

md_table_from_tsv() {
  local header="$1" file="$2" limit="${3:-25}"
  echo "$header"
  echo "$header" | sed 's/[^|]/-/g; s/--*/---/g'
  head -n "$limit" "$file" | awk -F'\t' '{
      line = "|"; for (i = 1; i <= NF; i++) { gsub(/\|/, "/", $i); line = line " " $i " |" } print line }'
}

OPEN_N="$(count_lines "$TMP/open.tsv")"
RESOLVED_N="$(count_lines "$TMP/resolved.tsv")"
URGENT_N="$(count_lines "$TMP/urgent.tsv")"
SITES_N="$(jq 'length' "$TMP/sites.json")"
GUESTS_N="$(jq '[.[] | select(.userType == "Guest")] | length' "$TMP/users.json")"
DISABLED_N="$(jq '[.[] | select(.accountEnabled == false)] | length' "$TMP/users.json")"

stale_sites() {
  jq -r --arg cutoff "$(date -d '-180 days' +%Y-%m-%d)" '
    .[] | select((.LastContentModifiedDate // "") < $cutoff)
        | "| \(.Title) | \(.Url) | \(.LastContentModifiedDate // "n/a" | .[0:10]) |"' "$TMP/sites.json" \
    | head -n 30
}

{
  echo "# IT ops digest $WEEK"
  echo
  echo "_Generated $(date '+%Y-%m-%d %H:%M') from jira/m365 CLI (read-only)._"
  echo
  echo "## Summary"
  echo
  echo "- open OPS issues: **$OPEN_N** (high/highest: $URGENT_N)"
  echo "- resolved in the last 7 days: $RESOLVED_N"
  echo "- SharePoint sites: $SITES_N"
  echo "- guest accounts: $GUESTS_N, disabled accounts: $DISABLED_N"
  echo
  echo "## Urgent issues"
  echo
  md_table_from_tsv "| key | assignee | summary | created |" "$TMP/urgent.tsv"
  echo
  echo "## Resolved this week"
  echo
  md_table_from_tsv "| key | assignee | summary |" "$TMP/resolved.tsv" 40
  echo
  echo "## Sites without changes for 180 days"
  echo
  echo "| title | url | last change |"
  echo "|---|---|---|"
  stale_sites
  echo
  echo "Archive/removal of stale sites is decided in the monthly review, not by this script."
} > "$DIGEST"
log "wrote ${DIGEST#$ROOT/}"

post_confluence() {
  : "${ATLASSIAN_SITE:?set ATLASSIAN_SITE in .env}" "${ATLASSIAN_USER:?}" "${ATLASSIAN_TOKEN:?}"
  : "${CONFLUENCE_SPACE:?}" "${CONFLUENCE_PARENT:?}"
  [[ "$ATLASSIAN_SITE" =~ ^[a-z0-9-]+\.atlassian\.net$ ]] || die "ATLASSIAN_SITE must be <name>.atlassian.net"
  command -v pandoc >/dev/null || die "pandoc needed to convert Markdown to storage format"
  pandoc -f gfm -t html "$DIGEST" > "$TMP/body.html"
  jq -n --arg title "IT ops digest $WEEK" --arg space "$CONFLUENCE_SPACE" \
        --arg parent "$CONFLUENCE_PARENT" --rawfile body "$TMP/body.html" \
    '{type: "page", title: $title, space: {key: $space}, ancestors: [{id: $parent}],
      body: {storage: {value: $body, representation: "storage"}}}' > "$TMP/page.json"
  local code
  code="$(curl -sS -o "$TMP/resp.json" -w '%{http_code}' \
    -u "$ATLASSIAN_USER:$ATLASSIAN_TOKEN" \
    -H 'Content-Type: application/json' \
    --data @"$TMP/page.json" \
    "https://$ATLASSIAN_SITE/wiki/rest/api/content")"
  if [[ "$code" == 200 || "$code" == 201 ]]; then
    log "posted: https://$ATLASSIAN_SITE/wiki$(jq -r '._links.webui' "$TMP/resp.json")"
  else
    log "Confluence returned HTTP $code"
    jq -r '.message // .' "$TMP/resp.json" >&2
    return 1
  fi
}

compare_with_last_week() {
  local prev
  prev="$(ls -1 "$OUTDIR"/*.md 2>/dev/null | grep -v "$WEEK.md" | sort | tail -n 1)"
  [[ -n "$prev" ]] || return 0
  local prev_open
  prev_open="$(grep -oE 'open OPS issues: \*\*[0-9]+' "$prev" | grep -oE '[0-9]+$' || echo)"
  if [[ -n "$prev_open" ]]; then
    local delta=$(( OPEN_N - prev_open ))
    log "open issues vs $(basename "$prev" .md): $prev_open -> $OPEN_N (${delta#-}$( (( delta < 0 )) && echo ' fewer' || echo ' more'))"
  fi
}
compare_with_last_week

guest_report() {
  # guests by domain, written next to the digest for the access review
  jq -r '.[] | select(.userType == "Guest") | .userPrincipalName' "$TMP/users.json" \
    | sed -E 's/#EXT#.*//; s/.*_([^_]+)$/\1/' \
    | sort | uniq -c | sort -rn > "$OUTDIR/$WEEK.guests.txt"
  log "guest domains: $(wc -l < "$OUTDIR/$WEEK.guests.txt")"
}
guest_report

# keep 26 weeks of digests
ls -1 "$OUTDIR"/*-W*.md 2>/dev/null | sort | head -n -26 | while read -r old; do
  rm -f -- "$old" "${old%.md}.guests.txt"
done

if (( POST )); then
  post_confluence
else
  log "not posting (pass --post to publish to Confluence)"
fi
