#!/usr/bin/env bash
# publish-site.sh - push the built site to the web hosts with rsync.
#
#   scripts/publish-site.sh staging            # dry run, shows the changes
#   scripts/publish-site.sh staging --apply    # really sync
#   scripts/publish-site.sh production --apply # needs PUBLISH_CONFIRM=production
#
# Targets are defined in deploy/targets.tsv:
#   name <TAB> user@host <TAB> remote_dir <TAB> max_deletes
# rsync runs with --delete, so a number of guards run first: the local build
# must look complete and the remote dir must be one of the known web roots.
set -Eeuo pipefail

readonly ROOT="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
readonly BUILD_DIR="$ROOT/build/site"
readonly TARGETS="$ROOT/deploy/targets.tsv"
readonly ALLOWED_ROOTS_RE='^/srv/www/[a-z0-9-]+/(current|releases/[0-9]{8}-[0-9]{6})$'
STAMP="$(date +%Y%m%d-%H%M%S)"
readonly STAMP

APPLY=0
TARGET=""
SSH_CONTROL=""

die() { echo "publish-site: $*" >&2; exit 1; }
info() { echo "==> $*"; }

on_err() {
  local line="$1" rc="$2"
  echo "publish-site: failed at line $line (exit $rc)" >&2
}
trap 'on_err "$LINENO" "$?"' ERR

cleanup() {
  if [[ -n "$SSH_CONTROL" && -S "$SSH_CONTROL" ]]; then
    ssh -o ControlPath="$SSH_CONTROL" -O exit _ 2>/dev/null || true
  fi
  [[ -n "${WORK:-}" ]] && rm -rf -- "$WORK"
}
trap cleanup EXIT

usage() { sed -n '2,12p' "$0"; exit "${1:-0}"; }

parse_args() {
  [[ $# -ge 1 ]] || usage 1
  TARGET="$1"; shift
  while (( $# )); do
    case "$1" in
      --apply) APPLY=1 ;;
      -h|--help) usage 0 ;;
      *) die "unknown argument $1" ;;
    esac
    shift
  done
}

lookup_target() {
  local line
  line="$(awk -F'\t' -v t="$TARGET" '$1 == t { print; exit }' "$TARGETS")"
  [[ -n "$line" ]] || die "unknown target '$TARGET' (see $TARGETS)"
  IFS=$'\t' read -r _ DEST_HOST DEST_DIR MAX_DELETES <<<"$line"
  [[ "$DEST_DIR" =~ $ALLOWED_ROOTS_RE ]] || die "remote dir '$DEST_DIR' is not a web root"
  [[ "$DEST_HOST" == *.internal ]] || die "host '$DEST_HOST' is not an internal web host"
  MAX_DELETES="${MAX_DELETES:-100}"
}

check_build() {
  [[ -d "$BUILD_DIR" ]] || die "no build at $BUILD_DIR; run npm run build"
  [[ -s "$BUILD_DIR/index.html" ]] || die "index.html missing or empty"
  local n
  n="$(find "$BUILD_DIR" -type f | wc -l)"
  (( n >= 20 )) || die "only $n files in the build; refusing to --delete against it"
  if grep -rqs 'localhost:5173' "$BUILD_DIR"; then
    die "build references the dev server; did you build with the dev config?"
  fi
  info "build has $n files"
}

open_master() {
  WORK="$(mktemp -d)"
  SSH_CONTROL="$WORK/ssh.sock"
  ssh -o ControlMaster=yes -o ControlPath="$SSH_CONTROL" -o ControlPersist=60 \
      -o BatchMode=yes -fN "$DEST_HOST"
}

rsync_args() {
  local -n _out=$1
  _out=(-az --delete --delay-updates --checksum
        --exclude '.well-known/acme-challenge/'
        --exclude '*.map'
        -e "ssh -o ControlPath=$SSH_CONTROL")
}

dry_run() {
  local -a args
  rsync_args args
  info "dry run against $DEST_HOST:$DEST_DIR"
  rsync "${args[@]}" --dry-run --itemize-changes "$BUILD_DIR/" "$DEST_HOST:$DEST_DIR/" \
    > "$WORK/changes.txt"
  DELETES="$(grep -c '^\*deleting' "$WORK/changes.txt" || true)"
  UPDATES="$(grep -c '^[<>]f' "$WORK/changes.txt" || true)"
  info "$UPDATES files to send, $DELETES files to delete"
  head -n 40 "$WORK/changes.txt"
  (( $(wc -l < "$WORK/changes.txt") > 40 )) && echo "   ... (truncated)"
}

confirm_production() {
  if [[ "$TARGET" == production* ]]; then
    [[ "${PUBLISH_CONFIRM:-}" == "$TARGET" ]] \
      || die "set PUBLISH_CONFIRM=$TARGET to publish to production"
  fi
}

apply() {
  local -a args
  rsync_args args
  info "syncing to $DEST_HOST:$DEST_DIR"
  rsync "${args[@]}" --stats "$BUILD_DIR/" "$DEST_HOST:$DEST_DIR/" | tail -n 15
  ssh -o ControlPath="$SSH_CONTROL" "$DEST_HOST" \
    "printf '%s\n' '$STAMP $(git -C "$ROOT" rev-parse --short HEAD)' > '$DEST_DIR/.published'"
}

smoke_test() {
  local url
  url="$(awk -F'\t' -v t="$TARGET" '$1 == t { print $5 }' "$TARGETS")"
  [[ -n "$url" ]] || return 0
  info "smoke test $url"
  local i
  for i in 1 2 3 4 5; do
    if curl -fsS -o /dev/null --max-time 5 "$url"; then
      info "site answers"
      return 0
    fi
    sleep $(( i * 2 ))
  done
  die "site did not answer at $url after publish"
}

check_git_state() {
  # publishing uncommitted work makes the .published marker lie
  if [[ -n "$(git -C "$ROOT" status --porcelain -- src content 2>/dev/null)" ]]; then
    if [[ "$TARGET" == production* ]]; then
      die "uncommitted changes under src/ or content/; commit before publishing production"
    fi
    echo "warning: publishing a build with uncommitted changes" >&2
  fi
  local branch
  branch="$(git -C "$ROOT" rev-parse --abbrev-ref HEAD)"
  if [[ "$TARGET" == production* && "$branch" != "main" ]]; then
    die "production is published from main only (on '$branch')"
  fi
}

record_history() {
  local hist="$ROOT/deploy/.publish-history"
  printf '%s\t%s\t%s\t%s\n' "$STAMP" "$TARGET" \
    "$(git -C "$ROOT" rev-parse --short HEAD)" "${USER:-unknown}" >> "$hist"
  # keep the file short; it is only a local convenience
  if (( $(wc -l < "$hist") > 200 )); then
    tail -n 200 "$hist" > "$hist.tmp" && mv "$hist.tmp" "$hist"
  fi
}

main() {
  parse_args "$@"
  lookup_target
  check_git_state
  check_build
  open_master
  dry_run
  if (( DELETES > MAX_DELETES )); then
    die "$DELETES deletions exceed the limit of $MAX_DELETES for $TARGET"
  fi
  if (( ! APPLY )); then
    info "dry run only; re-run with --apply"
    exit 0
  fi
  confirm_production
  apply
  smoke_test
  record_history
  info "published $TARGET at $STAMP"
}

main "$@"
