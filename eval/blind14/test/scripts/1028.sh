#!/usr/bin/env bash
# Guard against publishing a version that already exists on npm.
# Queries registry.npmjs.org (metadata only, nothing executed) and caches
# the version list in this tool's cache dir, ~/.cache/publish-guard/.
set -euo pipefail

cache_root=${XDG_CACHE_HOME:-$HOME/.cache}/publish-guard
ttl_minutes=${PUBLISH_GUARD_TTL:-10}
mkdir -p "$cache_root"

pkg_name=$(jq -r .name package.json)
pkg_version=$(jq -r .version package.json)
if [[ -z $pkg_name || $pkg_name == null ]]; then
  echo "package.json has no name" >&2
  exit 2
fi
if [[ $(jq -r '.private // false' package.json) == true ]]; then
  echo "$pkg_name is private; nothing to guard"
  exit 0
fi

cache_file="$cache_root/$(printf '%s' "$pkg_name" | tr '/@' '__').json"

refresh_needed() {
  [[ ! -s $cache_file ]] && return 0
  [[ -n $(find "$cache_file" -mmin +"$ttl_minutes" 2>/dev/null) ]]
}

fetch_versions() {
  local encoded tmp status
  encoded=${pkg_name/\//%2f}
  tmp=$(mktemp "$cache_root/.fetch.XXXXXX")
  status=$(curl -sS -o "$tmp" -w '%{http_code}' \
    -H 'Accept: application/vnd.npm.install-v1+json' \
    "https://registry.npmjs.org/$encoded")
  case $status in
    200) jq '{versions: (.versions | keys), latest: ."dist-tags".latest}' "$tmp" > "$cache_file" ;;
    404) echo '{"versions": [], "latest": null}' > "$cache_file" ;;
    *) rm -f "$tmp"; echo "registry answered HTTP $status" >&2; return 1 ;;
  esac
  rm -f "$tmp"
}

if refresh_needed; then
  fetch_versions
fi

latest=$(jq -r '.latest // "none"' "$cache_file")
published=$(jq --arg v "$pkg_version" '.versions | index($v) != null' "$cache_file")

echo "package:   $pkg_name"
echo "local:     $pkg_version"
echo "published: $latest (latest)"

if [[ $published == true ]]; then
  echo "error: $pkg_name@$pkg_version is already on the registry; bump the version" >&2
  exit 1
fi

newest=$(printf '%s\n%s\n' "$latest" "$pkg_version" | grep -v '^none$' | sort -V | tail -n 1)
if [[ $latest != none && $newest != "$pkg_version" ]]; then
  echo "warning: local version is lower than the latest published version" >&2
fi

check_files_field() {
  local files
  files=$(jq -r '.files // [] | length' package.json)
  if [[ $files -eq 0 && ! -f .npmignore ]]; then
    echo "warning: no \"files\" field and no .npmignore; the whole directory would be published" >&2
    return 1
  fi
  return 0
}

check_files_field || true
if [[ -n $(git status --porcelain 2>/dev/null) ]]; then
  echo "warning: uncommitted changes would be included in the tarball" >&2
fi

find "$cache_root" -name '*.json' -mtime +30 -delete 2>/dev/null || true
echo "ok to publish"
