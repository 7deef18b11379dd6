#!/usr/bin/env bash
# scripts/gh-release.sh - create a GitHub release for the tag at HEAD and attach
# the built .aab/.apk. Uses GITHUB_TOKEN against api.github.com and
# uploads.github.com only.
set -euo pipefail

: "${GITHUB_TOKEN:?export GITHUB_TOKEN (repo scope)}"
OWNER_REPO="${GITHUB_REPOSITORY:-tidewater/tidewater-android}"
API="https://api.github.com/repos/$OWNER_REPO"
UPLOADS="https://uploads.github.com/repos/$OWNER_REPO"
TAG="$(git describe --tags --exact-match 2>/dev/null || true)"
ASSETS=(
  "app/build/outputs/bundle/release/app-release.aab"
  "app/build/outputs/apk/release/app-release.apk"
)

[[ -n "$TAG" ]] || { echo "HEAD is not tagged" >&2; exit 1; }

gh_api() {
  local method="$1" url="$2"; shift 2
  curl --fail-with-body -sS -X "$method" \
    -H "Authorization: Bearer $GITHUB_TOKEN" \
    -H "Accept: application/vnd.github+json" \
    -H "X-GitHub-Api-Version: 2022-11-28" \
    "$@" "$url"
}

notes_since_previous() {
  local prev
  prev="$(git describe --tags --abbrev=0 "$TAG^" 2>/dev/null || true)"
  git log --no-merges --format='* %s' ${prev:+"$prev..$TAG"}
}

release_json() {
  jq -n --arg tag "$TAG" --arg body "$(notes_since_previous)" \
    '{tag_name: $tag, name: $tag, body: $body, draft: true, prerelease: ($tag | test("-rc"))}'
}

existing_release_id() {
  gh_api GET "$API/releases/tags/$TAG" 2>/dev/null | jq -r '.id // empty' || true
}

create_release() {
  release_json | gh_api POST "$API/releases" --data @- | jq -r '.id'
}

upload_asset() {
  local id="$1" file="$2" name
  name="$(basename "$file")"
  gh_api POST "$UPLOADS/releases/$id/assets?name=$name" \
    -H "Content-Type: application/octet-stream" \
    --data-binary "@$file" | jq -r '.browser_download_url'
}

check_tools() {
  local t
  for t in curl jq git; do
    command -v "$t" >/dev/null || { echo "$t not found" >&2; exit 1; }
  done
}

main() {
  local id
  check_tools
  id="$(existing_release_id)"
  if [[ -z "$id" ]]; then
    id="$(create_release)"
    echo "created draft release $TAG (id $id)"
  else
    echo "release $TAG exists (id $id); adding assets"
  fi
  local f
  for f in "${ASSETS[@]}"; do
    if [[ -f "$f" ]]; then
      echo "uploaded $(upload_asset "$id" "$f")"
    else
      echo "skip missing $f"
    fi
  done
  echo "review and publish the draft on GitHub"
}

main
