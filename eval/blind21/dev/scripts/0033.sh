#!/usr/bin/env bash
# annex-data.sh - manage the survey datasets kept in git-annex.
#
#   tools/annex-data.sh status            where each dataset lives, copies
#   tools/annex-data.sh get <dataset>     fetch content into this clone
#   tools/annex-data.sh drop <dataset>    free local space (annex checks copies)
#   tools/annex-data.sh sync              sync metadata + content with remotes
#   tools/annex-data.sh fsck [dataset]
#
# `drop` never uses --force: git-annex refuses to drop content unless
# numcopies other copies are verified, so nothing here can delete the last
# copy of a file. Datasets are directories under data/.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DATA="$ROOT/data"
NUMCOPIES_MIN=2
JOBS="${ANNEX_JOBS:-4}"

die() { echo "annex-data: $*" >&2; exit 1; }
hr() { printf '%*s\n' "${COLUMNS:-72}" '' | tr ' ' '-'; }

require_annex() {
  git -C "$ROOT" annex version >/dev/null 2>&1 || die "git-annex is not installed"
  [[ -d "$ROOT/.git/annex" ]] || die "this clone is not annex-initialised; run: git annex init"
  local n
  n="$(git -C "$ROOT" annex numcopies 2>/dev/null | tr -dc '0-9')"
  if [[ -z "$n" || "$n" -lt $NUMCOPIES_MIN ]]; then
    die "numcopies is '${n:-unset}'; it must be at least $NUMCOPIES_MIN (git annex numcopies $NUMCOPIES_MIN)"
  fi
}

dataset_path() {
  local name="${1:?dataset name required}"
  [[ "$name" != */* && "$name" != .* ]] || die "bad dataset name '$name'"
  local p="$DATA/$name"
  [[ -d "$p" ]] || die "no dataset '$name' under data/ (have: $(ls "$DATA" | tr '\n' ' '))"
  printf '%s' "$p"
}

human() {
  numfmt --to=iec --suffix=B "$1" 2>/dev/null || echo "$1 B"
}

cmd_status() {
  local d name present total size
  hr
  printf '%-28s %10s %10s %10s\n' dataset files local size
  hr
  for d in "$DATA"/*/; do
    name="$(basename "$d")"
    total="$(git -C "$ROOT" annex find --include='*' "$d" 2>/dev/null | wc -l)"
    present="$(git -C "$ROOT" annex find "$d" 2>/dev/null | wc -l)"
    size="$(git -C "$ROOT" annex info --bytes "$d" 2>/dev/null \
      | awk -F': ' '/size of annexed files in working tree/ { print $2 }')"
    printf '%-28s %10s %10s %10s\n' "$name" "$total" "$present" "$(human "${size:-0}")"
  done
  hr
  echo "remotes:"
  git -C "$ROOT" annex info --fast 2>/dev/null | sed -n '/repositories/,/^$/p' | sed 's/^/  /'
}

cmd_get() {
  local p
  p="$(dataset_path "${1:-}")"
  echo "fetching $(basename "$p") with $JOBS jobs"
  git -C "$ROOT" annex get --jobs="$JOBS" "$p"
}

cmd_drop() {
  local p
  p="$(dataset_path "${1:-}")"
  local before after
  before="$(du -sk "$ROOT/.git/annex/objects" 2>/dev/null | cut -f1)"
  echo "dropping local copies in $(basename "$p") (annex verifies $NUMCOPIES_MIN other copies first)"
  if ! git -C "$ROOT" annex drop --jobs="$JOBS" "$p"; then
    echo "some files were kept because not enough verified copies exist elsewhere;" >&2
    echo "run: tools/annex-data.sh sync   and try again" >&2
  fi
  after="$(du -sk "$ROOT/.git/annex/objects" 2>/dev/null | cut -f1)"
  echo "freed $(human $(( (before - after) * 1024 )))"
}

cmd_sync() {
  local remote
  for remote in $(git -C "$ROOT" remote); do
    if ! git -C "$ROOT" ls-remote --exit-code "$remote" >/dev/null 2>&1; then
      echo "remote $remote unreachable, skipping"
      continue
    fi
    echo "== $remote"
    git -C "$ROOT" annex sync --content --jobs="$JOBS" "$remote"
  done
}

cmd_fsck() {
  local target="$DATA"
  if [[ -n "${1:-}" ]]; then
    target="$(dataset_path "$1")"
  fi
  local log
  log="$(mktemp)"
  trap 'rm -f -- "$log"' RETURN
  if git -C "$ROOT" annex fsck --fast --quiet "$target" >"$log" 2>&1; then
    echo "fsck ok"
  else
    grep -E 'failed|missing|bad' "$log" | head -n 40
    die "fsck found problems (full output was in $log)"
  fi
}

cmd_lock() {
  # make a dataset read-only in this clone so notebooks cannot modify it
  local p
  p="$(dataset_path "${1:-}")"
  git -C "$ROOT" annex lock "$p"
  echo "locked $(basename "$p"); use: git annex unlock <file> to edit a file"
}

cmd_unused() {
  # report (not drop) content no longer referenced by any branch
  git -C "$ROOT" annex unused --quiet
  echo "inspect with: git annex unused; drop with: git annex dropunused <range>"
}

cmd_add() {
  # add new raw files to an existing dataset; large files go to the annex,
  # small text files (README, schema) stay in git per .gitattributes
  local p
  p="$(dataset_path "${1:-}")"
  shift || true
  local n=0 f
  for f in "$@"; do
    [[ -e "$f" ]] || die "no such file $f"
    cp -n -- "$f" "$p/" || die "refusing to overwrite $(basename "$f") in $(basename "$p")"
    n=$(( n + 1 ))
  done
  git -C "$ROOT" annex add "$p"
  git -C "$ROOT" commit -m "data: add $n files to $(basename "$p")" -- "$p"
  echo "added $n files; run: tools/annex-data.sh sync   to copy them to the remotes"
}

cmd_whereis() {
  local p
  p="$(dataset_path "${1:-}")"
  git -C "$ROOT" annex whereis --json "$p" \
    | python3 -c 'import json,sys
for line in sys.stdin:
    d = json.loads(line)
    names = ", ".join(w["description"] or w["uuid"][:8] for w in d.get("whereis", []))
    print(f"{len(d.get(\"whereis\", [])):2} {d[\"file\"]}  [{names}]")'
}

check_space() {
  local need_kb="${1:-1048576}"
  local avail
  avail="$(df -Pk "$ROOT" | awk 'NR == 2 { print $4 }')"
  if (( avail < need_kb )); then
    die "only $(human $(( avail * 1024 ))) free on the clone's filesystem"
  fi
}

main() {
  require_annex
  local cmd="${1:-status}"
  shift || true
  case "$cmd" in
    status) cmd_status ;;
    get) check_space; cmd_get "$@" ;;
    drop) cmd_drop "$@" ;;
    add) cmd_add "$@" ;;
    whereis) cmd_whereis "$@" ;;
    sync) cmd_sync ;;
    fsck) cmd_fsck "$@" ;;
    unused) cmd_unused ;;
    lock) cmd_lock "$@" ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
}

main "$@"
