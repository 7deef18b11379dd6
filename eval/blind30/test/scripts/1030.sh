#!/usr/bin/env bash
# droid_profile.sh - DROID format profile for an accession before appraisal
#
#   scripts/droid_profile.sh transfers/ACC-2024-017
#   scripts/droid_profile.sh -s transfers/ACC-2024-017     # also run siegfried for comparison
#
# Produces in build/profiles/<accession>/:
#   <acc>.droid         DROID profile database (re-openable in the DROID GUI)
#   <acc>.csv           DROID CSV export (one row per file)
#   formats.tsv         PUID / format / count / bytes
#   disagreements.tsv   files where DROID and siegfried disagree (with -s)
#   summary.txt
# The accession folder is only read. DROID keeps a per-user workspace in ~/.droid6; we
# point it at a temporary folder with -Ddroid.user.dir so the user's GUI profiles are
# not touched, and that folder is removed at exit.
set -Eeuo pipefail

base=$(cd "$(dirname "$0")/.." && pwd)
with_sf=0
droid_cmd=${DROID:-droid.sh}
heap=${DROID_HEAP:-4g}
tmpws=""

msg() { printf '[droid] %s\n' "$*"; }
bail() { printf '[droid] %s\n' "$*" >&2; exit 1; }
cleanup() { [[ -n $tmpws && -d $tmpws ]] && rm -rf -- "$tmpws"; }
trap cleanup EXIT
trap 'bail "line $LINENO failed: $BASH_COMMAND"' ERR

OPTIND=1
while getopts ':sh' o; do
  case $o in
    s) with_sf=1 ;;
    h) sed -n '2,15p' "$0"; exit 0 ;;
    *) bail "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))
