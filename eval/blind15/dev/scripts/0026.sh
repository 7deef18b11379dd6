#!/usr/bin/env bash
# release.sh - tag and publish a release of the CLI.
#
#   scripts/release.sh patch            # 1.4.2 -> 1.4.3
#   scripts/release.sh minor --dry-run  # show what would happen
#
# Steps: sanity checks, bump version in Cargo.toml, regenerate CHANGELOG
# section from conventional commits, commit, signed tag, push the current
# branch and the tag, then create a draft GitHub release with the built
# archives via `gh`.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

PART="${1:-}"
shift || true
DRY_RUN=0
DRAFT=1
for arg in "$@"; do
  case "$arg" in
    --dry-run) DRY_RUN=1 ;;
    --publish) DRAFT=0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

case "$PART" in
  major|minor|patch) ;;
  *) echo "usage: $0 major|minor|patch [--dry-run] [--publish]" >&2; exit 2 ;;
esac

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }
run() {
  if [[ $DRY_RUN -eq 1 ]]; then
    printf '  (dry-run) %q' "$1"; shift; printf ' %q' "$@"; printf '\n'
  else
    "$@"
  fi
}

require() {
  command -v "$1" >/dev/null 2>&1 || die "$1 is required"
}

require git
require cargo
require gh

if ! gh auth status >/dev/null 2>&1; then
  die "gh is not logged in; run: gh auth login"
fi
if ! git config --get user.signingkey >/dev/null; then
  die "no signing key configured (git config user.signingkey); tags must be signed"
fi
if ! cargo test --workspace --quiet >/dev/null 2>&1; then
  die "tests fail on $(git rev-parse --short HEAD); fix them before releasing"
fi

# --- sanity checks ---------------------------------------------------------
BRANCH="$(git rev-parse --abbrev-ref HEAD)"
[[ "$BRANCH" == "main" || "$BRANCH" == release/* ]] || die "release from main or release/*, not $BRANCH"
[[ -z "$(git status --porcelain)" ]] || die "working tree not clean"
git fetch --quiet origin "$BRANCH"
LOCAL="$(git rev-parse HEAD)"
REMOTE="$(git rev-parse "origin/$BRANCH")"
[[ "$LOCAL" == "$REMOTE" ]] || die "branch is not in sync with origin/$BRANCH"

# --- version bump ----------------------------------------------------------
CURRENT="$(sed -n 's/^version = "\([0-9]*\.[0-9]*\.[0-9]*\)"/\1/p' Cargo.toml | head -n1)"
[[ -n "$CURRENT" ]] || die "cannot read version from Cargo.toml"
IFS=. read -r MAJ MIN PAT <<<"$CURRENT"
case "$PART" in
  major) MAJ=$((MAJ + 1)); MIN=0; PAT=0 ;;
  minor) MIN=$((MIN + 1)); PAT=0 ;;
  patch) PAT=$((PAT + 1)) ;;
esac
NEXT="$MAJ.$MIN.$PAT"
TAG="v$NEXT"
git rev-parse -q --verify "refs/tags/$TAG" >/dev/null && die "tag $TAG already exists"
log "releasing $CURRENT -> $NEXT ($TAG)"

# --- changelog -------------------------------------------------------------
PREV_TAG="$(git describe --tags --abbrev=0 2>/dev/null || true)"
RANGE="${PREV_TAG:+$PREV_TAG..}HEAD"
NOTES_FILE="$(mktemp -t release-notes.XXXXXX)"
trap 'rm -f "$NOTES_FILE"' EXIT

section() {
  local title="$1" prefix="$2" lines
  lines="$(git log "$RANGE" --no-merges --pretty='format:%s (%h)' | grep -E "^${prefix}(\(.+\))?:" || true)"
  if [[ -n "$lines" ]]; then
    printf '### %s\n\n' "$title"
    while IFS= read -r line; do
      printf -- '- %s\n' "${line#*: }"
    done <<<"$lines"
    printf '\n'
  fi
}

{
  printf '## %s - %s\n\n' "$NEXT" "$(date +%Y-%m-%d)"
  section "Features" "feat"
  section "Bug fixes" "fix"
  section "Performance" "perf"
} >"$NOTES_FILE"

log "release notes:"
sed 's/^/    /' "$NOTES_FILE"

if [[ $DRY_RUN -eq 0 ]]; then
  sed -i.bak "0,/^version = \"$CURRENT\"/s//version = \"$NEXT\"/" Cargo.toml && rm -f Cargo.toml.bak
  cargo update --workspace --offline >/dev/null 2>&1 || cargo update --workspace
  if [[ -f CHANGELOG.md ]]; then
    { head -n 1 CHANGELOG.md; echo; cat "$NOTES_FILE"; tail -n +2 CHANGELOG.md; } > CHANGELOG.md.new
    mv CHANGELOG.md.new CHANGELOG.md
  else
    { echo "# Changelog"; echo; cat "$NOTES_FILE"; } > CHANGELOG.md
  fi
fi

# --- build artefacts -------------------------------------------------------
log "building release archives"
run cargo build --release --locked
DIST="$ROOT/dist"
run rm -rf "$DIST"
run mkdir -p "$DIST"
BIN_NAME="$(sed -n 's/^name = "\(.*\)"/\1/p' Cargo.toml | head -n1)"
ARCHIVE="$DIST/${BIN_NAME}-${TAG}-$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m).tar.gz"
run tar -czf "$ARCHIVE" -C target/release "$BIN_NAME"
if [[ $DRY_RUN -eq 0 ]]; then
  (cd "$DIST" && sha256sum -- *.tar.gz > SHA256SUMS)
fi

# --- commit, tag, push -----------------------------------------------------
run git add Cargo.toml Cargo.lock CHANGELOG.md
run git commit -m "chore(release): $TAG"
run git tag -s "$TAG" -m "Release $TAG"
run git push origin HEAD
run git push origin "$TAG"

# --- GitHub release --------------------------------------------------------
GH_ARGS=(release create "$TAG" --title "$TAG" --notes-file "$NOTES_FILE" --verify-tag)
[[ $DRAFT -eq 1 ]] && GH_ARGS+=(--draft)
if [[ $DRY_RUN -eq 0 ]]; then
  GH_ARGS+=("$DIST"/*.tar.gz "$DIST/SHA256SUMS")
fi
run gh "${GH_ARGS[@]}"

log "done: $TAG"
if [[ $DRAFT -eq 1 ]]; then
  echo "The release is a draft; review it with: gh release view $TAG --web"
fi
