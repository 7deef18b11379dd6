#!/usr/bin/env bash
# ship.sh - release the ledgerd binaries with goreleaser.
#
# Usage:
#   tools/ship.sh check               validate config and environment only
#   tools/ship.sh snapshot            local snapshot build into ./dist (no publish)
#   tools/ship.sh release v0.9.0      tag, push branch + tag, goreleaser release
#
# The release step needs GITHUB_TOKEN in the environment (goreleaser reads
# it itself). Signing uses the developer's own git signing key.
set -Eeuo pipefail

readonly REPO_ROOT="$(git rev-parse --show-toplevel)"
readonly DIST_DIR="$REPO_ROOT/dist"
readonly TAG_PATTERN='^v[0-9]+\.[0-9]+\.[0-9]+(-rc\.[0-9]+)?$'
cd "$REPO_ROOT"

info()  { printf '\e[32m[ship]\e[0m %s\n' "$*"; }
warn()  { printf '\e[33m[ship]\e[0m %s\n' "$*" >&2; }
fatal() { printf '\e[31m[ship]\e[0m %s\n' "$*" >&2; exit 1; }

on_error() {
  local rc=$? line=$1
  warn "failed at line $line (exit $rc)"
}
trap 'on_error $LINENO' ERR

need_cmd() {
  local c
  for c in "$@"; do
    command -v "$c" >/dev/null 2>&1 || fatal "missing command: $c"
  done
}

go_version_ok() {
  local want have
  want="$(sed -n 's/^go \([0-9.]*\)$/\1/p' go.mod)"
  have="$(go env GOVERSION | sed 's/^go//')"
  if [[ "$(printf '%s\n%s\n' "$want" "$have" | sort -V | head -n1)" != "$want" ]]; then
    fatal "go $have is older than go.mod's $want"
  fi
  info "go $have (go.mod wants $want)"
}

check_config() {
  need_cmd git go goreleaser
  go_version_ok
  goreleaser check
  if [[ -f .goreleaser.yaml ]] && grep -q 'skip_upload: true' .goreleaser.yaml; then
    warn ".goreleaser.yaml has skip_upload: true; release would not upload"
  fi
}

check_tree() {
  [[ -z "$(git status --porcelain --untracked-files=no)" ]] || fatal "tracked files modified"
  local branch
  branch="$(git branch --show-current)"
  case "$branch" in
    main|release/*) ;;
    *) fatal "releases come from main or release/*; you are on '$branch'" ;;
  esac
  git fetch --quiet --tags origin
  if [[ "$(git rev-parse HEAD)" != "$(git rev-parse "origin/$branch")" ]]; then
    fatal "local $branch differs from origin/$branch; pull or push first"
  fi
}

run_tests() {
  info "go vet + tests"
  go vet ./...
  go test -race -count=1 ./... 2>&1 | tail -n 20
}

snapshot() {
  check_config
  info "snapshot build (nothing is published)"
  rm -rf -- "$DIST_DIR"
  goreleaser release --snapshot --clean --skip=publish,sign
  info "artifacts:"
  find "$DIST_DIR" -maxdepth 1 -type f \( -name '*.tar.gz' -o -name '*.zip' -o -name 'checksums.txt' \) \
    -printf '  %f (%s bytes)\n'
}

previous_tag() {
  git describe --tags --abbrev=0 --match 'v*' 2>/dev/null || true
}

notes_for() {
  local tag="$1" prev
  prev="$(previous_tag)"
  {
    echo "## ${tag}"
    echo
    git log "${prev:+$prev..}HEAD" --no-merges --pretty='* %s (%h)' | grep -vE '^\* (chore|ci)(\(|:)' || true
  } > "$DIST_DIR/../.release-notes.md"
  echo "$DIST_DIR/../.release-notes.md"
}

release() {
  local tag="${1:-}"
  [[ "$tag" =~ $TAG_PATTERN ]] || fatal "tag must look like v1.2.3 or v1.2.3-rc.1"
  [[ -n "${GITHUB_TOKEN:-}" ]] || fatal "GITHUB_TOKEN is not set"
  git rev-parse -q --verify "refs/tags/$tag" >/dev/null && fatal "$tag already exists"
  check_config
  check_tree
  run_tests
  local notes
  notes="$(notes_for "$tag")"
  info "release notes:"
  sed 's/^/    /' "$notes"
  git tag -s "$tag" -m "ledgerd $tag"
  git push origin HEAD
  git push origin "$tag"
  info "running goreleaser for $tag"
  goreleaser release --clean --release-notes "$notes"
  rm -f -- "$notes"
  info "released $tag"
}

usage() {
  sed -n '3,10p' "$0" | sed 's/^# \{0,1\}//'
}

versions() {
  # what a release from this checkout would embed
  info "tool versions"
  printf '  %-12s %s\n' go "$(go env GOVERSION 2>/dev/null || echo missing)"
  printf '  %-12s %s\n' goreleaser "$(goreleaser --version 2>/dev/null | awk '/GitVersion/ {print $2}' || echo missing)"
  printf '  %-12s %s\n' git "$(git --version | awk '{print $3}')"
  info "release coordinates"
  printf '  %-12s %s\n' commit "$(git rev-parse --short HEAD)"
  printf '  %-12s %s\n' branch "$(git branch --show-current)"
  printf '  %-12s %s\n' last-tag "$(previous_tag || true)"
  local pending
  pending="$(git log "$(previous_tag)..HEAD" --oneline 2>/dev/null | wc -l | tr -d ' ')"
  printf '  %-12s %s\n' unreleased "${pending:-?} commit(s)"
}

main() {
  local cmd="${1:-}"
  shift || true
  case "$cmd" in
    check) check_config ;;
    versions) versions ;;
    snapshot) snapshot ;;
    release) release "$@" ;;
    -h|--help|help|"") usage ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
