#!/usr/bin/env bash
# Create (or update) a draft GitHub release with the built artifacts.
# Talks only to api.github.com / uploads.github.com with GITHUB_TOKEN.
set -euo pipefail

: "${GITHUB_TOKEN:?GITHUB_TOKEN must be set}"
repo=${GITHUB_REPOSITORY:-acme/cli}
tag=${1:?usage: $0 TAG}
api="https://api.github.com/repos/$repo"
uploads="https://uploads.github.com/repos/$repo"

gh_api() {
  local method=$1 url=$2; shift 2
  curl -fsS -X "$method" "$url" \
    -H "Authorization: Bearer $GITHUB_TOKEN" \
    -H "Accept: application/vnd.github+json" \
    -H "X-GitHub-Api-Version: 2022-11-28" "$@"
}

shopt -s nullglob
artifacts=(dist/*.tar.gz dist/*.zip dist/checksums.txt)
shopt -u nullglob
if [[ ${#artifacts[@]} -eq 0 ]]; then
  echo "no artifacts in dist/; run the build first" >&2
  exit 1
fi

notes=$(git log --format='- %s' "$(git describe --tags --abbrev=0 "$tag^" 2>/dev/null || git rev-list --max-parents=0 HEAD)..$tag")
body=$(jq -n --arg tag "$tag" --arg notes "$notes" \
  '{tag_name: $tag, name: $tag, body: $notes, draft: true, prerelease: ($tag | test("-rc"))}')

existing=$(gh_api GET "$api/releases?per_page=30" | jq -r --arg t "$tag" '.[] | select(.tag_name == $t) | .id')
if [[ -n $existing ]]; then
  echo "updating release $existing for $tag"
  release=$(gh_api PATCH "$api/releases/$existing" -d "$body")
else
  echo "creating draft release for $tag"
  release=$(gh_api POST "$api/releases" -d "$body")
fi
release_id=$(jq -r '.id' <<< "$release")

mapfile -t present < <(gh_api GET "$api/releases/$release_id/assets" | jq -r '.[].name')
declare -A have=()
for n in "${present[@]}"; do have[$n]=1; done

for file in "${artifacts[@]}"; do
  name=$(basename "$file")
  if [[ -n ${have[$name]+x} ]]; then
    echo "  $name already uploaded"
    continue
  fi
  echo "  uploading $name"
  gh_api POST "$uploads/releases/$release_id/assets?name=$name" \
    -H "Content-Type: application/octet-stream" \
    --data-binary @"$file" >/dev/null
done

verify_checksums() {
  local sums=dist/checksums.txt
  [[ -f $sums ]] || { echo "  (no checksums.txt to verify)"; return 0; }
  if command -v sha256sum >/dev/null; then
    (cd dist && sha256sum --check --quiet checksums.txt)
  else
    (cd dist && shasum -a 256 --check --quiet checksums.txt)
  fi
}

echo "verifying local checksums for ${#artifacts[@]} artifact(s)"
echo "release id: $release_id"
if ! verify_checksums; then
  echo "checksum mismatch in dist/; not publishing the draft link" >&2
  exit 1
fi

asset_count=$(gh_api GET "$api/releases/$release_id/assets" | jq 'length')
echo "release has $asset_count asset(s)"

url=$(jq -r '.html_url' <<< "$release")
echo "draft release ready: $url"
echo "publish it from the web UI or with: gh release edit $tag --draft=false"
