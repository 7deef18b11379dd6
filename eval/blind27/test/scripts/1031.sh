#!/usr/bin/env bash
# Mirror the public Internet Archive items our digitisation project depends on.
#
#   tools/ia-mirror.sh [items.txt] [--formats "JPEG2000,Text PDF"] [--verify-only]
#
# For every identifier: `ia download` into data/ia/<identifier>/ (only the
# listed formats), then verify md5 sums against the item's _files.xml via
# `ia metadata`. Re-running resumes: files with a correct checksum are skipped.
# Only public items are fetched; ~/.config/ia.ini is used by the ia client for
# rate-limit friendliness, this script does not read it.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LIST="$ROOT/config/ia_items.txt"
DEST="$ROOT/data/ia"
FORMATS="JPEG2000,Text PDF,Metadata"
VERIFY_ONLY=0
PARALLEL="${PARALLEL:-3}"

note() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*"; }
bail() { printf '%s  ERROR %s\n' "$(date +%H:%M:%S)" "$*" >&2; exit 1; }

ARGS=()
while (( $# )); do
  case "$1" in
    --formats) FORMATS="$2"; shift 2 ;;
    --verify-only) VERIFY_ONLY=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    -*) bail "unknown option $1" ;;
    *) ARGS+=("$1"); shift ;;
  esac
done
(( ${#ARGS[@]} )) && LIST="${ARGS[0]}"
[[ -f "$LIST" ]] || bail "no item list at $LIST"
command -v ia >/dev/null || bail "internetarchive CLI missing (pip install internetarchive)"
command -v jq >/dev/null || bail "jq missing"

mapfile -t ITEMS < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' "$LIST" | grep -v '^$')
(( ${#ITEMS[@]} )) || bail "item list is empty"
note "${#ITEMS[@]} item(s); formats: $FORMATS"
mkdir -p "$DEST"

format_args() {
  local IFS=',' f out=()
  for f in $FORMATS; do
    out+=(--format="$f")
  done
  printf '%s\n' "${out[@]}"
}

download_item() {
  local id="$1" log="$DEST/.$1.download.log"
  [[ "$id" =~ ^[A-Za-z0-9._-]+$ ]] || { note "skip invalid identifier $id"; return 1; }
  local is_dark
  is_dark="$(ia metadata "$id" | jq -r '.is_dark // false')"
  if [[ "$is_dark" == "true" ]]; then
    note "$id is dark (not public); skipping"
    return 0
  fi
  mapfile -t fargs < <(format_args)
  if ia download "$id" "${fargs[@]}" --destdir="$DEST" --checksum --retries=5 --no-directories=false \
       > "$log" 2>&1; then
    rm -f -- "$log"
    return 0
  fi
  note "download problems for $id (log kept: ${log#$ROOT/})"
  return 1
}

verify_item() {
  local id="$1" dir="$DEST/$1" bad=0 checked=0 name md5 actual
  [[ -d "$dir" ]] || { note "$id: nothing downloaded"; return 1; }
  while IFS=$'\t' read -r name md5; do
    [[ -f "$dir/$name" ]] || continue
    actual="$(md5sum "$dir/$name" | cut -d' ' -f1)"
    checked=$((checked + 1))
    if [[ "$actual" != "$md5" ]]; then
      bad=$((bad + 1))
      note "$id: checksum mismatch for $name; removing local copy for re-download"
      rm -f -- "$dir/$name"
    fi
  done < <(ia metadata "$id" | jq -r '.files[] | select(.md5 != null) | "\(.name)\t\(.md5)"')
  note "$id: $checked file(s) checked, $bad bad"
  (( bad == 0 ))
}

export -f download_item format_args note
export DEST FORMATS ROOT

failed=0
if (( ! VERIFY_ONLY )); then
  printf '%s\n' "${ITEMS[@]}" \
    | xargs -P "$PARALLEL" -I{} bash -c 'download_item "$1" || echo "FAILED $1"' _ {} \
    | tee "$DEST/.last_run.txt"
  failed=$(grep -c '^FAILED' "$DEST/.last_run.txt" || true)
fi

bad_items=0
for id in "${ITEMS[@]}"; do
  verify_item "$id" || bad_items=$((bad_items + 1))
done

inventory() {
  local id files size
  printf 'identifier\tfiles\tsize\n'
  for id in "${ITEMS[@]}"; do
    [[ -d "$DEST/$id" ]] || continue
    files="$(find "$DEST/$id" -type f | wc -l)"
    size="$(du -sh "$DEST/$id" | cut -f1)"
    printf '%s\t%s\t%s\n' "$id" "$files" "$size"
  done
}
inventory > "$DEST/INVENTORY.tsv"
column -t -s $'\t' "$DEST/INVENTORY.tsv" | head -n 40

orphans() {
  # directories for items no longer in the list are reported, not deleted
  local d id found
  for d in "$DEST"/*/; do
    id="$(basename "$d")"
    found=0
    for i in "${ITEMS[@]}"; do
      [[ "$i" == "$id" ]] && found=1 && break
    done
    (( found )) || note "orphan directory (not in list): data/ia/$id"
  done
}
orphans

clean_partials() {
  # the ia client leaves *.part files when interrupted; they belong to us
  local n
  n="$(find "$DEST" -type f -name '*.part' | wc -l)"
  if (( n )); then
    find "$DEST" -type f -name '*.part' -delete
    note "removed $n partial download(s)"
  fi
}

html_report() {
  local out="$ROOT/build/ia-mirror.html" id title count
  mkdir -p "$ROOT/build"
  {
    echo "<!doctype html><meta charset=utf-8><title>IA mirror</title>"
    echo "<h1>Internet Archive mirror</h1>"
    echo "<p>Generated $(date '+%Y-%m-%d %H:%M'), formats: $FORMATS</p>"
    echo "<table border=1 cellpadding=4><tr><th>item</th><th>title</th><th>files</th></tr>"
    for id in "${ITEMS[@]}"; do
      title="$(ia metadata "$id" 2>/dev/null | jq -r '.metadata.title // "?"' | sed 's/</\&lt;/g')"
      count="$(find "$DEST/$id" -type f 2>/dev/null | wc -l)"
      printf '<tr><td><a href="https://archive.org/details/%s">%s</a></td><td>%s</td><td>%s</td></tr>\n' \
        "$id" "$id" "$title" "$count"
    done
    echo "</table>"
  } > "$out"
  note "report: ${out#$ROOT/}"
}

total_size() {
  du -sh "$DEST" 2>/dev/null | cut -f1
}

stale_check() {
  # items whose remote copy changed after our download (new scans uploaded)
  local id remote_date local_date
  for id in "${ITEMS[@]}"; do
    [[ -d "$DEST/$id" ]] || continue
    remote_date="$(ia metadata "$id" 2>/dev/null | jq -r '.item_last_updated // 0')"
    local_date="$(stat -c %Y "$DEST/$id")"
    if (( remote_date > local_date )); then
      note "$id changed on archive.org since the last mirror run"
    fi
  done
}

clean_partials
stale_check
html_report
note "mirror size: $(total_size)"
note "download failures: $failed, items with checksum problems: $bad_items"
(( failed == 0 && bad_items == 0 ))
