#!/usr/bin/env bash
# zfs-replicate.sh — incremental local replication of the project datasets
# from the fast pool to the backup pool on the same storage host.
#
#   sudo tools/zfs-replicate.sh             # replicate everything in DATASETS
#   sudo tools/zfs-replicate.sh --dry-run   # show the send/receive plan only
#
# How it works, per dataset:
#   1. take a snapshot  <src>@repl-<timestamp>
#   2. find the newest repl-* snapshot that also exists on the target
#   3. zfs send -I <common> <new> | zfs receive -F -u <dst>
#      (or a full send the first time)
#   4. keep the newest KEEP repl-* snapshots on both sides, destroy older ones
#
# `zfs receive -F` rolls the *target* back to the common snapshot before
# applying the stream. That is intended: the targets under backup/replica/
# are only ever written by this script. Both source and target names are
# checked against the allow-lists below before anything runs, and only
# snapshots named repl-* are ever destroyed.

set -euo pipefail

DATASETS=("fast/projects/atlas" "fast/projects/atlas-data" "fast/ci/artifacts")
SRC_PREFIX="fast/"
DST_ROOT="backup/replica"
KEEP=14
PREFIX="repl-"
DRY_RUN=0
LOCK="/run/lock/zfs-replicate.lock"

log() { logger -t zfs-replicate -- "$*" 2>/dev/null || true; printf '[%s] %s\n' "$(date +%T)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

for arg in "$@"; do
  case "${arg}" in
    --dry-run) DRY_RUN=1 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) die "unknown argument ${arg}" ;;
  esac
done

[[ ${EUID} -eq 0 ]] || die "needs root (zfs send/receive)"
command -v zfs >/dev/null || die "zfs not installed"

exec 9>"${LOCK}"
flock -n 9 || die "another replication is running"

run() {
  if (( DRY_RUN )); then
    printf '  would run: %s\n' "$*"
  else
    "$@"
  fi
}

target_for() {
  local src="$1"
  printf '%s/%s\n' "${DST_ROOT}" "${src#"${SRC_PREFIX}"}"
}

check_names() {
  local src="$1" dst="$2"
  [[ "${src}" == "${SRC_PREFIX}"* ]] || die "source ${src} outside ${SRC_PREFIX}"
  [[ "${dst}" == "${DST_ROOT}/"* ]] || die "target ${dst} outside ${DST_ROOT}"
  [[ "${dst}" != "${DST_ROOT}/" ]] || die "empty target name"
}

snapshots_of() {
  # newest last; only our replication snapshots
  zfs list -H -t snapshot -o name -s createtxg -d 1 "$1" 2>/dev/null | awk -F@ -v p="${PREFIX}" 'index($2, p) == 1 {print $2}'
}

latest_common() {
  local src="$1" dst="$2"
  comm -12 <(snapshots_of "${src}" | sort) <(snapshots_of "${dst}" | sort) | while read -r s; do
    printf '%s\t%s\n' "$(zfs get -H -p -o value createtxg "${src}@${s}")" "${s}"
  done | sort -n | tail -n 1 | cut -f2
}

ensure_parent() {
  local dst="$1" parent="${1%/*}"
  if ! zfs list -H -o name "${parent}" >/dev/null 2>&1; then
    run zfs create -p -o canmount=off "${parent}"
  fi
}

replicate_one() {
  local src="$1" dst stamp snap common
  dst="$(target_for "${src}")"
  check_names "${src}" "${dst}"
  stamp="$(date -u +%Y%m%dT%H%M%SZ)"
  snap="${PREFIX}${stamp}"
  log "${src} -> ${dst}"
  run zfs snapshot "${src}@${snap}"
  ensure_parent "${dst}"
  if zfs list -H -o name "${dst}" >/dev/null 2>&1; then
    common="$(latest_common "${src}" "${dst}")"
    [[ -n "${common}" ]] || die "${dst} exists but has no common ${PREFIX} snapshot with ${src}; fix manually"
    log "  incremental from @${common}"
    if (( DRY_RUN )); then
      printf '  would run: zfs send -I @%s %s@%s | zfs receive -F -u %s\n' "${common}" "${src}" "${snap}" "${dst}"
    else
      zfs send -I "@${common}" "${src}@${snap}" | zfs receive -F -u "${dst}"
    fi
  else
    log "  full send (first run)"
    if (( DRY_RUN )); then
      printf '  would run: zfs send %s@%s | zfs receive -u %s\n' "${src}" "${snap}" "${dst}"
    else
      zfs send "${src}@${snap}" | zfs receive -u "${dst}"
    fi
  fi
}

prune() {
  local ds="$1" total excess s
  mapfile -t snaps < <(snapshots_of "${ds}")
  total=${#snaps[@]}
  excess=$(( total - KEEP ))
  (( excess > 0 )) || return 0
  for s in "${snaps[@]:0:${excess}}"; do
    [[ "${s}" == "${PREFIX}"* ]] || continue
    log "  prune ${ds}@${s}"
    run zfs destroy "${ds}@${s}"
  done
}

report() {
  local src dst
  printf '\n%-32s %-36s %10s %s\n' SOURCE TARGET USED LATEST
  for src in "${DATASETS[@]}"; do
    dst="$(target_for "${src}")"
    printf '%-32s %-36s %10s %s\n' "${src}" "${dst}" \
      "$(zfs get -H -o value used "${dst}" 2>/dev/null || echo -)" \
      "$(snapshots_of "${dst}" | tail -n 1)"
  done
}

check_space() {
  # refuse to start when the backup pool is nearly full; a failed receive
  # half-way through leaves a resumable token that is annoying to clean up
  local pool="${DST_ROOT%%/*}" cap
  cap="$(zpool list -H -o capacity "${pool}" | tr -d '%')"
  if (( cap >= 90 )); then
    die "backup pool ${pool} is ${cap}% full"
  elif (( cap >= 80 )); then
    log "warning: backup pool ${pool} is ${cap}% full"
  fi
}

resume_tokens() {
  # report interrupted receives so they can be resumed or aborted by hand
  local dst token
  for dst in $(zfs list -H -o name -r "${DST_ROOT}" 2>/dev/null); do
    token="$(zfs get -H -o value receive_resume_token "${dst}")"
    if [[ "${token}" != "-" ]]; then
      log "interrupted receive on ${dst}; resume with: zfs send -t <token> | zfs receive -s ${dst}"
    fi
  done
}

main() {
  local src failures=0
  check_space
  resume_tokens
  zfs list -H -o name "${DST_ROOT%%/*}" >/dev/null || die "backup pool ${DST_ROOT%%/*} not imported"
  for src in "${DATASETS[@]}"; do
    if ! zfs list -H -o name "${src}" >/dev/null 2>&1; then
      log "skip ${src}: does not exist"
      continue
    fi
    if replicate_one "${src}"; then
      prune "${src}"
      prune "$(target_for "${src}")"
    else
      failures=$(( failures + 1 ))
    fi
  done
  (( DRY_RUN )) || report
  (( failures == 0 )) || die "${failures} dataset(s) failed"
  log "replication finished"
}

main