(( $# == 1 )) || bail "usage: $0 [-s] <accession-folder>"

src=$(cd "$1" && pwd)
acc=$(basename "$src")
[[ $acc =~ ^ACC-[0-9]{4}-[0-9]{3}$ ]] || bail "folder name $acc does not look like an accession"
out="$base/build/profiles/$acc"
mkdir -p "$out"
command -v "$droid_cmd" >/dev/null || bail "DROID not found (set DROID=/path/to/droid.sh)"
(( with_sf )) && { command -v sf >/dev/null || bail "siegfried (sf) not found"; }

tmpws=$(mktemp -d)
export JAVA_TOOL_OPTIONS="-Xmx$heap -Ddroid.user.dir=$tmpws"

signature_versions() {
  "$droid_cmd" -x 2>/dev/null | grep -E 'Version|version' | head -n 3 || true
}

profile() {
  msg "profiling $acc ($(find "$src" -type f | wc -l | tr -d ' ') files)"
  rm -f -- "$out/$acc.droid"
  "$droid_cmd" -R -a "$src" -p "$out/$acc.droid" -q >"$out/droid-profile.log" 2>&1
  msg "exporting CSV"
  "$droid_cmd" -p "$out/$acc.droid" -e "$out/$acc.csv" -q >>"$out/droid-profile.log" 2>&1
  [[ -s $out/$acc.csv ]] || bail "DROID produced no CSV (see droid-profile.log)"
}

csv_column() {
  # index of a named column in the DROID CSV header (1-based)
  head -n 1 "$out/$acc.csv" | tr ',' '\n' | tr -d '"' | grep -nx "$1" | cut -d: -f1
}

format_table() {
  local c_puid c_name c_size c_type
  c_puid=$(csv_column PUID)
  c_name=$(csv_column FORMAT_NAME)
  c_size=$(csv_column SIZE)
  c_type=$(csv_column TYPE)
  python3 - "$out/$acc.csv" "$c_puid" "$c_name" "$c_size" "$c_type" > "$out/formats.tsv" <<'PY'
import csv, sys
from collections import defaultdict
path, puid, name, size, typ = sys.argv[1], *(int(x) - 1 for x in sys.argv[2:])
count, total, label = defaultdict(int), defaultdict(int), {}
with open(path, newline="", encoding="utf-8") as fh:
    rows = csv.reader(fh)
    next(rows)
    for r in rows:
        if r[typ] != "File":
            continue
        key = r[puid] or "UNKNOWN"
        count[key] += 1
        total[key] += int(r[size] or 0)
        label[key] = r[name] or "(unidentified)"
print("puid\tformat\tfiles\tbytes")
for key in sorted(count, key=lambda k: -count[k]):
    print(f"{key}\t{label[key]}\t{count[key]}\t{total[key]}")
PY
  msg "$(($(wc -l < "$out/formats.tsv") - 1)) distinct format(s)"
}

compare_sf() {
  msg "running siegfried for comparison"
  sf -csv -nr "$src" > "$tmpws/sf.csv" 2>/dev/null
  python3 - "$out/$acc.csv" "$tmpws/sf.csv" > "$out/disagreements.tsv" <<'PY'
import csv, sys
droid = {}
with open(sys.argv[1], newline="", encoding="utf-8") as fh:
    for r in csv.DictReader(fh):
        if r.get("TYPE") == "File":
            droid[r["FILE_PATH"]] = r.get("PUID") or "UNKNOWN"
print("file\tdroid\tsiegfried")
with open(sys.argv[2], newline="", encoding="utf-8") as fh:
    for r in csv.DictReader(fh):
        sf_id = r.get("id") or "UNKNOWN"
        d = droid.get(r.get("filename"))
        if d is not None and d != sf_id:
            print(f"{r['filename']}\t{d}\t{sf_id}")
PY
  msg "$(($(wc -l < "$out/disagreements.tsv") - 1)) disagreement(s)"
}

summary() {
  local files bytes unknown
  files=$(awk -F'\t' 'NR > 1 {s += $3} END {print s + 0}' "$out/formats.tsv")
  bytes=$(awk -F'\t' 'NR > 1 {s += $4} END {printf "%.1f", s / 1048576}' "$out/formats.tsv")
  unknown=$(awk -F'\t' '$1 == "UNKNOWN" {print $3}' "$out/formats.tsv")
  {
    echo "accession: $acc"
    echo "profiled:  $(date -Is)"
    echo "files:     $files ($bytes MB)"
    echo "unknown:   ${unknown:-0}"
    echo
    echo "DROID signature files:"
    signature_versions | sed 's/^/  /'
    echo
    echo "top formats:"
    head -n 11 "$out/formats.tsv" | tail -n +2 | awk -F'\t' '{printf "  %-14s %6s  %s\n", $1, $3, $2}'
  } > "$out/summary.txt"
  cat "$out/summary.txt"
}

risk_flags() {
  # Formats the appraisal archivist wants to see before accepting a transfer.
  local risky="$base/config/risky-puids.tsv" puid reason n
  [[ -f $risky ]] || return 0
  : > "$out/risks.tsv"
  while IFS=$'\t' read -r puid reason; do
    [[ -z $puid || $puid == \#* ]] && continue
    n=$(awk -F'\t' -v p="$puid" '$1 == p {print $3}' "$out/formats.tsv")
    if [[ -n $n ]]; then
      printf '%s\t%s\t%s\n' "$puid" "$n" "$reason" >> "$out/risks.tsv"
      msg "risk: $n file(s) of $puid ($reason)"
    fi
  done < "$risky"
}

duplicates() {
  # identical files inside the accession (by SHA-256), reported, not removed
  msg "looking for duplicate files"
  find "$src" -type f -print0 | xargs -0 sha256sum | sort > "$tmpws/hashes"
  awk '{print $1}' "$tmpws/hashes" | uniq -d > "$tmpws/dups"
  if [[ -s $tmpws/dups ]]; then
    grep -F -f "$tmpws/dups" "$tmpws/hashes" | sed "s#  $src/#\t#" > "$out/duplicates.tsv"
    msg "$(wc -l < "$tmpws/dups" | tr -d ' ') duplicated content hash(es); see duplicates.tsv"
  else
    rm -f -- "$out/duplicates.tsv"
  fi
}

empty_and_hidden() {
  local empty hidden
  empty=$(find "$src" -type f -size 0 | wc -l | tr -d ' ')
  hidden=$(find "$src" -name '.*' ! -name '.' | wc -l | tr -d ' ')
  (( empty == 0 )) || msg "note: $empty empty file(s)"
  (( hidden == 0 )) || msg "note: $hidden hidden file(s)/folder(s) (e.g. .DS_Store)"
}

profile
format_table
(( with_sf )) && compare_sf
risk_flags
duplicates
empty_and_hidden
summary
msg "results in ${out#"$base"/}"
