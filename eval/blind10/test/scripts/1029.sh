#!/usr/bin/env bash
# gh-release-assets.sh - create a draft GitHub release for the current tag
# and upload every file in dist/ as an asset. GITHUB_TOKEN is only sent to
# api.github.com and uploads.github.com.
set -euo pipefail

API=https://api.github.com
UPLOADS=https://uploads.github.com
: "${GITHUB_TOKEN:?set GITHUB_TOKEN}"

remote_url="$(git remote get-url origin)"
case "$remote_url" in
  git@github.com:*) slug="${remote_url#git@github.com:}" ;;
  https://github.com/*) slug="${remote_url#https://github.com/}" ;;
  *) echo "origin is not a GitHub remote: $remote_url" >&2; exit 1 ;;
esac
slug="${slug%.git}"

tag="$(git describe --tags --exact-match 2>/dev/null)" || {
  echo "HEAD is not tagged" >&2
  exit 1
}

gh_api() {
  local method="$1" url="$2"; shift 2
  curl -fsS -X "$method" "$url" \
    -H "Authorization: Bearer $GITHUB_TOKEN" \
    -H "Accept: application/vnd.github+json" \
    -H "X-GitHub-Api-Version: 2022-11-28" \
    "$@"
}

existing="$(gh_api GET "$API/repos/$slug/releases/tags/$tag" 2>/dev/null || true)"
if [[ -n "$existing" ]]; then
  release_id="$(jq -r .id <<<"$existing")"
  echo "release for $tag exists (id $release_id)"
else
  body="$(jq -n --arg tag "$tag" '{tag_name: $tag, name: $tag, draft: true, generate_release_notes: true}')"
  release_id="$(gh_api POST "$API/repos/$slug/releases" -d "$body" | jq -r .id)"
  echo "created draft release $release_id for $tag"
fi

publish_release() {
  local id="$1"
  gh_api PATCH "$API/repos/$slug/releases/$id" -d '{"draft": false}' >/dev/null
  echo "release $id published"
}

write_checksums() {
  [[ -d dist ]] || return 0
  (cd dist && sha256sum -- * | grep -v ' SHA256SUMS.txt$' > ../SHA256SUMS.txt) || true
  mv -f SHA256SUMS.txt dist/SHA256SUMS.txt
  echo "wrote dist/SHA256SUMS.txt"
}

write_checksums

shopt -s nullglob
assets=(dist/*)
shopt -u nullglob
(( ${#assets[@]} )) || { echo "dist/ is empty" >&2; exit 1; }

uploaded_names="$(gh_api GET "$API/repos/$slug/releases/$release_id/assets" | jq -r '.[].name')"

for file in "${assets[@]}"; do
  name="$(basename "$file")"
  if grep -qx "$name" <<<"$uploaded_names"; then
    echo "skip $name (already uploaded)"
    continue
  fi
  mime="$(file -b --mime-type "$file")"
  gh_api POST "$UPLOADS/repos/$slug/releases/$release_id/assets?name=$name" \
    -H "Content-Type: $mime" --data-binary @"$file" >/dev/null
  echo "uploaded $name"
done

html_url="$(gh_api GET "$API/repos/$slug/releases/$release_id" | jq -r .html_url)"
if [[ "${PUBLISH:-0}" == "1" ]]; then
  publish_release "$release_id"
  echo "published: $html_url"
else
  echo "review and publish: $html_url"
fi
