#!/usr/bin/env bash
# ceph-health-summary.sh — summarise Ceph cluster health for the storage stand-up.
#
# Read-only. Gathers `ceph status`, `ceph osd df`, `ceph df` and `ceph health
# detail` as JSON, turns them into a short text summary in
# reports/ceph/<date>/summary.txt and optionally posts that summary to the
# team's Slack channel (--notify, needs SLACK_BOT_TOKEN and SLACK_CHANNEL in .env).
#
# On the admin hosts the ceph CLI needs the client.admin keyring, which only
# root can read, so we use `sudo -n ceph ...` when the keyring is not readable.
# The sudoers entry for the storage team allows exactly the read commands below.

set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPORT_BASE="${PROJECT_ROOT}/reports/ceph"
STAMP="$(date +%Y-%m-%d_%H%M)"
OUT_DIR="${REPORT_BASE}/${STAMP}"
WORK_DIR=""
NOTIFY=0
CLUSTER="${CEPH_CLUSTER:-ceph}"
KEYRING="/etc/ceph/${CLUSTER}.client.admin.keyring"
NEAR_FULL_PCT="${NEAR_FULL_PCT:-75}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  cat <<'EOF'
usage: tools/ceph-health-summary.sh [--notify] [--cluster NAME]

  --notify         post the summary to Slack (SLACK_BOT_TOKEN, SLACK_CHANNEL)
  --cluster NAME   ceph cluster name (default: ceph)
EOF
}

cleanup() {
  if [[ -n "${WORK_DIR}" && -d "${WORK_DIR}" ]]; then
    rm -rf -- "${WORK_DIR}"
  fi
}
trap cleanup EXIT

while [[ $# -gt 0 ]]; do
  case "$1" in
    --notify) NOTIFY=1; shift ;;
    --cluster) CLUSTER="$2"; KEYRING="/etc/ceph/${CLUSTER}.client.admin.keyring"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; die "unknown argument: $1" ;;
  esac
done

command -v ceph >/dev/null 2>&1 || die "ceph CLI not installed (apt install ceph-common)"
command -v jq >/dev/null 2>&1 || die "jq not installed"

CEPH=(ceph --cluster "${CLUSTER}" --connect-timeout 15)
if [[ ! -r "${KEYRING}" ]]; then
  log "keyring ${KEYRING} not readable; using sudo -n for read-only ceph queries"
  CEPH=(sudo -n "${CEPH[@]}")
fi

