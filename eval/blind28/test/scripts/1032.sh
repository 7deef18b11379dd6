#!/usr/bin/env bash
#
# History
#   2023-11  first version, one data set at a time
#   2024-01  pattern support and MANIFEST.tsv
#   2024-03  --verify (member counts)
#   2024-05  pruning by --keep-days
#   2024-06  concurrent downloads (4 requests)
#
# Contacts
#   billing batch team (#billing-batch)
#   mainframe platform (for profile/RACF issues)
#
# License: internal use only.
#
#
# Layout of a backup:
#   backup/2024-06-14/TEST.BILLING.SOURCE/billcalc.txt
#   backup/2024-06-14/TEST.BILLING.COPYLIB/custrec.txt
#   backup/2024-06-14/MANIFEST.tsv          data set name <TAB> member count
#
# Members are downloaded in text mode (EBCDIC -> UTF-8 by z/OSMF), which is
# what we want for COBOL source and copybooks.  Load libraries (record format
# U) are skipped by the dsorg filter because they are not PO text data sets.
#
# --verify compares member counts only; content drift is caught by the CI job
# that diffs consecutive backups in git.
#
# Scheduling: the CI pipeline "pds-backup" runs this nightly at 02:15 with the
# technical user TSTBKP1, then commits backup/ to the backup branch.  Running it
# locally is fine; it uses your own profile and writes to your checkout.
#
# Troubleshooting:
#   "listing ... failed"     profile missing or password expired:
#                            zowe config secure --global-config
#   slow downloads           lower --max-concurrent-requests (z/OSMF limits)
#   empty members            the member is a load module alias; ignore
#
# Exit status: 0 ok, 1 some data set failed or verification mismatch.
#
# Retention: backups older than --keep-days (default 30) are removed from
# backup/ by name; dated folders are the only thing pruned.
#
# See also: tools/cobol_tests.py (local/host unit tests), tools/uss-sync.js.
#
# pds-backup.sh - nightly text backup of the billing team's TEST partitioned data sets.
#
#   tools/pds-backup.sh                   back up every PDS matching TEST.BILLING.*
#   tools/pds-backup.sh -p 'TEST.BILLING.SOURCE'   one data set
#   tools/pds-backup.sh --verify          compare the latest backup with the host, no download
#
# Members are downloaded with `zowe zos-files download all-members` into
# backup/<date>/<DSN>/ and committed to the backup branch of this repo by the
# CI job (not by this script).  The pattern must start with TEST. - the
# script refuses anything else so nobody points it at production libraries.
#
# Requirements: zowe CLI v2/v3 with a team config (zowe.config.json) in the
# repo, jq, and a profile name in ZOWE_PROFILE (default zosmf-test).

set -o errexit -o nounset -o pipefail

top=$(git -C "$(dirname -- "$0")" rev-parse --show-toplevel)
profile=${ZOWE_PROFILE:-zosmf-test}
pattern='TEST.BILLING.*'
verify_only=0
today=$(date +%Y-%m-%d)
backup_root="$top/backup"
keep_days=30
tmp_json=""

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "FATAL: $*" >&2; exit 1; }
finish() { [[ -n $tmp_json ]] && rm -f -- "$tmp_json"; }
trap finish EXIT

while (($#)); do
  case $1 in
    -p) pattern=$2; shift 2 ;;
    --verify) verify_only=1; shift ;;
    --keep-days) keep_days=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

case $pattern in
  TEST.*) ;;
  *) die "pattern must start with TEST. (got $pattern)" ;;
esac
[[ $keep_days =~ ^[0-9]+$ ]] || die "--keep-days expects a number"
command -v zowe >/dev/null || die "the zowe CLI is not installed"
command -v jq >/dev/null || die "jq is not installed"

zj() {
  zowe "$@" --zosmf-profile "$profile" --rfj
}

list_pds() {
  tmp_json=$(mktemp)
  zj zos-files list data-set "$pattern" --attributes >"$tmp_json" || die "listing $pattern failed"
  jq -r '.data.apiResponse.items[] | select(.dsorg == "PO" or .dsorg == "PO-E") | .dsname' "$tmp_json"
}

member_count() {
  zj zos-files list all-members "$1" | jq '.data.apiResponse.returnedRows // 0'
}

backup_pds() {
  local dsn=$1 dir
  case $dsn in
    TEST.*) ;;
    *) die "host returned $dsn outside TEST.*" ;;
  esac
  dir="$backup_root/$today/$dsn"
  mkdir -p "$dir"
  zj zos-files download all-members "$dsn" --directory "$dir" --max-concurrent-requests 4 >/dev/null \
    || { log "download of $dsn failed"; return 1; }
  local n
  n=$(find "$dir" -type f | wc -l)
  log "$dsn: $n member(s) -> ${dir#"$top"/}"
  printf '%s\t%s\n' "$dsn" "$n" >>"$backup_root/$today/MANIFEST.tsv"
}

verify_latest() {
  local latest dsn expected actual bad=0
  latest=$(ls -1d "$backup_root"/20*/ 2>/dev/null | sort | tail -n 1)
  [[ -n $latest ]] || die "no backup found in ${backup_root#"$top"/}"
  log "verifying ${latest#"$top"/} against the host"
  while IFS=$'\t' read -r dsn expected; do
    actual=$(member_count "$dsn")
    if [[ $actual == "$expected" ]]; then
      log "  $dsn: $actual member(s), matches"
    else
      log "  $dsn: backup has $expected, host has $actual"
      bad=$((bad + 1))
    fi
  done <"${latest%/}/MANIFEST.tsv"
  ((bad == 0)) || die "$bad data set(s) changed since the last backup"
}

prune() {
  local dir day cutoff
  cutoff=$(date -d "-$keep_days days" +%Y-%m-%d)
  for dir in "$backup_root"/20*/; do
    [[ -d $dir ]] || continue
    day=$(basename "$dir")
    if [[ $day < $cutoff ]]; then
      rm -rf -- "${dir%/}"
      log "pruned backup $day"
    fi
  done
}

report_sizes() {
  local dir="$backup_root/$today"
  [[ -d $dir ]] || return 0
  log "backup size: $(du -sh "$dir" | cut -f1) in $(find "$dir" -type f | wc -l) file(s)"
}

main() {
  trap 'finish; report_sizes' EXIT
  if ((verify_only)); then
    verify_latest
    return
  fi
  mkdir -p "$backup_root/$today"
  : >"$backup_root/$today/MANIFEST.tsv"
  local dsn total=0 failed=0
  while IFS= read -r dsn; do
    [[ -n $dsn ]] || continue
    if backup_pds "$dsn"; then
      total=$((total + 1))
    else
      failed=$((failed + 1))
    fi
  done < <(list_pds)
  log "$total data set(s) backed up, $failed failed"
  prune
  ((failed == 0))
}

main
