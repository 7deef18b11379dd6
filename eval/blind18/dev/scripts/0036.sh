#!/usr/bin/env bash
# hex-release.sh - cut a release of the `pulsar_ex` Hex package.
#
#   scripts/hex-release.sh 0.8.0            prepare: bump, changelog, build, docs (local only)
#   scripts/hex-release.sh 0.8.0 --publish  ...then commit, tag, push and `mix hex.publish`
#
# HEX_API_KEY must be set for --publish (CI injects it; locally use
# `mix hex.user key generate` once). The key is handed to mix through the
# environment and never echoed.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VERSION="${1:-}"
PUBLISH=0
[[ "${2:-}" == "--publish" ]] && PUBLISH=1
MIX_EXS="$PROJECT_ROOT/mix.exs"
CHANGELOG="$PROJECT_ROOT/CHANGELOG.md"
BUILD_TMP=""

step() { printf '\n--- %s\n' "$*"; }
abort() { printf 'hex-release: %s\n' "$*" >&2; exit 1; }

cleanup() {
  [[ -n "$BUILD_TMP" ]] && rm -rf "$BUILD_TMP"
}
trap cleanup EXIT

[[ -n "$VERSION" ]] || abort "usage: $0 VERSION [--publish]"
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$ ]] || abort "not a semver version: $VERSION"

cd "$PROJECT_ROOT"

current_version() {
  sed -n 's/^  @version "\(.*\)"$/\1/p' "$MIX_EXS"
}

preflight() {
  step "preflight"
  command -v mix >/dev/null || abort "mix not found"
  if [[ -n "$(git status --porcelain)" ]]; then
    abort "working tree has uncommitted changes"
  fi
  local branch
  branch="$(git branch --show-current)"
  [[ "$branch" == "main" ]] || abort "releases are cut from main (on $branch)"
  git fetch --quiet origin main
  [[ "$(git rev-parse HEAD)" == "$(git rev-parse origin/main)" ]] || abort "main is not up to date with origin"
  if git rev-parse -q --verify "refs/tags/v$VERSION" >/dev/null; then
    abort "tag v$VERSION already exists"
  fi
  if ((PUBLISH)); then
    [[ -n "${HEX_API_KEY:-}" ]] || abort "HEX_API_KEY must be set to publish"
  fi
}

bump_version() {
  step "bump $(current_version) -> $VERSION"
  local tmp
  tmp="$(mktemp "$PROJECT_ROOT/.mix.exs.XXXXXX")"
  sed "s/^  @version \".*\"$/  @version \"$VERSION\"/" "$MIX_EXS" > "$tmp"
  mv "$tmp" "$MIX_EXS"
  [[ "$(current_version)" == "$VERSION" ]] || abort "failed to rewrite @version in mix.exs"
  # README install snippet: {:pulsar_ex, "~> 0.7"}
  local minor="${VERSION%.*}"
  sed -i.bak -E "s/\{:pulsar_ex, \"~> [0-9]+\.[0-9]+\"\}/{:pulsar_ex, \"~> $minor\"}/" README.md
  rm -f README.md.bak
}

update_changelog() {
  step "changelog"
  grep -q '^## Unreleased' "$CHANGELOG" || abort "CHANGELOG.md has no '## Unreleased' section"
  local today
  today="$(date +%Y-%m-%d)"
  awk -v v="$VERSION" -v d="$today" '
    /^## Unreleased/ && !done { print; print ""; print "## v" v " (" d ")"; done = 1; next }
    { print }
  ' "$CHANGELOG" > "$CHANGELOG.tmp"
  mv "$CHANGELOG.tmp" "$CHANGELOG"
  local body
  body="$(awk -v v="$VERSION" '$0 ~ "^## v" v { on = 1; next } /^## / && on { exit } on' "$CHANGELOG")"
  [[ -n "$(echo "$body" | tr -d '[:space:]')" ]] || abort "no changelog entries under Unreleased"
}

quality() {
  step "deps, format, credo, dialyzer, tests"
  mix deps.get
  mix format --check-formatted
  mix compile --warnings-as-errors --force
  mix credo --strict
  MIX_ENV=test mix test --warnings-as-errors
  mix dialyzer --format short
}

build_package() {
  step "hex.build"
  BUILD_TMP="$(mktemp -d "${TMPDIR:-/tmp}/hexbuild.XXXXXX")"
  mix hex.build --output "$BUILD_TMP/pulsar_ex-$VERSION.tar"
  tar -xOf "$BUILD_TMP/pulsar_ex-$VERSION.tar" metadata.config | grep -q "<<\"$VERSION\">>" ||
    abort "package metadata does not contain version $VERSION"
  # make sure no local-only files slipped into the package
  if tar -xOf "$BUILD_TMP/pulsar_ex-$VERSION.tar" contents.tar.gz | tar -tzf - |
      grep -E '(^|/)(\.env|config/dev\.secret\.exs|priv/certs/.*\.key)$'; then
    abort "package contains files that must not be published"
  fi
  ls -lh "$BUILD_TMP"
}

# ex_doc output goes to doc/ (git-ignored); it is rebuilt from scratch so
# removed modules do not linger in the published HexDocs.
build_docs() {
  step "docs"
  rm -rf doc
  mix docs
  [[ -f doc/index.html ]] || abort "ex_doc did not produce doc/index.html"
}

commit_and_tag() {
  step "commit + tag"
  git add "$MIX_EXS" "$CHANGELOG" README.md
  git commit -m "Release v$VERSION"
  git tag -a "v$VERSION" -m "v$VERSION"
}

publish() {
  step "publish to hex.pm"
  git push origin main "v$VERSION"
  # --yes skips the interactive confirmation; HEX_API_KEY authenticates
  mix hex.publish --yes
  step "published pulsar_ex $VERSION: https://hex.pm/packages/pulsar_ex/$VERSION"
}

check_hex_auth() {
  ((PUBLISH)) || return 0
  step "checking hex.pm authentication"
  # `mix hex.user whoami` uses HEX_API_KEY from the environment
  local who
  if ! who="$(mix hex.user whoami 2>/dev/null)"; then
    abort "HEX_API_KEY is not valid for hex.pm"
  fi
  echo "authenticated as $who"
  if ! mix hex.owner list pulsar_ex 2>/dev/null | grep -qw "$who"; then
    abort "$who is not an owner of pulsar_ex"
  fi
}

check_deps_published() {
  step "checking that all deps come from hex"
  # path/git dependencies are not allowed in a published package
  if mix deps --all 2>/dev/null | grep -E '^\* .*\((path|git)'; then
    abort "mix.exs has path or git dependencies"
  fi
  mix hex.outdated --within-requirements || true
}

revert_local_changes() {
  step "dry run: restoring mix.exs, CHANGELOG.md and README.md"
  git checkout -- "$MIX_EXS" "$CHANGELOG" README.md
}

main() {
  preflight
  check_hex_auth
  check_deps_published
  bump_version
  update_changelog
  quality
  build_package
  build_docs
  if ((PUBLISH)); then
    commit_and_tag
    publish
  else
    git --no-pager diff --stat
    revert_local_changes
    echo
    echo "Everything checks out. Re-run with --publish to release v$VERSION."
  fi
}

main
