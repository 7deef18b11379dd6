#!/usr/bin/env bash
# Fixity and format check for digitised collections before transfer to Archivematica.
#
#   tools/fixity.sh collections/letters-1890s          # verify manifest
#   tools/fixity.sh --update collections/new-batch       # (re)create manifest
#
# For a collection folder it:
#   * verifies (or creates) manifest-sha256.txt next to the objects/
#   * identifies every file with siegfried (sf -json) and flags formats that are not
#     on config/accepted-puids.txt
#   * writes reports/fixity/<collection>-<date>.{txt,json}
# The collection storage is a shared NFS mount owned by the archivematica user, so
# listing the quarantine folder uses `sudo -u archivematica ls` (read-only).
set -Eeuo pipefail

root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
reports="$root_dir/reports/fixity"
accepted="$root_dir/config/accepted-puids.txt"
quarantine="${QUARANTINE_DIR:-/mnt/archive/quarantine}"
update=0
jobs="${FIXITY_JOBS:-4}"
scratch=""

log() { printf '%s fixity: %s\n' "$(date '+%H:%M:%S')" "$*"; }
die() { printf 'fixity: error: %s\n' "$*" >&2; exit 1; }

cleanup() { [[ -n "$scratch" ]] && rm -rf -- "$scratch"; }
trap cleanup EXIT
trap 'die "line $LINENO: command failed: $BASH_COMMAND"' ERR

if [[ "${1:-}" == "--update" ]]; then
  update=1
  shift
