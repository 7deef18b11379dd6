#!/usr/bin/env bash
# annex-labstore.sh - set up and use the lab's rsync special remote for the
# recordings dataset.
#
#   tools/annex-labstore.sh init       # initremote (first machine) or enableremote
#   tools/annex-labstore.sh copy       # git annex copy --to labstore (never drops)
#   tools/annex-labstore.sh status     # where is everything
#
# The remote lives on labstore.internal (our own server, ssh key auth via the
# user's normal ssh config). numcopies is set to 2 so that no later `drop`
# anywhere can remove the last copy.
set -euo pipefail

DS="$(git rev-parse --show-toplevel)"
cd "$DS"
REMOTE_NAME="labstore"
RSYNC_URL="${LABSTORE_URL:-annex@labstore.internal:/srv/annex/recordings}"
ENCRYPTION="none"
PATHS=(recordings derived)
JOBS=4

note() { echo "[labstore] $*"; }
fail() { echo "[labstore] error: $*" >&2; exit 1; }

require() {
  local t
  for t in git git-annex rsync ssh; do
    command -v "$t" >/dev/null || fail "$t missing"
  done
  git config annex.uuid >/dev/null || fail "$DS is not a git-annex repository"
}

remote_known() {
  git annex info --fast 2>/dev/null | grep -q "\[$REMOTE_NAME\]" \
    || git config "remote.$REMOTE_NAME.annex-uuid" >/dev/null 2>&1
}

host_of() {
  local url="$1"
  url="${url#*@}"
  printf '%s' "${url%%:*}"
}

check_host() {
  local host
  host="$(host_of "$RSYNC_URL")"
  case "$host" in
    *.internal) ;;
    *) fail "special remote host $host is not lab infrastructure (*.internal)" ;;
  esac
  if ! ssh -o BatchMode=yes -o ConnectTimeout=8 "${RSYNC_URL%%:*}" true 2>/dev/null; then
    fail "cannot ssh to ${RSYNC_URL%%:*} (VPN up? key loaded?)"
  fi
}

cmd_init() {
  check_host
  if remote_known; then
    note "remote $REMOTE_NAME already known; enabling it here"
    git annex enableremote "$REMOTE_NAME"
  else
    note "creating special remote $REMOTE_NAME -> $RSYNC_URL"
    git annex initremote "$REMOTE_NAME" type=rsync rsyncurl="$RSYNC_URL" \
      encryption="$ENCRYPTION" chunk=512MiB
  fi
  git annex numcopies 2
  git annex wanted "$REMOTE_NAME" "include=recordings/* or include=derived/*"
  git annex group "$REMOTE_NAME" backup
  note "numcopies=2, preferred content set"
}

cmd_copy() {
  remote_known || fail "remote not set up; run: $0 init"
  check_host
  local before after
  before="$(git annex find --in="$REMOTE_NAME" "${PATHS[@]}" 2>/dev/null | wc -l)"
  note "copying to $REMOTE_NAME ($JOBS jobs)"
  git annex copy --to "$REMOTE_NAME" --jobs "$JOBS" --auto --quiet "${PATHS[@]}" || {
    note "some transfers failed; rerun to resume (already copied files are skipped)"
  }
  after="$(git annex find --in="$REMOTE_NAME" "${PATHS[@]}" 2>/dev/null | wc -l)"
  note "$((after - before)) new file(s) on $REMOTE_NAME, $after total"
  git annex sync --no-content --message "labstore copy $(date +%F)" >/dev/null
}

cmd_status() {
  local total here remote only_here
  total="$(git annex find --include='*' "${PATHS[@]}" | wc -l)"
  here="$(git annex find --in=here "${PATHS[@]}" | wc -l)"
  remote="$(git annex find --in="$REMOTE_NAME" "${PATHS[@]}" 2>/dev/null | wc -l)"
  only_here="$(git annex find --in=here --not --in="$REMOTE_NAME" "${PATHS[@]}" 2>/dev/null | wc -l)"
  printf '%-28s %8s\n' "annexed files" "$total" "present here" "$here" "on $REMOTE_NAME" "$remote" \
    "only here (not backed up)" "$only_here"
  if (( only_here > 0 )); then
    note "run '$0 copy' before taking the laptop into the field"
  fi
  git annex numcopies
}

