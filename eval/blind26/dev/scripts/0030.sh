#!/usr/bin/env bash
# lab-sync.sh - end-of-day sync of the fieldwork dataset.
#
#   save     datalad save everything under data/ with a dated message
#   push     datalad push to the 'labshare' sibling (git + annexed content)
#   mirror   rclone copy of derived/ (plain files, no annex) to the group drive
#   free     drop local annexed content that has >= N copies elsewhere
#   report   what is where
#
# Flags: --apply (needed for free), --copies N (default 2), --dry-run
set -o errexit -o nounset -o pipefail

DS_ROOT="$(git rev-parse --show-toplevel)"
SIBLING="${LAB_SIBLING:-labshare}"
RCLONE_REMOTE="${RCLONE_REMOTE:-labdrive:fieldwork-2026}"
MIN_COPIES=2
APPLY=0
DRY=0
LOGFILE="$DS_ROOT/.git/lab-sync.log"

log() {
  local msg="[$(date '+%F %T')] $*"
  echo "$msg" >&2
  echo "$msg" >>"$LOGFILE"
}
die() { log "fatal: $*"; exit 1; }

run() {
  log "+ $*"
  if (( DRY )); then return 0; fi
  "$@"
}

require() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null 2>&1 || die "missing tool: $t"
  done
}

parse() {
  ACTIONS=()
  while (( $# )); do
    case "$1" in
      --apply) APPLY=1 ;;
      --dry-run) DRY=1 ;;
      --copies) MIN_COPIES="$2"; shift ;;
      save|push|mirror|free|report) ACTIONS+=("$1") ;;
      -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
      *) die "unknown argument: $1" ;;
    esac
    shift
  done
  (( ${#ACTIONS[@]} )) || ACTIONS=(save push report)
  [[ "$MIN_COPIES" =~ ^[1-9][0-9]*$ ]] || die "--copies must be a positive integer"
}

check_dataset() {
  [[ -d "$DS_ROOT/.datalad" ]] || die "$DS_ROOT is not a DataLad dataset"
  if ! git -C "$DS_ROOT" remote | grep -qx "$SIBLING"; then
    die "sibling '$SIBLING' not configured (datalad siblings)"
  fi
}

do_save() {
  local changed
  changed="$(datalad status --annex -r 2>/dev/null | grep -cv '^$' || true)"
  if [[ "$changed" == 0 ]]; then
    log "nothing to save"
    return 0
  fi
  run datalad save -r -m "fieldwork sync $(date +%F) on $(hostname -s)" data/
}

do_push() {
  local attempt=1
  until run datalad push -r --to "$SIBLING" --data auto-if-wanted; do
    (( attempt >= 4 )) && die "push failed after $attempt attempts"
    log "push failed (attempt $attempt), retrying in $((attempt * 30))s"
    sleep $((attempt * 30))
    attempt=$((attempt + 1))
  done
}

do_mirror() {
  require rclone
  [[ -d "$DS_ROOT/derived" ]] || { log "no derived/ folder"; return 0; }
  # derived/ is plain git-ignored output; copy (never sync) so the drive keeps history
  run rclone copy "$DS_ROOT/derived" "$RCLONE_REMOTE/derived" \
    --checksum --transfers 4 --exclude '*.tmp' --exclude '.ipynb_checkpoints/**' \
    --log-file "$DS_ROOT/.git/rclone.log" --log-level INFO
}

copies_of() {
  # number of remotes other than here holding the file
  git annex whereis --json "$1" 2>/dev/null \
    | jq '[.whereis[] | select(.here == false)] | length' \
    | sort -n | head -n 1
}

do_free() {
  require jq
  local file n freed=0 kept=0
  while IFS= read -r -d '' file; do
    n="$(copies_of "$file")"
    n="${n:-0}"
    if (( n < MIN_COPIES )); then
      kept=$((kept + 1))
      continue
    fi
    if (( APPLY )); then
      run git annex drop --numcopies "$MIN_COPIES" -- "$file"
    else
      log "would drop $file ($n copies elsewhere)"
    fi
    freed=$((freed + 1))
  done < <(git annex find --in=here --print0 data/raw)
  log "$freed droppable, $kept kept (fewer than $MIN_COPIES copies elsewhere)"
  (( APPLY )) || log "dry run; add --apply to drop"
}

do_report() {
  echo "dataset: $DS_ROOT"
  echo "sibling: $SIBLING ($(git -C "$DS_ROOT" remote get-url "$SIBLING"))"
  echo
  git annex info --fast . 2>/dev/null | grep -E 'local annex (keys|size)|annexed files in working tree' || true
  echo
  echo "present here / total annexed, per top-level folder:"
  local dir here total
  for dir in data/*/; do
    here="$(git annex find --in=here "$dir" | wc -l)"
    total="$(git annex find --include='*' "$dir" | wc -l)"
    printf '  %-24s %6d / %6d\n' "$dir" "$here" "$total"
  done
  echo
  echo "unsaved changes:"
  datalad status -r --annex 2>/dev/null | head -n 20 || true
}

check_annex_config() {
  # numcopies / required content must match the lab policy before any drop
  local nc
  nc="$(git annex numcopies 2>/dev/null | grep -oE '[0-9]+' | head -n 1 || echo 1)"
  if (( nc < 2 )); then
    log "annex numcopies is $nc; lab policy is 2 (git annex numcopies 2)"
  fi
  local wanted
  wanted="$(git annex wanted "$SIBLING" 2>/dev/null || true)"
  if [[ -z "$wanted" ]]; then
    log "no preferred content set for $SIBLING; push --data auto-if-wanted may skip files"
  fi
}

verify_sample() {
  # fsck a random sample of locally present files to catch bit rot early
  local -a sample
  mapfile -t sample < <(git annex find --in=here data/raw 2>/dev/null | shuf -n 5 2>/dev/null || true)
  (( ${#sample[@]} )) || return 0
  log "fsck of ${#sample[@]} random local files"
  if ! git annex fsck --fast --quiet -- "${sample[@]}"; then
    log "fsck found problems; run 'git annex fsck data/raw' before dropping anything"
    return 1
  fi
}

rotate_log() {
  if [[ -f "$LOGFILE" ]] && (( $(wc -l <"$LOGFILE") > 5000 )); then
    tail -n 2000 "$LOGFILE" >"$LOGFILE.tmp" && mv "$LOGFILE.tmp" "$LOGFILE"
  fi
}

main() {
  parse "$@"
  require datalad git git-annex
  cd "$DS_ROOT"
  check_dataset
  check_annex_config
  verify_sample || APPLY=0
  rotate_log
  local a
  for a in "${ACTIONS[@]}"; do
    log "== $a"
    "do_$a"
  done
  log "finished: ${ACTIONS[*]}"
}

main "$@"