fi
[[ $# -eq 1 ]] || die "usage: $0 [--update] <collection-dir>"
collection="$(cd "$1" && pwd)"
objects="$collection/objects"
manifest="$collection/manifest-sha256.txt"
name="$(basename "$collection")"
[[ -d "$objects" ]] || die "$objects does not exist"
case "$collection" in
  "$root_dir"/collections/*) ;;
  *) die "collection must be inside $root_dir/collections" ;;
esac
for t in sha256sum sf jq xargs; do
  command -v "$t" >/dev/null || die "$t is required"
done

scratch="$(mktemp -d)"
mkdir -p "$reports"
stamp="$(date +%Y%m%d)"
report_txt="$reports/${name}-${stamp}.txt"
report_json="$reports/${name}-${stamp}.json"

hash_tree() {
  # stable order, relative paths, parallel hashing
  (cd "$collection" && find objects -type f ! -name '.DS_Store' ! -name 'Thumbs.db' -print0 \
     | sort -z \
     | xargs -0 -P "$jobs" -n 50 sha256sum) | sort -k2
}

create_manifest() {
  log "hashing $(find "$objects" -type f | wc -l) file(s) in $name"
  hash_tree > "$scratch/manifest"
  if [[ -f "$manifest" ]]; then
    cp -p "$manifest" "$manifest.bak-$stamp"
    log "previous manifest kept as $(basename "$manifest").bak-$stamp"
  fi
  mv -f "$scratch/manifest" "$manifest"
  log "manifest written ($(wc -l < "$manifest") entries)"
}

verify_manifest() {
  [[ -f "$manifest" ]] || die "no manifest; run with --update first"
  log "verifying $(wc -l < "$manifest") entries"
  local failed_list="$scratch/failed" missing_list="$scratch/missing" extra_list="$scratch/extra"
  (cd "$collection" && sha256sum --quiet -c "$manifest" 2>/dev/null) > "$failed_list" || true
  grep -c 'FAILED' "$failed_list" >/dev/null 2>&1 || true
  awk '{ $1=""; sub(/^ +/, ""); print }' "$manifest" | sort > "$scratch/listed"
  (cd "$collection" && find objects -type f ! -name '.DS_Store' ! -name 'Thumbs.db' | sort) > "$scratch/present"
  comm -23 "$scratch/listed" "$scratch/present" > "$missing_list"
  comm -13 "$scratch/listed" "$scratch/present" > "$extra_list"
  local n_failed n_missing n_extra
  n_failed="$(grep -c 'FAILED$' "$failed_list" || true)"
  n_missing="$(wc -l < "$missing_list")"
  n_extra="$(wc -l < "$extra_list")"
  {
    echo "Fixity report for $name ($(date -Is))"
    echo "changed: $n_failed  missing: $n_missing  unlisted: $n_extra"
    echo
    [[ "$n_failed" -gt 0 ]] && { echo "## changed"; grep 'FAILED$' "$failed_list"; echo; }
    [[ "$n_missing" -gt 0 ]] && { echo "## missing"; cat "$missing_list"; echo; }
    [[ "$n_extra" -gt 0 ]] && { echo "## not in manifest"; cat "$extra_list"; echo; }
  } > "$report_txt"
  log "changed=$n_failed missing=$n_missing unlisted=$n_extra"
  [[ "$n_failed" -eq 0 && "$n_missing" -eq 0 ]]
}

identify_formats() {
  log "identifying formats with siegfried"
  sf -json -multi "$jobs" "$objects" > "$scratch/sf.json"
  jq '[.files[] | {file: (.filename | sub(".*/objects/"; "objects/")),
                   puid: (.matches[0].id // "UNKNOWN"),
                   format: (.matches[0].format // ""),
                   warning: (.matches[0].warning // "")}]' "$scratch/sf.json" > "$scratch/formats.json"
  local unknown rejected
  unknown="$(jq '[.[] | select(.puid == "UNKNOWN")] | length' "$scratch/formats.json")"
  if [[ -f "$accepted" ]]; then
    rejected="$(jq --rawfile ok "$accepted" \
      '[.[] | select(.puid as $p | ($ok | split("\n") | index($p)) | not)] | length' \
      "$scratch/formats.json")"
  else
    rejected=0
  fi
  jq -n --arg name "$name" --arg date "$(date -Is)" --slurpfile files "$scratch/formats.json" \
    --argjson unknown "$unknown" --argjson rejected "$rejected" \
    '{collection: $name, checked: $date, unknown: $unknown, not_accepted: $rejected,
      by_puid: ($files[0] | group_by(.puid) | map({puid: .[0].puid, format: .[0].format, count: length})),
      files: $files[0]}' > "$report_json"
  log "formats: $unknown unidentified, $rejected not on the accepted list"
  [[ "$unknown" -eq 0 && "$rejected" -eq 0 ]]
}

quarantine_listing() {
  # Items the virus scan moved aside for this collection (read-only look on the shared mount).
  if [[ -d "$quarantine" ]] || sudo -n test -d "$quarantine" 2>/dev/null; then
    local listing
    listing="$(sudo -n -u archivematica ls -1 "$quarantine" 2>/dev/null | grep -F "$name" || true)"
    if [[ -n "$listing" ]]; then
      log "quarantined items for $name:"
      printf '  %s\n' $listing
      printf '\n## quarantined\n%s\n' "$listing" >> "$report_txt"
    fi
  fi
}

check_filenames() {
  # Archivematica normalises names, but some characters break our AtoM import later.
  local bad="$scratch/bad-names" n
  (cd "$collection" && find objects -print | LC_ALL=C grep -nE '[^A-Za-z0-9._/ ()-]' || true) > "$bad"
  n="$(wc -l < "$bad")"
  if (( n > 0 )); then
    log "$n path(s) with unusual characters (see report)"
    {
      echo
      echo "## unusual file names"
      cut -d: -f2- "$bad" | head -n 200
    } >> "$report_txt"
  fi
  local long
  long="$(cd "$collection" && find objects | awk 'length($0) > 220' | wc -l)"
  (( long == 0 )) || log "$long path(s) longer than 220 characters"
}

size_summary() {
  local total files biggest
  total="$(du -sh "$objects" | cut -f1)"
  files="$(find "$objects" -type f | wc -l | tr -d ' ')"
  biggest="$(find "$objects" -type f -printf '%s %p\n' 2>/dev/null | sort -nr | head -n1 \
    | awk '{ printf "%.1f MB %s", $1 / 1048576, $2 }')"
  log "size: $total in $files file(s); largest: ${biggest#$collection/}"
  printf '\nsize: %s, files: %s, largest: %s\n' "$total" "$files" "${biggest#$collection/}" >> "$report_txt"
}

status=0
if (( update )); then
  create_manifest
fi
verify_manifest || status=1
identify_formats || status=$(( status | 2 ))
check_filenames
size_summary
quarantine_listing
log "report: ${report_txt#$root_dir/}, ${report_json#$root_dir/}"
case "$status" in
  0) log "collection $name is ready for transfer" ;;
  1) log "fixity problems; do not transfer" ;;
  2) log "format problems; check with the digital preservation officer" ;;
  3) log "fixity and format problems" ;;
esac
exit "$status"
