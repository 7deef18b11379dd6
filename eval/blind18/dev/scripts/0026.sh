#!/usr/bin/env bash
# Release helper for the ledger_sync gem.
#
#   tools/release-gem.sh            build + sign + verify, nothing is uploaded
#   tools/release-gem.sh --push     ...and `gem push` to rubygems.org
#
# The signing key is read from GEM_PRIVATE_KEY (a path; in CI the secret is
# written to a temp file by the workflow). The rubygems API key comes from
# GEM_HOST_API_KEY, which `gem push` reads itself; we never print it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GEMSPEC="$ROOT/ledger_sync.gemspec"
PKG_DIR="$ROOT/pkg"
CERT="$ROOT/certs/ledger_sync-public_cert.pem"
PUSH=0
SKIP_TESTS=0
OTP_ARGS=()

usage() {
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

log()  { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarning:\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --push) PUSH=1 ;;
    --skip-tests) SKIP_TESTS=1 ;;
    --otp) OTP_ARGS=(--otp "$2"); shift ;;
    -h|--help) usage 0 ;;
    *) warn "unknown option $1"; usage 2 ;;
  esac
  shift
done

cd "$ROOT"

require() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is required"
  done
}

gem_version() {
  ruby -e 'spec = Gem::Specification.load(ARGV[0]); print spec.version' "$GEMSPEC"
}

check_git() {
  if [[ -n "$(git status --porcelain)" ]]; then
    git status --short
    die "working tree is dirty"
  fi
  local branch
  branch="$(git rev-parse --abbrev-ref HEAD)"
  [[ "$branch" == "main" || "$branch" == release/* ]] || die "release from main or release/*, not $branch"
}

check_changelog() {
  local version="$1"
  grep -q "^## \[$version\]" CHANGELOG.md || die "CHANGELOG.md has no entry for $version"
}

run_tests() {
  if [[ "$SKIP_TESTS" == 1 ]]; then
    warn "skipping tests"
    return
  fi
  log "bundle exec rake spec"
  bundle exec rake spec
  log "bundle exec rubocop"
  bundle exec rubocop --format progress
}

clean_pkg() {
  # pkg/ only ever holds gems built by this script
  rm -rf "$PKG_DIR"
  mkdir -p "$PKG_DIR"
}

build_gem() {
  local version="$1" key_file=""
  if [[ -n "${GEM_PRIVATE_KEY:-}" ]]; then
    [[ -f "$GEM_PRIVATE_KEY" ]] || die "GEM_PRIVATE_KEY points to a missing file"
    key_file="$GEM_PRIVATE_KEY"
  elif [[ "$PUSH" == 1 ]]; then
    die "GEM_PRIVATE_KEY must be set to push a signed gem"
  else
    warn "GEM_PRIVATE_KEY not set; building an unsigned gem for local testing"
  fi
  log "gem build (version $version)"
  if [[ -n "$key_file" ]]; then
    # the gemspec reads the key path from this variable and sets signing_key
    LEDGER_SYNC_SIGNING_KEY="$key_file" gem build "$GEMSPEC" --output "$PKG_DIR/ledger_sync-$version.gem"
  else
    gem build "$GEMSPEC" --output "$PKG_DIR/ledger_sync-$version.gem"
  fi
}

verify_gem() {
  local gem_file="$1" tmp
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/gemverify.XXXXXX")"
  trap 'rm -rf "$tmp"' RETURN
  log "inspecting $(basename "$gem_file")"
  tar -xf "$gem_file" -C "$tmp"
  [[ -f "$tmp/metadata.gz" ]] || die "gem has no metadata"
  if [[ -f "$tmp/data.tar.gz.sig" ]]; then
    log "gem is signed; verifying against $CERT"
    gem cert --list >/dev/null
    gem spec "$gem_file" cert_chain >/dev/null
  else
    warn "gem is not signed"
  fi
  local files
  files="$(tar -xOf "$gem_file" data.tar.gz | tar -tzf - | wc -l | tr -d ' ')"
  log "$files files in data.tar.gz"
  if tar -xOf "$gem_file" data.tar.gz | tar -tzf - | grep -E '(^|/)(\.env|.*\.pem|spec/fixtures/secrets)' ; then
    die "gem contains files that should not be shipped"
  fi
}

smoke_install() {
  local gem_file="$1" gem_home
  gem_home="$(mktemp -d "${TMPDIR:-/tmp}/gemhome.XXXXXX")"
  log "installing into throwaway GEM_HOME"
  GEM_HOME="$gem_home" GEM_PATH="$gem_home" gem install --local --no-document "$gem_file" >/dev/null
  GEM_HOME="$gem_home" GEM_PATH="$gem_home" ruby -e 'require "ledger_sync"; puts LedgerSync::VERSION'
  rm -rf "$gem_home"
}

tag_release() {
  local version="$1" tag="v$1"
  if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
    log "tag $tag already exists"
  else
    git tag -a "$tag" -m "ledger_sync $version"
    log "created tag $tag"
  fi
}

push_gem() {
  local gem_file="$1" version="$2"
  [[ -n "${GEM_HOST_API_KEY:-}" ]] || die "GEM_HOST_API_KEY is required for --push"
  log "gem push $(basename "$gem_file")"
  gem push "$gem_file" --host https://rubygems.org "${OTP_ARGS[@]}"
  git push origin "v$version"
}

print_plan() {
  local version="$1"
  log "plan for ledger_sync $version:"
  echo "    tests:   $([[ "$SKIP_TESTS" == 1 ]] && echo skipped || echo 'rake spec + rubocop')"
  echo "    signing: $([[ -n "${GEM_PRIVATE_KEY:-}" ]] && echo yes || echo no)"
  echo "    push:    $([[ "$PUSH" == 1 ]] && echo 'rubygems.org' || echo 'no (dry run)')"
}

main() {
  require ruby gem bundle git tar
  local version gem_file
  version="$(gem_version)"
  log "ledger_sync $version"
  print_plan "$version"
  check_changelog "$version"
  [[ "$PUSH" == 1 ]] && check_git
  run_tests
  clean_pkg
  build_gem "$version"
  gem_file="$PKG_DIR/ledger_sync-$version.gem"
  [[ -f "$gem_file" ]] || die "gem build did not produce $gem_file"
  verify_gem "$gem_file"
  smoke_install "$gem_file"
  if [[ "$PUSH" == 1 ]]; then
    tag_release "$version"
    push_gem "$gem_file" "$version"
    log "released ledger_sync $version"
  else
    log "dry run finished; $gem_file is ready. Re-run with --push to publish."
  fi
}

main
