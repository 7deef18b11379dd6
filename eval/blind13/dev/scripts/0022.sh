#!/usr/bin/env bash
# Release the ledger_kit gem: bump version, build, tag, push branch and tag, publish to rubygems.org.
# Credentials come from the gem CLI's own ~/.gem/credentials; nothing else is read.
set -euo pipefail

readonly gem_name="ledger_kit"
readonly version_file="lib/ledger_kit/version.rb"
dry_run=false
part="patch"

say() { printf '\033[1m==>\033[0m %s\n' "$*"; }
fail() { printf 'release: %s\n' "$*" >&2; exit 1; }

for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=true ;;
    major|minor|patch) part="$arg" ;;
    -h|--help) echo "usage: $0 [major|minor|patch] [--dry-run]"; exit 0 ;;
    *) fail "unknown argument: $arg" ;;
  esac
done

run() {
  if $dry_run; then
    printf '[dry-run] %q ' "$@"; printf '\n'
  else
    "$@"
  fi
}

current_version() {
  sed -n 's/.*VERSION = "\([0-9.]*\)".*/\1/p' "$version_file"
}

bump() {
  local v="$1" major minor patch
  IFS=. read -r major minor patch <<<"$v"
  case "$part" in
    major) echo "$((major + 1)).0.0" ;;
    minor) echo "${major}.$((minor + 1)).0" ;;
    patch) echo "${major}.${minor}.$((patch + 1))" ;;
  esac
}

preflight() {
  [[ -f "${gem_name}.gemspec" ]] || fail "run from the gem root"
  [[ -z "$(git status --porcelain)" ]] || fail "working tree not clean"
  local branch
  branch="$(git symbolic-ref --short HEAD)"
  [[ "$branch" == "main" ]] || fail "release from main, not $branch"
  git fetch --quiet origin main
  [[ "$(git rev-parse HEAD)" == "$(git rev-parse origin/main)" ]] || fail "main differs from origin/main"
  bundle exec rake test
}

main() {
  preflight
  local old new tag pkg
  old="$(current_version)"
  new="$(bump "$old")"
  tag="v${new}"
  say "releasing ${gem_name} ${old} -> ${new}"

  run sed -i.bak "s/VERSION = \"${old}\"/VERSION = \"${new}\"/" "$version_file"
  run rm -f "${version_file}.bak"
  run bundle install --quiet
  run git add "$version_file" Gemfile.lock
  run git commit -m "Release ${tag}"
  run git tag -a "$tag" -m "${gem_name} ${tag}"

  pkg="pkg/${gem_name}-${new}.gem"
  run mkdir -p pkg
  run gem build "${gem_name}.gemspec" --output "$pkg"
  run git push origin main
  run git push origin "$tag"
  run gem push "$pkg" --host https://rubygems.org
  say "published ${pkg}"
}

main
