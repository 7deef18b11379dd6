#!/usr/bin/env bash
# mirror-assets.sh - mirror the compiled static bundles to the CDN origin
# bucket with rclone. Dry run by default.
#
#   tools/mirror-assets.sh                 # rclone sync --dry-run, summary
#   tools/mirror-assets.sh --go            # real sync
#   tools/mirror-assets.sh --go --channel canary
#
# The remote and bucket come from tools/mirror.conf (REMOTE, BUCKET,
# MAX_DELETES). The destination is always $REMOTE:$BUCKET/$CHANNEL, never
# the bucket root, and the source must contain a build-info.json written by
# the asset build with a matching git commit.
#
# Requirements: rclone >= 1.64, jq, git.
set -o errexit -o nounset -o pipefail

SCRIPT_DIR=$(dirname "$(readlink -f "$0")")
REPO=$(git -C "$SCRIPT_DIR" rev-parse --show-toplevel)
SRC="$REPO/web/dist"
CHANNEL="stable"
GO=0
LOG=""

usage() { sed -n '2,12p' "$0"; }
die() { echo "mirror-assets: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --go) GO=1; shift ;;
    --channel) CHANNEL="${2:?--channel needs a value}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done

[[ "$CHANNEL" =~ ^(stable|canary|preview-[a-z0-9-]+)$ ]] || die "bad channel '$CHANNEL'"

# shellcheck source=/dev/null
. "$SCRIPT_DIR/mirror.conf"
: "${REMOTE:?}" "${BUCKET:?}"
MAX_DELETES=${MAX_DELETES:-50}
DEST="$REMOTE:$BUCKET/$CHANNEL"

LOG=$(mktemp -t mirror-assets.XXXXXX)
trap 'rm -f -- "$LOG"' EXIT

# Source checks. The build writes build-info.json last, so its presence
# means the build finished; its commit must match HEAD so we never mirror
# a stale build from another branch. A near-empty dist/ would turn the
# sync into a mass deletion, hence the file count floor.
check_source() {
  [[ -d "$SRC" ]] || die "$SRC missing; run npm run build in web/"
  [[ -f "$SRC/build-info.json" ]] || die "no build-info.json in the build output"
  local built_commit head
  built_commit=$(jq -r '.commit' "$SRC/build-info.json")
  head=$(git -C "$REPO" rev-parse HEAD)
  [[ "$built_commit" == "$head" ]] || die "build is from $built_commit, HEAD is $head; rebuild"
  local files
  files=$(find "$SRC" -type f | wc -l)
  (( files > 10 )) || die "only $files files in the build; refusing to sync"
  echo "source ok: $files files from ${head:0:10}"
}

check_remote() {
  rclone listremotes | grep -qx "$REMOTE:" || die "no rclone remote named $REMOTE"
  rclone lsf --max-depth 1 "$REMOTE:$BUCKET" >/dev/null || die "cannot list $REMOTE:$BUCKET"
}

sync_cmd() {
  printf '%s\n' sync "$SRC" "$DEST" \
    --checksum --fast-list \
    --exclude '.DS_Store' --exclude '*.map' \
    --header-upload 'Cache-Control: public, max-age=31536000, immutable' \
    --stats-one-line -v
}

dry_run() {
  local -a args
  mapfile -t args < <(sync_cmd)
  echo "dry run: $SRC -> $DEST"
  rclone "${args[@]}" --dry-run 2> "$LOG" || { tail -n 30 "$LOG" >&2; die "dry run failed"; }
  DELETES=$(grep -c 'Skipped delete as --dry-run is set' "$LOG" || true)
  COPIES=$(grep -c 'Skipped copy as --dry-run is set' "$LOG" || true)
  echo "plan: $COPIES uploads, $DELETES deletions"
  grep 'Skipped delete' "$LOG" | sed -E 's/.*NOTICE: (.*): Skipped.*/   - \1/' | head -n 20
}

upload_index_last() {
  # upload HTML after the hashed assets so no page references a missing file
  rclone copy "$SRC" "$DEST" --include '*.html' --checksum \
    --header-upload 'Cache-Control: no-cache' -v
}

real_sync() {
  local -a args
  mapfile -t args < <(sync_cmd)
  local attempt
  for attempt in 1 2 3; do
    if rclone "${args[@]}" --exclude '*.html'; then
      upload_index_last
      return 0
    fi
    echo "sync attempt $attempt failed; retrying in $(( attempt * 10 ))s" >&2
    sleep $(( attempt * 10 ))
  done
  die "sync failed three times"
}

verify() {
  local missing
  missing=$(rclone check "$SRC" "$DEST" --one-way --checksum --exclude '*.map' 2>&1 | grep -c 'not found' || true)
  (( missing == 0 )) || die "$missing files missing on $DEST after sync"
  echo "verified: every local file is on $DEST"
}

purge_edge_cache() {
  # the CDN only caches HTML for a minute, but purge the entry pages so a
  # release is visible immediately; uses the Fastly API token from the env
  local token=${FASTLY_API_TOKEN:-} service=${FASTLY_SERVICE_ID:-}
  if [[ -z "$token" || -z "$service" ]]; then
    echo "FASTLY_API_TOKEN/FASTLY_SERVICE_ID not set; skipping edge purge"
    return 0
  fi
  local key="assets-$CHANNEL"
  curl -fsS -X POST \
    -H "Fastly-Key: $token" \
    -H 'Accept: application/json' \
    "https://api.fastly.com/service/$service/purge/$key" >/dev/null \
    && echo "purged surrogate key $key (token ...${token: -4})" \
    || echo "edge purge failed; pages refresh within a minute anyway" >&2
}

list_channels() {
  echo "channels on $REMOTE:$BUCKET:"
  rclone lsf --dirs-only "$REMOTE:$BUCKET" | sed 's#/$##; s/^/  /'
}

stale_previews() {
  # preview channels whose branch no longer exists; printed, never deleted here
  local dir branch
  while read -r dir; do
    [[ "$dir" == preview-* ]] || continue
    branch=${dir#preview-}
    if ! git -C "$REPO" ls-remote --exit-code --heads origin "$branch" >/dev/null 2>&1; then
      echo "  stale preview: $dir (remove with: rclone purge $REMOTE:$BUCKET/$dir)"
    fi
  done < <(rclone lsf --dirs-only "$REMOTE:$BUCKET" | sed 's#/$##')
}

record() {
  local ledger="$REPO/var/mirror-history.tsv"
  mkdir -p "$(dirname "$ledger")"
  printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$CHANNEL" "$(git -C "$REPO" rev-parse --short HEAD)" "$DELETES" >> "$ledger"
}

main() {
  command -v rclone >/dev/null || die "rclone is not installed"
  command -v jq >/dev/null || die "jq is not installed"
  check_source
  check_remote
  dry_run
  if (( DELETES > MAX_DELETES )); then
    die "$DELETES deletions exceed MAX_DELETES=$MAX_DELETES for $DEST"
  fi
  if (( ! GO )); then
    echo "dry run only; add --go to sync"
    return 0
  fi
  if [[ "$CHANNEL" == stable && "$(git -C "$REPO" rev-parse --abbrev-ref HEAD)" != main ]]; then
    die "stable is mirrored from main only"
  fi
  real_sync
  verify
  purge_edge_cache
  record
  list_channels
  stale_previews
  echo "mirrored to $DEST"
}

main
