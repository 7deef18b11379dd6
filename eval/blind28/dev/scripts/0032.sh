#!/usr/bin/env bash
#
# zbuild.conf example:
#   PROFILE=zosmf-dev
#   SRC_PDS=DEV.PAYROLL.COBOL
#   COPY_PDS=DEV.PAYROLL.COPYLIB
#   LIST_PDS=DEV.PAYROLL.LISTING
#
# build-on-host.sh - compile the payroll COBOL on the DEV LPAR and fetch the listings.
#
#   tools/build-on-host.sh            # dry run: shows what would be uploaded/submitted
#   tools/build-on-host.sh --apply    # upload changed members, submit jcl/COMPILE.jcl
#   tools/build-on-host.sh --local    # only compile locally with GnuCOBOL (no mainframe)
#
# Guard rails:
#   - target data sets come from zbuild.conf and must start with DEV. or TEST.
#   - the only JCL submitted is the repo's own jcl/COMPILE.jcl, after checking
#     that it references no PROD data sets
#   - nothing is deleted on the host
# Needs: zowe CLI (profile from zbuild.conf), jq; cobc for --local.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONF="$ROOT/zbuild.conf"
APPLY=0
LOCAL_ONLY=0
STATE_DIR="$ROOT/build/zbuild"
JCL="$ROOT/jcl/COMPILE.jcl"

log() { printf '[zbuild] %s\n' "$*"; }
die() { printf '[zbuild] error: %s\n' "$*" >&2; exit 1; }

for arg in "$@"; do
  case "$arg" in
    --apply) APPLY=1 ;;
    --local) LOCAL_ONLY=1 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown option $arg" ;;
  esac
done

# zbuild.conf is KEY=VALUE; read it without sourcing it.
declare -A CFG=()
read_conf() {
  [[ -f "$CONF" ]] || die "missing $CONF"
  local key value
  while IFS='=' read -r key value; do
    [[ -z "$key" || "$key" == \#* ]] && continue
    CFG["$key"]="$value"
  done <"$CONF"
  : "${CFG[PROFILE]:?PROFILE missing in zbuild.conf}"
  : "${CFG[SRC_PDS]:?SRC_PDS missing in zbuild.conf}"
  : "${CFG[COPY_PDS]:?COPY_PDS missing in zbuild.conf}"
  : "${CFG[LIST_PDS]:?LIST_PDS missing in zbuild.conf}"
}

check_hlq() {
  local dsn="$1"
  case "${dsn%%.*}" in
    DEV|TEST) ;;
    *) die "data set $dsn is outside DEV/TEST; refusing" ;;
  esac
}

z() {
  zowe "$@" --zosmf-profile "${CFG[PROFILE]}" --rfj
}

member_name() {
  local file="$1" base
  base="$(basename "$file")"
  base="${base%.*}"
  printf '%s' "${base^^}" | cut -c1-8
}

changed_files() {
  # files changed since the last successful upload (stamp file), or all
  local stamp="$STATE_DIR/last-upload"
  if [[ -f "$stamp" ]]; then
    find "$ROOT/src" "$ROOT/copybooks" -type f \( -name '*.cbl' -o -name '*.cpy' \) -newer "$stamp"
  else
    find "$ROOT/src" "$ROOT/copybooks" -type f \( -name '*.cbl' -o -name '*.cpy' \)
  fi
}

upload_changed() {
  local file pds member n=0
  while IFS= read -r file; do
    case "$file" in
      *.cbl) pds="${CFG[SRC_PDS]}" ;;
      *.cpy) pds="${CFG[COPY_PDS]}" ;;
      *) continue ;;
    esac
    check_hlq "$pds"
    member="$(member_name "$file")"
    if ((APPLY)); then
      z zos-files upload file-to-data-set "$file" "$pds($member)" >/dev/null
      log "uploaded ${file#"$ROOT"/} -> $pds($member)"
    else
      log "would upload ${file#"$ROOT"/} -> $pds($member)"
    fi
    n=$((n + 1))
  done < <(changed_files)
  log "$n member(s) to upload"
  if ((APPLY)); then
    mkdir -p "$STATE_DIR"
    touch "$STATE_DIR/last-upload"
  fi
}

check_jcl() {
  [[ -f "$JCL" ]] || die "missing $JCL"
  if grep -nE 'DSN=(PROD|SYS1)\.' "$JCL"; then
    die "COMPILE.jcl references production/system data sets"
  fi
  local dsn
  for dsn in $(grep -oE 'DSN=[A-Z0-9.#@$]+' "$JCL" | cut -d= -f2 | sort -u); do
    check_hlq "$dsn"
  done
}

submit_and_wait() {
  local out jobid retcode
  out="$(z zos-jobs submit local-file "$JCL" --wait-for-output)"
  jobid="$(jq -r '.data.jobid' <<<"$out")"
  retcode="$(jq -r '.data.retcode' <<<"$out")"
  log "job $jobid finished with $retcode"
  mkdir -p "$STATE_DIR/$jobid"
  z zos-jobs download output "$jobid" --directory "$STATE_DIR/$jobid" >/dev/null
  log "spool saved to ${STATE_DIR#"$ROOT"/}/$jobid"
  case "$retcode" in
    "CC 0000"|"CC 0004") return 0 ;;
    *) return 1 ;;
  esac
}

fetch_listings() {
  local pds="${CFG[LIST_PDS]}" members m
  check_hlq "$pds"
  members="$(z zos-files list all-members "$pds" | jq -r '.data.apiResponse.items[].member')"
  mkdir -p "$STATE_DIR/listings"
  for m in $members; do
    z zos-files download data-set "$pds($m)" -f "$STATE_DIR/listings/$m.lst" >/dev/null
  done
  log "listings in ${STATE_DIR#"$ROOT"/}/listings"
}

local_compile() {
  command -v cobc >/dev/null || die "GnuCOBOL (cobc) not installed"
  mkdir -p "$ROOT/build/bin"
  local src rc=0
  for src in "$ROOT"/src/*.cbl; do
    [[ -e "$src" ]] || continue
    if cobc -x -I "$ROOT/copybooks" -o "$ROOT/build/bin/$(basename "${src%.cbl}")" "$src"; then
      log "compiled ${src#"$ROOT"/}"
    else
      rc=1
    fi
  done
  return "$rc"
}

main() {
  if ((LOCAL_ONLY)); then
    local_compile
    return
  fi
  command -v zowe >/dev/null || die "zowe CLI not installed"
  command -v jq >/dev/null || die "jq not installed"
  read_conf
  check_hlq "${CFG[SRC_PDS]}"
  check_hlq "${CFG[COPY_PDS]}"
  upload_changed
  check_jcl
  if ((APPLY)); then
    submit_and_wait || die "compile job failed"
    fetch_listings
  else
    log "dry run: would submit ${JCL#"$ROOT"/}; add --apply"
  fi
}

main
