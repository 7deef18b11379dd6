#!/usr/bin/env bash
# ArchiveBox capture of the intranet staging site for the release archive.
#
#   archive/capture.sh [--collection DIR] [--urls FILE] [--export] [--server]
#
# The ArchiveBox collection lives in archive/box (inside the repo). URLs must
# be on *.staging.internal. --server starts `archivebox server` bound to
# 127.0.0.1:8000 for browsing and stops it (only that process) on exit.
set -euo pipefail

REPO="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
BOX="$REPO/archive/box"
URLS="$REPO/archive/urls.txt"
EXPORT=0
SERVER=0
SERVER_PID=""
TAG="release-$(date +%Y%m%d)"

info() { echo "[archive] $*"; }
fail() { echo "[archive] $*" >&2; exit 1; }

while (( $# )); do
  case "$1" in
    --collection) BOX="$(realpath -m "$2")"; shift 2 ;;
    --urls) URLS="$2"; shift 2 ;;
    --export) EXPORT=1; shift ;;
    --server) SERVER=1; shift ;;
    --tag) TAG="$2"; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) fail "unknown option: $1" ;;
  esac
done

case "$BOX" in
  "$REPO"/*) ;;
  *) fail "collection must be inside the repository" ;;
esac
command -v archivebox >/dev/null || fail "archivebox not installed (pipx install archivebox)"
[[ -f "$URLS" ]] || fail "URL list not found: $URLS"

valid_urls() {
  local u host n=0
  while IFS= read -r u; do
    u="${u%%#*}"
    u="${u//[[:space:]]/}"
    [[ -z "$u" ]] && continue
    host="${u#*://}"
    host="${host%%/*}"
    host="${host%%:*}"
    if [[ "$host" == *.staging.internal ]]; then
      printf '%s\n' "$u"
      n=$((n + 1))
    else
      echo "[archive] skipping non-staging URL: $u" >&2
    fi
  done < "$URLS"
  (( n > 0 )) || fail "no staging URLs in $URLS"
}

stop_server() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    info "stopping archivebox server (pid $SERVER_PID)"
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
  fi
}
trap stop_server EXIT

init_box() {
  if [[ ! -f "$BOX/index.sqlite3" ]]; then
    info "initialising collection in ${BOX#$REPO/}"
    mkdir -p "$BOX"
    (cd "$BOX" && archivebox init --quick >/dev/null)
  fi
  (
    cd "$BOX"
    archivebox config --set SAVE_MEDIA=False >/dev/null
    archivebox config --set SAVE_ARCHIVE_DOT_ORG=False >/dev/null
    archivebox config --set CHECK_SSL_VALIDITY=False >/dev/null
    archivebox config --set TIMEOUT=90 >/dev/null
  )
}

capture() {
  local list
  list="$(mktemp "$BOX/.urls.XXXX")"
  valid_urls > "$list"
  info "capturing $(wc -l < "$list") URL(s) with tag $TAG"
  (cd "$BOX" && archivebox add --depth=1 --tag="$TAG" < "$list") || info "some captures failed; see archivebox status"
  rm -f -- "$list"
}

report() {
  (cd "$BOX" && archivebox status) | sed -n '1,40p'
  local failed
  failed="$(cd "$BOX" && archivebox list --status=unarchived --csv=url 2>/dev/null | tail -n +2 | wc -l)"
  info "$failed URL(s) not archived yet"
}

export_static() {
  local dest="$REPO/build/archive-export/$TAG"
  rm -rf -- "$dest"
  mkdir -p "$dest"
  (cd "$BOX" && archivebox list --filter-type=tag "$TAG" --html --with-headers) > "$dest/index.html"
  (cd "$BOX" && archivebox list --filter-type=tag "$TAG" --json) > "$dest/index.json"
  local snap n=0
  for snap in $(jq -r '.[].timestamp' "$dest/index.json"); do
    if [[ -d "$BOX/archive/$snap" ]]; then
      cp -a "$BOX/archive/$snap" "$dest/"
      n=$((n + 1))
    fi
  done
  tar -C "$REPO/build/archive-export" -czf "$REPO/build/archive-export/$TAG.tar.gz" "$TAG"
  info "exported $n snapshot(s) to build/archive-export/$TAG.tar.gz"
}

prune_exports() {
  # keep the five newest export tarballs made by this script
  ls -1t "$REPO"/build/archive-export/release-*.tar.gz 2>/dev/null | tail -n +6 | while read -r old; do
    info "removing old export $(basename "$old")"
    rm -f -- "$old"
    rm -rf -- "${old%.tar.gz}"
  done
}

serve() {
  info "serving http://127.0.0.1:8000 (Ctrl-C to stop)"
  (cd "$BOX" && exec archivebox server 127.0.0.1:8000) &
  SERVER_PID=$!
  wait "$SERVER_PID" || true
}

check_disk() {
  local pct
  pct="$(df --output=pcent "$BOX" 2>/dev/null | tail -n 1 | tr -dc '0-9')"
  if [[ -n "$pct" ]] && (( pct > 90 )); then
    fail "disk holding the collection is ${pct}% full"
  fi
}

verify_snapshots() {
  # every snapshot of this tag should have at least the singlefile or wget output
  local snap missing=0 total=0
  for snap in $(cd "$BOX" && archivebox list --filter-type=tag "$TAG" --json | jq -r '.[].timestamp'); do
    total=$((total + 1))
    if [[ ! -f "$BOX/archive/$snap/singlefile.html" && ! -d "$BOX/archive/$snap/wget" ]]; then
      missing=$((missing + 1))
      info "  snapshot $snap has no page capture"
    fi
  done
  info "verified $total snapshot(s), $missing without page capture"
}

write_manifest() {
  local manifest="$REPO/build/archive-manifest-$TAG.tsv"
  mkdir -p "$REPO/build"
  (cd "$BOX" && archivebox list --filter-type=tag "$TAG" --csv=timestamp,url,title,status) \
    | tr ',' '\t' > "$manifest"
  info "manifest: ${manifest#$REPO/}"
}

show_config() {
  info "collection: ${BOX#$REPO/}"
  info "url list:   ${URLS#$REPO/}"
  info "tag:        $TAG"
  info "export:     $( (( EXPORT )) && echo yes || echo no ), server: $( (( SERVER )) && echo yes || echo no )"
}

show_config
check_disk
init_box
capture
report
verify_snapshots
write_manifest
if (( EXPORT )); then
  export_static
  prune_exports
fi
(( SERVER )) && serve
info "done"
