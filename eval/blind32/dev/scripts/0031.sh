#!/usr/bin/env bash
# Build an aptly snapshot of our own .deb packages and (optionally) publish it.
#
#   packaging/aptly-release.sh build/debs/        # add + snapshot, no publish
#   packaging/aptly-release.sh --publish build/debs/
#
# aptly runs with the project's own config (packaging/aptly.conf) whose rootDir
# is packaging/.aptly, so nothing touches ~/.aptly or a shared mirror.  The
# publish step writes into the filesystem endpoint "project" (packaging/public),
# which CI later rsyncs to the internal package host.  Publishing requires the
# signing key id in APTLY_GPG_KEY and the explicit --publish flag.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
CONF="$HERE/aptly.conf"
REPO="acme-tools"
DIST="${APTLY_DIST:-bookworm}"
COMPONENT="main"
ENDPOINT="filesystem:project:debian"
PUBLISH=0
FORCE_REPLACE=0
KEEP_SNAPSHOTS="${KEEP_SNAPSHOTS:-10}"

log() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }
die() { echo "error: $*" >&2; exit 1; }

a() { aptly -config="$CONF" "$@"; }

usage() {
  sed -n '2,12p' "$0" | cut -c3-
  exit "${1:-0}"
}

parse_args() {
  local arg
  DEB_DIR=""
  for arg in "$@"; do
    case "$arg" in
      --publish) PUBLISH=1 ;;
      --force-replace) FORCE_REPLACE=1 ;;
      -h|--help) usage 0 ;;
      -*) die "unknown flag $arg" ;;
      *) DEB_DIR="$arg" ;;
    esac
  done
  [[ -n "$DEB_DIR" ]] || usage 2
  [[ -d "$DEB_DIR" ]] || die "$DEB_DIR is not a directory"
}

ensure_config() {
  [[ -f "$CONF" ]] || die "missing $CONF"
  local root
  root="$(jq -r '.rootDir' "$CONF")"
  case "$root" in
    "$HERE"/*|./*|packaging/*) ;;
    *) die "aptly rootDir ($root) must live inside the project" ;;
  esac
  mkdir -p "$HERE/.aptly" "$HERE/public"
}

ensure_repo() {
  if ! a repo show "$REPO" >/dev/null 2>&1; then
    log "creating local repo $REPO"
    a repo create -distribution="$DIST" -component="$COMPONENT" \
      -comment="packages built from $(basename "$(git rev-parse --show-toplevel)")" "$REPO"
  fi
}

check_debs() {
  local deb count=0 bad=0
  for deb in "$DEB_DIR"/*.deb; do
    [[ -e "$deb" ]] || continue
    count=$(( count + 1 ))
    if ! dpkg-deb --info "$deb" >/dev/null 2>&1; then
      warn "$deb is not a valid package"
      bad=$(( bad + 1 ))
      continue
    fi
    local maint
    maint="$(dpkg-deb -f "$deb" Maintainer)"
    [[ "$maint" == *"@example.com>"* ]] || warn "$deb: unexpected maintainer '$maint'"
  done
  (( count > 0 )) || die "no .deb files in $DEB_DIR"
  (( bad == 0 )) || die "$bad invalid package(s)"
  log "$count package(s) to add"
}

add_packages() {
  local flags=()
  (( FORCE_REPLACE )) && flags+=(-force-replace)
  a repo add "${flags[@]}" "$REPO" "$DEB_DIR"
}

snapshot_name() {
  local version
  version="$(git describe --tags --always 2>/dev/null || date +%Y%m%d%H%M)"
  echo "${REPO}-${version//\//-}"
}

make_snapshot() {
  SNAP="$(snapshot_name)"
  if a snapshot show "$SNAP" >/dev/null 2>&1; then
    die "snapshot $SNAP already exists; tag a new version first"
  fi
  a snapshot create "$SNAP" from repo "$REPO"
  log "snapshot $SNAP created"
  local prev
  prev="$(a snapshot list -raw -sort=time | grep "^${REPO}-" | grep -v "^${SNAP}$" | tail -n 1 || true)"
  if [[ -n "$prev" ]]; then
    log "changes since $prev:"
    a snapshot diff "$prev" "$SNAP" || true
  fi
}

prune_snapshots() {
  local snaps=() n i
  mapfile -t snaps < <(a snapshot list -raw -sort=time | grep "^${REPO}-")
  n=${#snaps[@]}
  (( n > KEEP_SNAPSHOTS )) || return 0
  for (( i = 0; i < n - KEEP_SNAPSHOTS; i++ )); do
    # snapshots that are still published cannot be dropped; aptly refuses them
    if a snapshot drop "${snaps[$i]}" >/dev/null 2>&1; then
      log "dropped old snapshot ${snaps[$i]} (local aptly db only)"
    fi
  done
}

publish() {
  [[ -n "${APTLY_GPG_KEY:-}" ]] || die "APTLY_GPG_KEY must name the signing key"
  gpg --list-secret-keys "$APTLY_GPG_KEY" >/dev/null 2>&1 || die "signing key $APTLY_GPG_KEY not available"
  if a publish list -raw | grep -q "^debian ${DIST}$"; then
    log "switching published $DIST to $SNAP"
    a publish switch -gpg-key="$APTLY_GPG_KEY" "$DIST" "$ENDPOINT" "$SNAP"
  else
    log "first publish of $DIST"
    a publish snapshot -gpg-key="$APTLY_GPG_KEY" -distribution="$DIST" "$SNAP" "$ENDPOINT"
  fi
  gpg --armor --export "$APTLY_GPG_KEY" > "$HERE/public/acme-archive-keyring.asc"
  log "published into packaging/public (rsync to the package host happens in CI)"
}

verify_published() {
  local release="$HERE/public/debian/dists/$DIST/Release"
  [[ -f "$release" ]] || die "publish did not produce $release"
  if [[ -f "$release.gpg" ]]; then
    gpg --verify "$release.gpg" "$release" 2>/dev/null || die "Release signature does not verify"
  fi
  local pkgs
  pkgs="$(find "$HERE/public/debian/pool" -name '*.deb' | wc -l)"
  log "published tree has $pkgs package file(s); Release signature OK"
}

write_manifest() {
  local out="$HERE/public/SNAPSHOT"
  mkdir -p "$(dirname "$out")"
  {
    echo "snapshot=$SNAP"
    echo "distribution=$DIST"
    echo "commit=$(git rev-parse HEAD)"
    echo "built=$(date -u +%FT%TZ)"
  } > "$out.tmp"
  mv "$out.tmp" "$out"
}

main() {
  command -v aptly >/dev/null || die "aptly not installed"
  command -v jq >/dev/null || die "jq not installed"
  parse_args "$@"
  ensure_config
  ensure_repo
  check_debs
  add_packages
  make_snapshot
  prune_snapshots
  if (( PUBLISH )); then
    publish
    verify_published
    write_manifest
  else
    log "not publishing (pass --publish to update packaging/public)"
  fi
  a repo show "$REPO" | sed -n '1,6p'
}

main "$@"
