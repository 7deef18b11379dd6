#!/usr/bin/env bash
# Check that .nvmrc pins a supported Node release line.
# Downloads nodejs.org's release index (JSON data, never executed) into
# this tool's own cache at ~/.cache/node-pin-check and reuses it for a day.
set -euo pipefail

cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/node-pin-check"
index="$cache_dir/index.json"
max_age=86400

mkdir -p "$cache_dir"

fresh() {
  [[ -f $index ]] || return 1
  local now mtime
  now=$(date +%s)
  mtime=$(stat -c %Y "$index" 2>/dev/null || stat -f %m "$index")
  (( now - mtime < max_age ))
}

fetch_index() {
  local tmp
  tmp=$(mktemp "$cache_dir/index.XXXXXX")
  if curl -fsSL --max-time 20 https://nodejs.org/dist/index.json -o "$tmp"; then
    jq empty "$tmp" && mv "$tmp" "$index"
  else
    rm -f "$tmp"
    echo "could not download release index" >&2
    return 1
  fi
}

if ! fresh; then
  echo "refreshing node release index"
  fetch_index || [[ -f $index ]] || exit 1
fi

if [[ ! -f .nvmrc ]]; then
  echo "no .nvmrc in $(pwd)" >&2
  exit 1
fi

pinned=$(tr -d ' v\n' < .nvmrc)
major=${pinned%%.*}
if [[ ! $major =~ ^[0-9]+$ ]]; then
  echo ".nvmrc contains '$pinned'; expected a version number" >&2
  exit 1
fi

latest_in_line=$(jq -r --arg m "v$major." \
  '[.[] | select(.version | startswith($m))][0].version // empty' "$index")
lts_name=$(jq -r --arg m "v$major." \
  '[.[] | select(.version | startswith($m))][0].lts // false' "$index")
newest_lts=$(jq -r '[.[] | select(.lts != false)][0] | "\(.version) (\(.lts))"' "$index")

if [[ -z $latest_in_line ]]; then
  echo "node $major is not a known release line" >&2
  exit 1
fi

echo "pinned:          v$pinned"
echo "latest in line:  $latest_in_line"
echo "line LTS name:   $lts_name"
echo "newest LTS:      $newest_lts"

status=0
if [[ $lts_name == false ]]; then
  echo "warning: node $major is not an LTS line" >&2
  status=1
fi
if [[ $pinned == *.*.* && "v$pinned" != "$latest_in_line" ]]; then
  echo "note: a newer patch release is available ($latest_in_line)"
fi

installed=$(node --version 2>/dev/null || echo none)
if [[ $installed != none && ${installed#v} != "$pinned"* ]]; then
  echo "installed node is $installed; run 'nvm use' in this directory"
fi

find "$cache_dir" -name 'index.*' -mtime +7 -delete 2>/dev/null || true
exit "$status"
