#!/usr/bin/env bash
# civi-event-report.sh — participant and revenue report for CiviEvent events,
# taken from the staging copy of the CRM, into reports/civi/events/.
#
#   tools/civi-event-report.sh                   # events of the last 90 days
#   tools/civi-event-report.sh --since 2024-01-01
#   tools/civi-event-report.sh --with-names      # include participant names (board only)
#
# Needs: cv and drush in the site (vendor/bin), jq. The site is found via
# CIVI_SITE_DIR (default ../crm-staging). We refuse to run against anything
# whose base URL is not localhost / *.internal / *.test, because the live CRM
# must only be queried through the approved reporting account.
#
# Outputs (reports/civi/events/):
#   events-<date>.csv        one row per event: capacity, registered, attended,
#                            cancelled/no-show, fees
#   participants-<date>.csv  one row per participant; initials only unless
#                            --with-names is given
#
# Participant status names are the CiviCRM defaults (Registered, Attended,
# Cancelled, No-show). If the site renamed them, adjust summarise_event().
#
# Exit codes: 0 ok, 1 site check failed / cv error.
#
# Example (staging copy refreshed nightly from the sanitised dump):
#   CIVI_SITE_DIR=~/src/crm-staging tools/civi-event-report.sh --since 2024-04-01
#
# The staging database is a sanitised copy: real contact names remain, which
# is why --with-names output must stay inside the board's shared drive and is
# never committed (reports/civi/ is in .gitignore).

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SITE_DIR="$(cd "${CIVI_SITE_DIR:-${ROOT}/../crm-staging}" && pwd)"
OUT_DIR="${ROOT}/reports/civi/events"
SINCE="$(date -d '90 days ago' +%F)"
WITH_NAMES=0

log() { echo "[civi-events] $*" >&2; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --since) SINCE="$2"; shift 2 ;;
    --with-names) WITH_NAMES=1; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done
[[ "${SINCE}" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "--since wants YYYY-MM-DD"

CV=("${SITE_DIR}/vendor/bin/cv" --cwd="${SITE_DIR}")
DRUSH=("${SITE_DIR}/vendor/bin/drush" --root="${SITE_DIR}/web")
[[ -x "${CV[0]}" ]] || die "cv not found in ${SITE_DIR}/vendor/bin"

site_guard() {
  local uri host
  uri="$("${DRUSH[@]}" status --field=uri 2>/dev/null || true)"
  [[ -n "${uri}" ]] || uri="$("${CV[@]}" url 2>/dev/null || true)"
  host="${uri#*://}"
  host="${host%%/*}"
  host="${host%%:*}"
  case "${host}" in
    localhost|127.0.0.1|*.internal|*.test) log "site ${host}" ;;
    *) die "site host '${host}' is not a staging/dev host" ;;
  esac
}

api4() {
  # api4 ENTITY.ACTION JSON-PARAMS
  local out
  if ! out="$("${CV[@]}" api4 "$1" --in=json --out=json <<< "$2" 2>"${TMP}/cv.err")"; then
    die "cv api4 $1 failed: $(head -c 300 "${TMP}/cv.err")"
  fi
  printf '%s' "${out}"
}

initials() {
  jq -r 'split(" ") | map(select(length > 0) | .[0:1] + ".") | join("")' <<< "\"$1\""
}

TMP="$(mktemp -d)"
trap 'rm -rf -- "${TMP}"' EXIT

events_json() {
  api4 Event.get "$(jq -n --arg since "${SINCE}" '{
    select: ["id", "title", "start_date", "max_participants", "event_type_id:label", "is_monetary"],
    where: [["start_date", ">=", $since], ["is_template", "=", false]],
    orderBy: {start_date: "ASC"}, limit: 0}')"
}

participants_json() {
  api4 Participant.get "$(jq -n --argjson id "$1" '{
    select: ["id", "contact_id.display_name", "status_id:name", "role_id:label", "fee_amount", "register_date"],
    where: [["event_id", "=", $id], ["is_test", "=", false]], limit: 0}')"
}

