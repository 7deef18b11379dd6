#!/bin/sh
# script/publish-gem - build and push the harvest-client gem to rubygems.org,
# then tag the release. POSIX sh so it also runs in the slim CI image.
#   script/publish-gem [--otp CODE] [--no-push]
set -eu

here=$(dirname "$0")
top=$(cd "$here/.." && pwd)
cd "$top"

otp=""
push=1
while [ $# -gt 0 ]; do
  case "$1" in
    --otp) otp="$2"; shift 2 ;;
    --no-push) push=0; shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

gem_version() {
  ruby -Ilib -e 'require "harvest/client/version"; print Harvest::Client::VERSION'
}

assert_ready() {
  if [ -n "$(git status --porcelain)" ]; then
    echo "uncommitted changes; aborting" >&2
    exit 1
  fi
  if git tag --list | grep -qx "v$1"; then
    echo "v$1 is already tagged" >&2
    exit 1
  fi
  grep -q "## $1" CHANGELOG.md || {
    echo "CHANGELOG.md has no entry for $1" >&2
    exit 1
  }
}

clean_pkg() {
  # pkg/ holds built .gem files; only ever remove it inside this checkout
  pkg="$top/pkg"
  case "$pkg" in
    "$top"/pkg) rm -rf "$pkg" ;;
    *) echo "unexpected pkg path $pkg" >&2; exit 1 ;;
  esac
}

build_gem() {
  bundle exec rake build >/dev/null
  ls pkg/harvest-client-"$1".gem
}

push_gem() {
  gemfile="$1"
  if [ -z "${GEM_HOST_API_KEY:-}" ]; then
    echo "GEM_HOST_API_KEY not set; run gem signin or export it" >&2
    exit 1
  fi
  if [ -n "$otp" ]; then
    gem push "$gemfile" --host https://rubygems.org --otp "$otp"
  else
    gem push "$gemfile" --host https://rubygems.org
  fi
}

tag_release() {
  git tag -a "v$1" -m "harvest-client $1"
  git push origin "v$1"
}

version=$(gem_version)
echo "publishing harvest-client $version"
assert_ready "$version"
bundle exec rake test
clean_pkg
gemfile=$(build_gem "$version")
echo "built $gemfile"
if [ "$push" -eq 1 ]; then
  push_gem "$gemfile"
  tag_release "$version"
  echo "released $version"
else
  echo "skipping push (--no-push)"
fi