cmd_verify() {
  # fsck a sample of files on the remote side (checks the remote copy, downloads nothing)
  local -a sample
  mapfile -t sample < <(git annex find --in="$REMOTE_NAME" "${PATHS[@]}" | shuf -n 10 2>/dev/null || true)
  (( ${#sample[@]} )) || { note "nothing on $REMOTE_NAME yet"; return 0; }
  note "checking ${#sample[@]} random file(s) on $REMOTE_NAME"
  git annex fsck --from "$REMOTE_NAME" --fast -- "${sample[@]}"
}

cmd_usage_report() {
  # size per top-level folder on the remote, for the storage budget
  local p size
  for p in "${PATHS[@]}"; do
    size="$(git annex info --fast --bytes "$p" 2>/dev/null | awk '/size of annexed files in working tree/ {print $NF}')"
    printf '%-12s %12s bytes\n' "$p" "${size:-0}"
  done
}

cmd_missing_report() {
  # files that exist only on this laptop, grouped by session folder, with sizes
  local report="$DS/.git/labstore-missing.txt" file size dir
  : >"$report"
  declare -A per_dir=()
  declare -A bytes_dir=()
  while IFS= read -r file; do
    dir="$(dirname "$file")"
    size="$(git annex info --fast --bytes "$file" 2>/dev/null | awk '/^size:/ {print $2}')"
    per_dir["$dir"]=$(( ${per_dir["$dir"]:-0} + 1 ))
    bytes_dir["$dir"]=$(( ${bytes_dir["$dir"]:-0} + ${size:-0} ))
    printf '%s\n' "$file" >>"$report"
  done < <(git annex find --in=here --not --in="$REMOTE_NAME" "${PATHS[@]}" 2>/dev/null)
  if (( ${#per_dir[@]} == 0 )); then
    note "everything present here is also on $REMOTE_NAME"
    return 0
  fi
  printf '%-40s %6s %12s\n' "folder" "files" "MiB"
  for dir in "${!per_dir[@]}"; do
    printf '%-40s %6d %12d\n' "$dir" "${per_dir[$dir]}" "$(( ${bytes_dir[$dir]} / 1048576 ))"
  done | sort
  note "full list in ${report#$DS/}"
}

cmd_doctor() {
  # the usual reasons a copy run fails, checked up front
  local problems=0
  if ! git annex version --raw >/dev/null 2>&1; then
    note "git-annex not working"
    problems=$((problems + 1))
  fi
  if [[ "$(git config annex.sshcaching || echo true)" != "true" ]]; then
    note "annex.sshcaching is off; transfers will open one ssh connection per file"
  fi
  if ! remote_known; then
    note "remote $REMOTE_NAME not initialised here"
    problems=$((problems + 1))
  fi
  local nc
  nc="$(git annex numcopies 2>/dev/null | grep -oE '[0-9]+' | head -n 1)"
  if [[ "${nc:-1}" -lt 2 ]]; then
    note "numcopies is ${nc:-1}; lab policy is 2"
    problems=$((problems + 1))
  fi
  local free_kb
  free_kb="$(df -Pk "$DS" | awk 'NR == 2 {print $4}')"
  if (( free_kb < 10485760 )); then
    note "less than 10 GiB free on the dataset disk"
  fi
  (( problems == 0 )) && note "doctor: no problems found"
  return "$problems"
}

main() {
  require
  case "${1:-status}" in
    missing) cmd_missing_report ;;
    doctor) cmd_doctor ;;
    init) cmd_init ;;
    copy) cmd_copy ;;
    status) cmd_status ;;
    verify) cmd_verify ;;
    usage) cmd_usage_report ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
}

main "$@"
