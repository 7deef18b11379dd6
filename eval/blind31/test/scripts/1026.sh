#!/usr/bin/env bash
# rbd-capacity.sh — per-pool RBD capacity and thin-provisioning report.
#
# For every RBD-enabled pool: provisioned vs. used bytes per image (rbd du),
# snapshot counts, images without recent activity (watchers + last modified),
# and the pool's quota. Writes reports/rbd/<date>/<pool>.tsv and prints a
# summary. Strictly read-only: rbd ls/du/info/status/snap ls, ceph osd pool
# get-quota, ceph df.
#
#   tools/rbd-capacity.sh                 # all rbd pools
#   tools/rbd-capacity.sh volumes images  # selected pools
#   CEPH_ID=reporting tools/rbd-capacity.sh
#
# Authentication: the client id in CEPH_ID (default "reporting", a cephx user
# with "profile rbd-read-only" caps). Its keyring path comes from the usual
# /etc/ceph/ceph.client.<id>.keyring; the key itself is never printed.

set -Eeuo pipefail

ROOT="$(git -C "$(dirname "$0")" rev-parse --show-toplevel 2>/dev/null || cd "$(dirname "$0")/.." && pwd)"
DAY="$(date -u +%F)"
OUT="${ROOT}/reports/rbd/${DAY}"
CEPH_ID="${CEPH_ID:-reporting}"
STALE_DAYS="${STALE_DAYS:-60}"
CEPH_ARGS=(--id "${CEPH_ID}" --connect-timeout 20)

say() { printf '%s | %s\n' "$(date -u +%T)" "$*" >&2; }
fail() { say "FAILED: $*"; exit 1; }
trap 'fail "line ${LINENO}: ${BASH_COMMAND}"' ERR

scratch="$(mktemp -d -t rbdcap.XXXXXXXX)"
trap 'rm -rf -- "${scratch}"' EXIT

require() {
  local bin
  for bin in "$@"; do
    command -v "${bin}" >/dev/null 2>&1 || fail "missing ${bin}"
  done
}

human() {
  numfmt --to=iec-i --suffix=B --format='%.1f' "${1:-0}" 2>/dev/null || printf '%sB' "${1:-0}"
}

rbd_pools() {
  ceph "${CEPH_ARGS[@]}" osd pool ls detail --format json |
    jq -r '.[] | select((.application_metadata // {}) | has("rbd")) | .pool_name'
}

pool_quota() {
  ceph "${CEPH_ARGS[@]}" osd pool get-quota "$1" --format json | jq -r '.quota_max_bytes // 0'
}

pool_stored() {
  jq -r --arg p "$1" '.pools[] | select(.name == $p) | .stats.stored' "${scratch}/df.json"
}

image_rows() {
  # name, provisioned, used (from rbd du --format json)
  rbd "${CEPH_ARGS[@]}" du --pool "$1" --format json 2>/dev/null |
    jq -r '.images[]? | select(.snapshot == null) | [.name, .provisioned_size, .used_size] | @tsv'
}

snapshot_count() {
  rbd "${CEPH_ARGS[@]}" snap ls "$1/$2" --format json 2>/dev/null | jq 'length'
}

watchers() {
  rbd "${CEPH_ARGS[@]}" status "$1/$2" --format json 2>/dev/null | jq '.watchers | length'
}

modified_days() {
  local ts
  ts="$(rbd "${CEPH_ARGS[@]}" info "$1/$2" --format json 2>/dev/null | jq -r '.modify_timestamp // empty')"
  if [[ -z "${ts}" ]]; then
    echo "?"
    return
  fi
  echo $(( ( $(date +%s) - $(date -d "${ts}" +%s) ) / 86400 ))
}

