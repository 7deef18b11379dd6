#!/usr/bin/env bash
# Create a GitHub release for the latest tag and attach dist/ artefacts.
set -euo pipefail

REPO="${GITHUB_REPOSITORY:-$(git remote get-url origin | sed -E 's#.*github.com[:/]([^/]+/[^/.]+)(\.git)?#\1#')}"
API="https://api.github.com/repos/$REPO"
UPLOADS="https://uploads.github.com/repos/$REPO"

die() { echo "release-gh: $*" >&2; exit 1; }

gh_api() {
  local method="$1" url="$2"; shift 2
  curl -fsS -X "$method" "$url" \
    -H "Authorization: Bearer $GITHUB_TOKEN" \
    -H "Accept: application/vnd.github+json" \
    -H "X-GitHub-Api-Version: 2022-11-28" "$@"
}

notes() {
  local prev
  prev=$(git describe --tags --abbrev=0 "$1^" 2>/dev/null || true)
  git log --format='* %s (%h)' ${prev:+"$prev..$1"}
}

main() {
  [ -n "${GITHUB_TOKEN:-}" ] || die "GITHUB_TOKEN not set"
  local tag
  tag=$(git describe --tags --exact-match 2>/dev/null) || die "HEAD is not tagged"
  local body
  body=$(jq -n --arg t "$tag" --arg b "$(notes "$tag")" '{tag_name: $t, name: $t, body: $b, draft: true}')
  local id
  id=$(gh_api POST "$API/releases" -d "$body" | jq -r .id)
  echo "created draft release $tag ($id)"
  for f in dist/*; do
    [ -f "$f" ] || continue
    gh_api POST "$UPLOADS/releases/$id/assets?name=$(basename "$f")" \
      -H 'Content-Type: application/octet-stream' --data-binary "@$f" >/dev/null
    echo "  uploaded $(basename "$f")"
  done
  echo "review and publish at https://github.com/$REPO/releases"
}

main "$@"
