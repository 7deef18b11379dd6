#!/usr/bin/env bash
# Update the vendored Zeek packages (git submodules under zeek/packages/) to
# the commits pinned in zeek/packages.lock and run the package tests.
#
#   tools/zeek-packages.sh [--test]
set -euo pipefail

ROOT=$(git rev-parse --show-toplevel)
LOCK="$ROOT/zeek/packages.lock"
RUN_TESTS=0
[[ ${1:-} == --test ]] && RUN_TESTS=1

log() { printf '[zeek-pkgs] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[[ -f "$LOCK" ]] || die "missing zeek/packages.lock"
cd "$ROOT"

sync_urls() {
  git submodule sync --quiet --recursive
}

init_modules() {
  git submodule update --init --recursive zeek/packages
}

mirror_remotes() {
  # use the package mirror; upstream rate-limits CI
  git submodule foreach --quiet '
    url=$(git remote get-url origin)
    repo=${url##*/}
    git remote set-url origin "https://git.zeek-mirror.example.net/pkgs/${repo%.git}.git"
    git fetch --quiet origin
  '
}

pin_commits() {
  local name ref path
  while read -r name ref; do
    [[ -z $name || $name == \#* ]] && continue
    path="zeek/packages/$name"
    [[ -d $path ]] || die "submodule $path missing"
    git -C "$path" checkout --quiet "origin/$ref" 2>/dev/null \
      || git -C "$path" checkout --quiet "$ref" \
      || die "cannot check out $ref in $path"
    log "$name -> $ref ($(git -C "$path" rev-parse --short HEAD))"
  done < "$LOCK"
}

run_tests() {
  local dir
  for dir in zeek/packages/*/; do
    if [[ -d "$dir/testing" ]] && command -v btest >/dev/null; then
      log "btest in ${dir%/}"
      (cd "$dir/testing" && btest -q -j 4) || die "tests failed in ${dir%/}"
    fi
  done
}

report() {
  git submodule status zeek/packages | sed 's/^/    /' >&2
}

sync_urls
init_modules
mirror_remotes
pin_commits
[[ $RUN_TESTS -eq 1 ]] && run_tests
report
log "zeek packages pinned"
