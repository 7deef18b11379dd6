#!/usr/bin/env bash
# Release helper: bump version in package.json and Cargo.toml, tag, push and
# create the GitHub release with the built archives.
#   usage: scripts/release.sh <major|minor|patch> [--draft]
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

BUMP="${1:-}"
DRAFT=""
[[ "${2:-}" == "--draft" ]] && DRAFT="--draft"
REMOTE="origin"
MAIN_BRANCH="main"

fail() { echo "release: $*" >&2; exit 1; }

case "$BUMP" in
  major|minor|patch) ;;
  *) fail "usage: $0 <major|minor|patch> [--draft]" ;;
esac

preflight() {
  [[ "$(git branch --show-current)" == "$MAIN_BRANCH" ]] || fail "not on $MAIN_BRANCH"
  git diff --quiet && git diff --cached --quiet || fail "working tree not clean"
  git fetch --quiet "$REMOTE" "$MAIN_BRANCH"
  [[ "$(git rev-parse HEAD)" == "$(git rev-parse "$REMOTE/$MAIN_BRANCH")" ]] \
    || fail "local $MAIN_BRANCH differs from $REMOTE/$MAIN_BRANCH"
  command -v gh >/dev/null || fail "gh CLI not installed"
  gh auth status >/dev/null 2>&1 || fail "gh is not authenticated"
}

next_version() {
  local current="$1" major minor patch
  IFS=. read -r major minor patch <<<"$current"
  case "$BUMP" in
    major) echo "$((major + 1)).0.0" ;;
    minor) echo "${major}.$((minor + 1)).0" ;;
    patch) echo "${major}.${minor}.$((patch + 1))" ;;
  esac
}

write_versions() {
  local v="$1" tmp
  tmp="$(mktemp)"
  jq --arg v "$v" '.version = $v' package.json > "$tmp" && mv "$tmp" package.json
  sed -i.orig -E "0,/^version = \"[^\"]+\"/s//version = \"$v\"/" Cargo.toml
  rm -f Cargo.toml.orig
  cargo update --workspace --quiet
}

build_archives() {
  local v="$1"
  rm -rf release && mkdir -p release
  cargo build --release --locked
  tar -C target/release -czf "release/tally-$v-linux-x86_64.tar.gz" tally
  (cd release && sha256sum ./*.tar.gz > SHA256SUMS)
}

notes_since_last_tag() {
  local last
  last="$(git describe --tags --abbrev=0 2>/dev/null || true)"
  if [[ -n "$last" ]]; then
    git log --no-merges --pretty='- %s' "$last"..HEAD
  else
    git log --no-merges --pretty='- %s'
  fi
}

main() {
  preflight
  local current next notes
  current="$(jq -r .version package.json)"
  next="$(next_version "$current")"
  echo "releasing $current -> $next"
  notes="$(notes_since_last_tag)"
  write_versions "$next"
  git add package.json Cargo.toml Cargo.lock
  git commit -m "chore(release): v$next"
  git tag -a "v$next" -m "v$next"
  build_archives "$next"
  git push "$REMOTE" "$MAIN_BRANCH"
  git push "$REMOTE" "v$next"
  gh release create "v$next" release/* --title "v$next" --notes "$notes" $DRAFT
  echo "done: v$next"
}

main
