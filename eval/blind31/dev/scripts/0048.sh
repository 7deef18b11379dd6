#!/usr/bin/env bash
# mm-audit.sh — read-only Mattermost audit using mmctl in local mode.
#
# Run on the Mattermost host as the mattermost user (local mode talks to the
# server over its unix socket, no token needed):
#
#   sudo -u mattermost tools/mm-audit.sh                # report into reports/mm/
#   sudo -u mattermost tools/mm-audit.sh --post         # also post the summary to ~audit-log
#
# What it lists: system admins, deactivated users still in teams, bots and
# their owners, guest accounts, channels with no posts for N days, and users
# who never logged in. Nothing is changed; --post creates one message in the
# audit channel and nothing else.
#
# Files in reports/mm/<date>/:
#   README.md                  the human-readable report
#   admins.tsv guests.tsv      username, email, last activity
#   deactivated-in-teams.tsv   team, username
#   bots.tsv                   bot, owner id, enabled/disabled
#   never-logged-in.tsv        username, created
#   quiet-channels.tsv         team, channel, last post
#
# Environment: STALE_DAYS (default 120), AUDIT_CHANNEL (default ops:audit-log).
#
# Local mode must be enabled on the server (ServiceSettings.EnableLocalMode)
# and the socket is only readable by the mattermost user, hence `sudo -u`.
# No token or password is involved anywhere in this script.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${ROOT}/reports/mm/$(date +%F)"
STALE_DAYS="${STALE_DAYS:-120}"
AUDIT_CHANNEL="${AUDIT_CHANNEL:-ops:audit-log}"
POST=0
MMCTL=(mmctl --local --json)

log() { printf '[mm-audit] %s\n' "$*" >&2; }
die() { log "fatal: $*"; exit 1; }

for arg in "$@"; do
  case "${arg}" in
    --post) POST=1 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) die "unknown argument ${arg}" ;;
  esac
done

command -v mmctl >/dev/null || die "mmctl not installed"
command -v jq >/dev/null || die "jq not installed"
"${MMCTL[@]}" system version >/dev/null 2>&1 || die "mmctl local mode not available (EnableLocalMode, socket permissions?)"

TMP="$(mktemp -d)"
trap 'rm -rf -- "${TMP}"' EXIT

fetch() {
  log "fetching users"
  "${MMCTL[@]}" user list --all --inactive > "${TMP}/inactive.json" 2>/dev/null || echo '[]' > "${TMP}/inactive.json"
  "${MMCTL[@]}" user list --all > "${TMP}/users.json"
  log "fetching teams"
  "${MMCTL[@]}" team list > "${TMP}/teams.json"
  "${MMCTL[@]}" bot list --all > "${TMP}/bots.json" 2>/dev/null || echo '[]' > "${TMP}/bots.json"
  local team
  for team in $(jq -r '.[].name' "${TMP}/teams.json"); do
    "${MMCTL[@]}" channel list "${team}" > "${TMP}/channels-${team}.json" 2>/dev/null || echo '[]' > "${TMP}/channels-${team}.json"
    "${MMCTL[@]}" team users list "${team}" > "${TMP}/members-${team}.json" 2>/dev/null || echo '[]' > "${TMP}/members-${team}.json"
  done
}

report_admins() {
  jq -r '.[] | select(.roles | test("system_admin")) | [.username, .email, (.last_activity_at // 0 | . / 1000 | strftime("%F"))] | @tsv' \
    "${TMP}/users.json" | sort
}

report_guests() {
  jq -r '.[] | select(.roles | test("system_guest")) | [.username, .email] | @tsv' "${TMP}/users.json" | sort
}

report_never_logged_in() {
  jq -r '.[] | select((.last_activity_at // 0) == 0 and (.is_bot | not)) | [.username, (.create_at / 1000 | strftime("%F"))] | @tsv' \
    "${TMP}/users.json" | sort -k2
}

report_deactivated_members() {
  local team
  jq -r '.[].id' "${TMP}/inactive.json" | sort -u > "${TMP}/inactive.ids"
  for team in $(jq -r '.[].name' "${TMP}/teams.json"); do
    jq -r '.[] | [.id, .username] | @tsv' "${TMP}/members-${team}.json" | sort |
      join -t $'\t' "${TMP}/inactive.ids" - 2>/dev/null | awk -F'\t' -v t="${team}" '{print t "\t" $2}'
  done
}

report_bots() {
  jq -r '.[] | [.username, (.owner_id // "-"), (.delete_at != 0 | if . then "disabled" else "enabled" end)] | @tsv' \
    "${TMP}/bots.json" | sort
}