report_pool() {
  local pool="$1" name prov used snaps watch age
  local total_prov=0 total_used=0 images=0 stale=0
  local tsv="${OUT}/${pool}.tsv"
  printf 'image\tprovisioned\tused\tsnapshots\twatchers\tmodified_days_ago\n' > "${tsv}.tmp"
  while IFS=$'\t' read -r name prov used; do
    [[ -n "${name}" ]] || continue
    snaps="$(snapshot_count "${pool}" "${name}")"
    watch="$(watchers "${pool}" "${name}")"
    age="$(modified_days "${pool}" "${name}")"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "${name}" "${prov}" "${used}" "${snaps}" "${watch}" "${age}" >> "${tsv}.tmp"
    total_prov=$(( total_prov + prov ))
    total_used=$(( total_used + used ))
    images=$(( images + 1 ))
    if [[ "${watch}" == 0 && "${age}" != "?" ]] && (( age > STALE_DAYS )); then
      stale=$(( stale + 1 ))
    fi
  done < <(image_rows "${pool}")
  mv -f "${tsv}.tmp" "${tsv}"

  local quota ratio
  quota="$(pool_quota "${pool}")"
  ratio="n/a"
  if (( total_used > 0 )); then
    ratio="$(awk -v p="${total_prov}" -v u="${total_used}" 'BEGIN {printf "%.1fx", p / u}')"
  fi
  printf '%-16s %6d images  prov %10s  used %10s  overcommit %6s  quota %10s  stale %d\n' \
    "${pool}" "${images}" "$(human "${total_prov}")" "$(human "${total_used}")" "${ratio}" \
    "$( (( quota > 0 )) && human "${quota}" || echo none)" "${stale}"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "${pool}" "${images}" "${total_prov}" "${total_used}" "${quota}" "${stale}" \
    >> "${scratch}/summary.tsv"
}

largest_images() {
  # top 10 images by used bytes across all reported pools
  local f pool
  for f in "${OUT}"/*.tsv; do
    pool="$(basename "${f}" .tsv)"
    [[ "${pool}" == summary ]] && continue
    tail -n +2 "${f}" | awk -F'\t' -v p="${pool}" 'BEGIN{OFS="\t"} {print p "/" $1, $3}'
  done | sort -t$'\t' -k2,2nr | head -n 10 | while IFS=$'\t' read -r image used; do
    printf '  %-48s %10s\n' "${image}" "$(human "${used}")"
  done
}

stale_images() {
  # images nobody has open and nobody modified for STALE_DAYS, candidates for the cleanup ticket
  local f pool
  for f in "${OUT}"/*.tsv; do
    pool="$(basename "${f}" .tsv)"
    [[ "${pool}" == summary ]] && continue
    tail -n +2 "${f}" | awk -F'\t' -v p="${pool}" -v d="${STALE_DAYS}" \
      '$5 == 0 && $6 != "?" && $6 > d {printf "  %-48s %5s days, %s snapshots\n", p "/" $1, $6, $4}'
  done
}

trend() {
  # compare used bytes per pool with the previous report, if there is one
  local prev
  prev="$(find "${ROOT}/reports/rbd" -mindepth 1 -maxdepth 1 -type d ! -name "${DAY}" 2>/dev/null | sort | tail -n 1)"
  [[ -n "${prev}" && -f "${prev}/summary.tsv" ]] || return 0
  echo "change since $(basename "${prev}"):"
  join -t $'\t' <(tail -n +2 "${prev}/summary.tsv" | sort) <(tail -n +2 "${OUT}/summary.tsv" | sort) |
    awk -F'\t' '{printf "  %-16s %+.1f GiB\n", $1, ($9 - $4) / 1073741824}'
}

main() {
  require ceph rbd jq numfmt awk
  mkdir -p "${OUT}"
  ceph "${CEPH_ARGS[@]}" df --format json > "${scratch}/df.json"
  : > "${scratch}/summary.tsv"

  local pools=()
  if (( $# )); then
    pools=("$@")
  else
    mapfile -t pools < <(rbd_pools)
  fi
  (( ${#pools[@]} )) || fail "no RBD pools found"
  say "reporting on ${#pools[@]} pool(s) as client.${CEPH_ID}"

  local pool
  for pool in "${pools[@]}"; do
    report_pool "${pool}"
  done
  {
    printf 'pool\timages\tprovisioned\tused\tquota\tstale\n'
    cat "${scratch}/summary.tsv"
  } > "${OUT}/summary.tsv"

  echo
  echo "largest images:"
  largest_images
  echo
  echo "stale images (no watchers, unmodified > ${STALE_DAYS} days):"
  stale_images
  echo
  trend
  echo
  for pool in "${pools[@]}"; do
    printf 'stored in %-16s %10s\n' "${pool}" "$(human "$(pool_stored "${pool}")")"
  done
  say "reports in ${OUT#"${ROOT}/"}"
}

main "$@"
