#!/usr/bin/env bash
# pull-archive.sh - fetch raw transaction samples from the archive bucket for
# local replay tests. Download only; the bucket is never written to.
#
#   tools/pull-archive.sh 2024-06            # one month via rclone
#   tools/pull-archive.sh 2024-06 --s5cmd    # same with s5cmd (faster, S3 only)
#   tools/pull-archive.sh --list             # months available remotely
#   tools/pull-archive.sh --verify 2024-06   # checksums of the local copy
#
# Local copies live in ./data/archive/<month>. A shared per-user cache in
# ~/.cache/ledger-archive avoids re-downloading across worktrees.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

REMOTE="${ARCHIVE_REMOTE:-archive}"          # rclone remote name
BUCKET="${ARCHIVE_BUCKET:-ledger-archive}"
PREFIX="raw"
LOCAL_ROOT="data/archive"
CACHE_ROOT="${XDG_CACHE_HOME:-$HOME/.cache}/ledger-archive"
TOOL="rclone"
MONTH=""
ACTION="pull"

for a in "$@"; do
  case "$a" in
    --s5cmd) TOOL="s5cmd" ;;
    --list) ACTION="list" ;;
    --verify) ACTION="verify" ;;
    --sizes) ACTION="sizes" ;;
    --local) ACTION="local" ;;
    --doctor) ACTION="doctor" ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) MONTH="$a" ;;
  esac
done

fail() { echo "pull-archive: $*" >&2; exit 1; }

case "$BUCKET" in
  ledger-archive|ledger-archive-eu) ;;
  *) fail "unexpected bucket $BUCKET" ;;
esac

need_month() {
  [[ "$MONTH" =~ ^20[0-9]{2}-(0[1-9]|1[0-2])$ ]] || fail "month must look like 2024-06"
}

list_remote() {
  if [[ "$TOOL" == s5cmd ]]; then
    s5cmd ls "s3://$BUCKET/$PREFIX/" | awk '{print $NF}' | sed 's#/$##'
  else
    rclone lsf --dirs-only "$REMOTE:$BUCKET/$PREFIX/" | sed 's#/$##'
  fi
}

pull_rclone() {
  local src="$REMOTE:$BUCKET/$PREFIX/$MONTH" cache="$CACHE_ROOT/$MONTH"
  mkdir -p "$cache"
  # copy (not sync): never deletes anything, locally or remotely
  rclone copy "$src" "$cache" --transfers 8 --checkers 16 --fast-list --stats-one-line --stats 10s
}

pull_s5cmd() {
  local cache="$CACHE_ROOT/$MONTH"
  mkdir -p "$cache"
  s5cmd --numworkers 32 cp --if-size-differ "s3://$BUCKET/$PREFIX/$MONTH/*" "$cache/"
}

link_local() {
  local dest="$LOCAL_ROOT/$MONTH"
  mkdir -p "$dest"
  cp -al "$CACHE_ROOT/$MONTH/." "$dest/" 2>/dev/null || cp -a "$CACHE_ROOT/$MONTH/." "$dest/"
  echo "local copy: $dest ($(find "$dest" -type f | wc -l) files, $(du -sh "$dest" | cut -f1))"
}

verify() {
  local dest="$LOCAL_ROOT/$MONTH"
  [[ -d "$dest" ]] || fail "no local copy of $MONTH"
  if [[ -f "$dest/MANIFEST.sha256" ]]; then
    (cd "$dest" && sha256sum --quiet -c MANIFEST.sha256) && echo "checksums ok"
  else
    echo "no MANIFEST.sha256 in $dest; comparing sizes with the remote instead"
    rclone check "$REMOTE:$BUCKET/$PREFIX/$MONTH" "$dest" --size-only --one-way
  fi
}

prune_cache() {
  # keep the six most recently used months in the per-user cache
  ls -1dt "$CACHE_ROOT"/*/ 2>/dev/null | tail -n +7 | while read -r old; do
    echo "pruning cached $(basename "$old")"
    rm -rf -- "$old"
  done
}

sizes() {
  # remote size of one month, to decide between rclone and s5cmd
  need_month
  if [[ "$TOOL" == s5cmd ]]; then
    s5cmd du --humanize "s3://$BUCKET/$PREFIX/$MONTH/*"
  else
    rclone size "$REMOTE:$BUCKET/$PREFIX/$MONTH"
  fi
}

local_months() {
  if [[ ! -d "$LOCAL_ROOT" ]]; then
    echo "no local archive copies"
    return 0
  fi
  local d
  for d in "$LOCAL_ROOT"/*/; do
    [[ -d "$d" ]] || continue
    printf '%-10s %6s files  %s\n' "$(basename "$d")" "$(find "$d" -type f | wc -l)" "$(du -sh "$d" | cut -f1)"
  done
}

doctor() {
  local t
  for t in rclone s5cmd sha256sum; do
    if command -v "$t" >/dev/null; then
      echo "ok      $t"
    else
      echo "missing $t"
    fi
  done
  if command -v rclone >/dev/null; then
    if rclone listremotes | grep -qx "$REMOTE:"; then
      echo "ok      rclone remote '$REMOTE' configured"
    else
      echo "missing rclone remote '$REMOTE' (see docs/archive.md)"
    fi
  fi
  echo "cache   $CACHE_ROOT ($(du -sh "$CACHE_ROOT" 2>/dev/null | cut -f1 || echo empty))"
}

case "$ACTION" in
  list)
    list_remote
    ;;
  sizes)
    sizes
    ;;
  local)
    local_months
    ;;
  doctor)
    doctor
    ;;
  verify)
    need_month
    verify
    ;;
  pull)
    need_month
    command -v "$TOOL" >/dev/null || fail "$TOOL not installed"
    if [[ "$TOOL" == s5cmd ]]; then pull_s5cmd; else pull_rclone; fi
    link_local
    prune_cache
    ;;
esac
