#!/usr/bin/env bash
# publish-tiles.sh - push the built tile archives to the map's object storage.
#
#   tools/publish-tiles.sh [--env staging|production] [--dry-run]
#
# Uploads build/publish/*.pmtiles to the bucket of the chosen environment
# with long cache headers, and keeps the bucket in sync with the local set.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
env_name=${PUBLISH_ENV:-production}
dry=()

while (( $# )); do
  case $1 in
    --env) env_name=$2; shift 2 ;;
    --dry-run) dry=(--dryrun); shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

declare -A buckets=(
  [staging]="s3://citymap-tiles-staging"
  [production]="s3://citymap-tiles-prod"
)
bucket=${buckets[$env_name]:-}
[[ -n $bucket ]] || { echo "unknown env $env_name" >&2; exit 2; }

src="$root/build/publish"
mkdir -p "$src"

stage_files() {
  # copy the archives listed in publish.list into the staging dir
  local name
  while read -r name; do
    [[ -z $name || $name == \#* ]] && continue
    if [[ -f "$root/build/$name" ]]; then
      cp -u -- "$root/build/$name" "$src/"
    else
      echo "warning: build/$name not built yet" >&2
    fi
  done < "$root/publish.list"
}

stage_files
count=$(find "$src" -maxdepth 1 -name '*.pmtiles' | wc -l)
echo "publishing $count archive(s) to $bucket"

aws s3 sync "$src/" "$bucket/" \
  --delete \
  --exact-timestamps \
  --cache-control 'public, max-age=86400' \
  --content-type application/vnd.pmtiles \
  "${dry[@]}"

aws s3 ls "$bucket/tiles/" --human-readable --summarize | tail -n 3

if [[ $env_name == production ]]; then
  echo "remember to purge the CDN cache for /tiles/*"
fi
echo "done"