load_env() {
  local env_file="${PROJECT_ROOT}/.env"
  [[ -f "${env_file}" ]] || return 0
  local key value
  while IFS='=' read -r key value; do
    [[ -z "${key}" || "${key}" == \#* ]] && continue
    case "${key}" in
      SLACK_BOT_TOKEN|SLACK_CHANNEL) printf -v "${key}" '%s' "${value//\"/}" ;;
    esac
  done < "${env_file}"
}

mask() {
  local s="$1"
  if (( ${#s} > 10 )); then
    printf '%s…%s' "${s:0:5}" "${s: -3}"
  else
    printf '…'
  fi
}

query() {
  # query NAME ARGS... : run a ceph subcommand with JSON output into WORK_DIR/NAME.json
  local name="$1"; shift
  if ! "${CEPH[@]}" "$@" --format json > "${WORK_DIR}/${name}.json" 2> "${WORK_DIR}/${name}.err"; then
    log "ceph $* failed: $(head -n 3 "${WORK_DIR}/${name}.err")"
    return 1
  fi
}

summarise() {
  local status="${WORK_DIR}/status.json"
  local osd_df="${WORK_DIR}/osd_df.json"
  local df="${WORK_DIR}/df.json"
  local detail="${WORK_DIR}/health_detail.json"

  local health fsid mons osds up in pgs_total
  health="$(jq -r '.health.status' "${status}")"
  fsid="$(jq -r '.fsid' "${status}")"
  mons="$(jq -r '.monmap.num_mons // (.monmap.mons | length)' "${status}")"
  osds="$(jq -r '.osdmap.num_osds' "${status}")"
  up="$(jq -r '.osdmap.num_up_osds' "${status}")"
  in="$(jq -r '.osdmap.num_in_osds' "${status}")"
  pgs_total="$(jq -r '.pgmap.num_pgs' "${status}")"

  echo "Ceph cluster ${CLUSTER} (${fsid})"
  echo "  health:   ${health}"
  echo "  mons:     ${mons}"
  echo "  osds:     ${osds} total, ${up} up, ${in} in"
  echo "  pgs:      ${pgs_total}"
  jq -r '.pgmap.pgs_by_state[]? | "    \(.count) \(.state_name)"' "${status}"

  echo
  echo "Raw capacity:"
  jq -r '.stats | "  used \(.total_used_raw_bytes / 1073741824 | floor) GiB of \(.total_bytes / 1073741824 | floor) GiB (\(.total_used_raw_ratio * 100 | floor)%)"' "${df}"

  echo
  echo "Pools:"
  jq -r '.pools[] | "  \(.name): \(.stats.stored / 1073741824 * 10 | floor / 10) GiB stored, \(.stats.percent_used * 100 | floor)% used"' "${df}"

  echo
  echo "OSDs above ${NEAR_FULL_PCT}% utilisation:"
  local near
  near="$(jq -r --argjson pct "${NEAR_FULL_PCT}" \
    '.nodes[] | select(.utilization > $pct) | "  osd.\(.id) on \(.name): \(.utilization | floor)%"' "${osd_df}")"
  if [[ -n "${near}" ]]; then echo "${near}"; else echo "  none"; fi

  echo
  echo "Health checks:"
  jq -r '.checks // {} | to_entries[] | "  [\(.value.severity)] \(.key): \(.value.summary.message)"' "${detail}" \
    | sed 's/^$/  none/'
}

post_to_slack() {
  local text_file="$1"
  [[ -n "${SLACK_BOT_TOKEN:-}" && -n "${SLACK_CHANNEL:-}" ]] || die "--notify needs SLACK_BOT_TOKEN and SLACK_CHANNEL"
  log "posting summary to Slack channel ${SLACK_CHANNEL} (token $(mask "${SLACK_BOT_TOKEN}"))"
  local payload attempt=1 delay=2 response
  payload="$(jq -n --arg ch "${SLACK_CHANNEL}" --rawfile body "${text_file}" \
    '{channel: $ch, text: ("```\n" + $body + "```")}')"
  while (( attempt <= 4 )); do
    if response="$(curl -sS --max-time 20 -X POST https://slack.com/api/chat.postMessage \
        -H "Authorization: Bearer ${SLACK_BOT_TOKEN}" \
        -H 'Content-Type: application/json; charset=utf-8' \
        --data "${payload}")"; then
      if [[ "$(jq -r '.ok' <<<"${response}")" == "true" ]]; then
        log "posted"
        return 0
      fi
      log "slack said: $(jq -r '.error' <<<"${response}")"
    fi
    log "retry ${attempt}/4 in ${delay}s"
    sleep "${delay}"
    delay=$(( delay * 2 ))
    attempt=$(( attempt + 1 ))
  done
  die "could not post to Slack"
}

main() {
  load_env
  WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/ceph-summary.XXXXXX")"
  log "collecting from cluster ${CLUSTER}"
  query status status
  query osd_df osd df tree
  query df df detail
  query health_detail health detail
  mkdir -p "${OUT_DIR}"
  summarise > "${WORK_DIR}/summary.txt"
  cp "${WORK_DIR}"/*.json "${OUT_DIR}/"
  mv "${WORK_DIR}/summary.txt" "${OUT_DIR}/summary.txt"
  ln -sfn "${STAMP}" "${REPORT_BASE}/latest"
  cat "${OUT_DIR}/summary.txt"
  log "report: ${OUT_DIR#"${PROJECT_ROOT}/"}"
  if (( NOTIFY )); then
    post_to_slack "${OUT_DIR}/summary.txt"
  fi
}

main "$@"
