#!/usr/bin/env bash
# Release the ferry-proto crate: verify, bump, tag, publish to crates.io,
# push. Requires CARGO_REGISTRY_TOKEN in the environment for publishing.
set -euo pipefail

CRATE="ferry-proto"
MANIFEST="crates/$CRATE/Cargo.toml"

cd "$(git rev-parse --show-toplevel)"

say() { printf '>> %s\n' "$*"; }
abort() { printf 'release aborted: %s\n' "$*" >&2; exit 1; }

current_version() {
  sed -nE 's/^version = "([^"]+)"/\1/p' "$MANIFEST" | head -n 1
}

bump() {
  local v="$1" part="$2" a b c
  IFS=. read -r a b c <<<"$v"
  case "$part" in
    major) printf '%d.0.0' $((a + 1)) ;;
    minor) printf '%d.%d.0' "$a" $((b + 1)) ;;
    patch) printf '%d.%d.%d' "$a" "$b" $((c + 1)) ;;
    *) abort "unknown bump '$part'" ;;
  esac
}

checks() {
  [[ -z "$(git status --porcelain)" ]] || abort "uncommitted changes present"
  [[ "$(git symbolic-ref --short HEAD)" == main ]] || abort "release from main only"
  [[ -n "${CARGO_REGISTRY_TOKEN:-}" || "${DRY_RUN:-0}" == 1 ]] || abort "CARGO_REGISTRY_TOKEN not set"
  say "running tests"
  cargo test -p "$CRATE" --all-features --quiet
  cargo clippy -p "$CRATE" --all-features --quiet -- -D warnings
}

set_version() {
  local new="$1"
  sed -i.bak -E "0,/^version = \"[^\"]+\"/s//version = \"$new\"/" "$MANIFEST"
  rm -f "$MANIFEST.bak"
  cargo check -p "$CRATE" --quiet
}

changelog_entry() {
  local new="$1" prev_tag
  prev_tag="$(git tag --list "$CRATE-v*" --sort=-v:refname | head -n 1)"
  {
    printf '## %s (%s)\n\n' "$new" "$(date +%Y-%m-%d)"
    git log --no-merges --format='- %s' ${prev_tag:+"$prev_tag"..HEAD} -- "crates/$CRATE"
    printf '\n'
  } > "crates/$CRATE/.release-notes.md"
  cat "crates/$CRATE/.release-notes.md" "crates/$CRATE/CHANGELOG.md" > "crates/$CRATE/CHANGELOG.new"
  mv "crates/$CRATE/CHANGELOG.new" "crates/$CRATE/CHANGELOG.md"
  rm -f "crates/$CRATE/.release-notes.md"
}

main() {
  local part="${1:-patch}" old new tag
  checks
  old="$(current_version)"
  new="$(bump "$old" "$part")"
  tag="$CRATE-v$new"
  say "$CRATE $old -> $new"
  set_version "$new"
  changelog_entry "$new"
  git add "$MANIFEST" "crates/$CRATE/CHANGELOG.md" Cargo.lock
  git commit -q -m "release: $tag"
  git tag -a "$tag" -m "$tag"
  if [[ "${DRY_RUN:-0}" == 1 ]]; then
    cargo publish -p "$CRATE" --dry-run
    say "dry run complete; undo with: git tag -d $tag && git reset --soft HEAD~1"
    return
  fi
  cargo publish -p "$CRATE"
  git push origin main "$tag"
  say "published https://crates.io/crates/$CRATE/$new"
}

main "$@"