report_quiet_channels() {
  local cutoff team
  cutoff=$(( ($(date +%s) - STALE_DAYS * 86400) * 1000 ))
  for team in $(jq -r '.[].name' "${TMP}/teams.json"); do
    jq -r --argjson c "${cutoff}" --arg t "${team}" \
      '.[] | select(.delete_at == 0 and (.last_post_at // 0) < $c)
       | [$t, .name, ((.last_post_at // 0) / 1000 | if . == 0 then "never" else strftime("%F") end)] | @tsv' \
      "${TMP}/channels-${team}.json"
  done | sort
}

previous_dir() {
  find "${ROOT}/reports/mm" -mindepth 1 -maxdepth 1 -type d ! -name "$(date +%F)" 2>/dev/null | sort | tail -n 1
}

changes_since_last() {
  # admins and guests that appeared or disappeared since the previous audit
  local prev="$1" kind
  [[ -n "${prev}" ]] || { echo "_first audit; nothing to compare_"; return 0; }
  for kind in admins guests; do
    [[ -f "${prev}/${kind}.tsv" ]] || continue
    local added removed
    added="$(comm -13 <(cut -f1 "${prev}/${kind}.tsv" | sort) <(cut -f1 "${OUT}/${kind}.tsv" | sort) | paste -sd, -)"
    removed="$(comm -23 <(cut -f1 "${prev}/${kind}.tsv" | sort) <(cut -f1 "${OUT}/${kind}.tsv" | sort) | paste -sd, -)"
    printf -- '- %s added: %s\n' "${kind}" "${added:-none}"
    printf -- '- %s removed: %s\n' "${kind}" "${removed:-none}"
  done
}

server_facts() {
  # version and a few config switches that matter for the review
  local cfg="${TMP}/config.json"
  "${MMCTL[@]}" config show > "${cfg}" 2>/dev/null || { echo "- config: unavailable"; return 0; }
  printf -- '- version: %s\n' "$("${MMCTL[@]}" system version 2>/dev/null | jq -r '.version // .Version // "?"')"
  jq -r '
    "- open server: \(.TeamSettings.EnableOpenServer)",
    "- guest accounts: \(.GuestAccountsSettings.Enable)",
    "- MFA enforced: \(.ServiceSettings.EnforceMultifactorAuthentication)",
    "- session length (web, hours): \(.ServiceSettings.SessionLengthWebInHours)",
    "- personal access tokens: \(.ServiceSettings.EnableUserAccessTokens)"' "${cfg}"
}

section() {
  local title="$1" file="$2" n
  n=$(grep -c . "${file}" || true)
  printf '\n## %s (%d)\n\n' "${title}" "${n}"
  if (( n > 0 )); then
    sed 's/\t/ | /g; s/^/- /' "${file}"
  fi
}

main() {
  fetch
  mkdir -p "${OUT}"
  report_admins > "${OUT}/admins.tsv"
  report_guests > "${OUT}/guests.tsv"
  report_never_logged_in > "${OUT}/never-logged-in.tsv"
  report_deactivated_members > "${OUT}/deactivated-in-teams.tsv"
  report_bots > "${OUT}/bots.tsv"
  report_quiet_channels > "${OUT}/quiet-channels.tsv"
  {
    printf '# Mattermost audit %s\n' "$(date +%F)"
    printf '\nusers: %s active, %s inactive; teams: %s\n' \
      "$(jq length "${TMP}/users.json")" "$(jq length "${TMP}/inactive.json")" "$(jq length "${TMP}/teams.json")"
    printf '\n## Server\n\n'
    server_facts
    printf '\n## Changes since last audit\n\n'
    changes_since_last "$(previous_dir)"
    section "System admins" "${OUT}/admins.tsv"
    section "Guests" "${OUT}/guests.tsv"
    section "Deactivated but still team members" "${OUT}/deactivated-in-teams.tsv"
    section "Bots" "${OUT}/bots.tsv"
    section "Never logged in" "${OUT}/never-logged-in.tsv"
    section "Channels quiet for ${STALE_DAYS}+ days" "${OUT}/quiet-channels.tsv"
  } > "${OUT}/README.md"
  log "report in ${OUT#"${ROOT}/"}/README.md"
  if (( POST )); then
    local msg
    msg="Audit $(date +%F): $(wc -l < "${OUT}/admins.tsv") admins, $(wc -l < "${OUT}/deactivated-in-teams.tsv") deactivated team members, $(wc -l < "${OUT}/quiet-channels.tsv") quiet channels. Full report in the ops repo."
    mmctl --local post create "${AUDIT_CHANNEL}" --message "${msg}" >/dev/null
    log "posted summary to ${AUDIT_CHANNEL}"
  fi
}

main