summarise_event() {
  local ev="$1" id title start cap type parts
  id="$(jq -r '.id' <<< "${ev}")"
  title="$(jq -r '.title' <<< "${ev}")"
  start="$(jq -r '.start_date[0:10]' <<< "${ev}")"
  cap="$(jq -r '.max_participants // "∞"' <<< "${ev}")"
  type="$(jq -r '."event_type_id:label" // ""' <<< "${ev}")"
  parts="$(participants_json "${id}")"
  printf '%s\n' "${parts}" > "${TMP}/event-${id}.json"
  jq -r --arg id "${id}" --arg title "${title}" --arg start "${start}" --arg cap "${cap}" --arg type "${type}" '
    [ $id, $title, $start, $type, $cap,
      (map(select(."status_id:name" == "Registered" or ."status_id:name" == "Attended")) | length),
      (map(select(."status_id:name" == "Attended")) | length),
      (map(select(."status_id:name" | test("Cancelled|No-show"))) | length),
      (map(.fee_amount // 0 | tonumber) | add // 0)
    ] | @csv' <<< "${parts}"
}

names_csv() {
  local id="$1" f="${TMP}/event-$1.json"
  jq -r '.[] | [."contact_id.display_name", ."status_id:name", ."role_id:label", .register_date[0:10]] | @tsv' "${f}" |
    while IFS=$'\t' read -r name status role date; do
      if (( WITH_NAMES )); then
        printf '%s,"%s",%s,%s,%s\n' "${id}" "${name//\"/}" "${status}" "${role}" "${date}"
      else
        printf '%s,%s,%s,%s,%s\n' "${id}" "$(initials "${name}")" "${status}" "${role}" "${date}"
      fi
    done
}

totals_by_type() {
  # fees and attendance per event type, from the events CSV we just wrote
  local csv="$1"
  echo
  echo "by event type:"
  tail -n +2 "${csv}" | jq -Rr 'split(",") | map(gsub("^\"|\"$"; "")) | @tsv' |
    awk -F'\t' '
      { t = ($4 == "" ? "(none)" : $4); ev[t]++; reg[t] += $6; att[t] += $7; fee[t] += $9 }
      END {
        for (k in ev) printf "  %-24s %3d events %5d registered %5d attended %10.2f fees\n", k, ev[k], reg[k], att[k], fee[k]
      }' | sort
}

attendance_rate() {
  local csv="$1"
  tail -n +2 "${csv}" | jq -Rr 'split(",") | map(gsub("^\"|\"$"; "")) | @tsv' |
    awk -F'\t' '$6 > 0 { r += $6; a += $7 } END { if (r) printf "overall attendance: %.1f%% (%d of %d)\n", a / r * 100, a, r }'
}

check_tools() {
  local t
  for t in jq column awk; do
    command -v "${t}" >/dev/null || die "${t} is required"
  done
  [[ -x "${DRUSH[0]}" ]] || log "drush not found; falling back to cv url for the site check"
}

main() {
  check_tools
  site_guard
  mkdir -p "${OUT_DIR}"
  local stamp events count
  stamp="$(date +%F)"
  events="$(events_json)"
  count="$(jq 'length' <<< "${events}")"
  log "${count} events since ${SINCE}"
  {
    echo 'event_id,title,start,type,capacity,registered,attended,cancelled_or_noshow,fees'
    jq -c '.[]' <<< "${events}" | while read -r ev; do summarise_event "${ev}"; done
  } > "${TMP}/events.csv"
  {
    echo 'event_id,participant,status,role,registered_on'
    jq -r '.[].id' <<< "${events}" | while read -r id; do
      [[ -f "${TMP}/event-${id}.json" ]] && names_csv "${id}"
    done
  } > "${TMP}/participants.csv"
  mv "${TMP}/events.csv" "${OUT_DIR}/events-${stamp}.csv"
  mv "${TMP}/participants.csv" "${OUT_DIR}/participants-${stamp}.csv"
  column -s, -t < "${OUT_DIR}/events-${stamp}.csv" | head -n 25
  totals_by_type "${OUT_DIR}/events-${stamp}.csv"
  attendance_rate "${OUT_DIR}/events-${stamp}.csv"
  log "wrote reports/civi/events/{events,participants}-${stamp}.csv$( (( WITH_NAMES )) && echo ' (with names)')"
}

main
