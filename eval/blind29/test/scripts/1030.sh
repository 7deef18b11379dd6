#!/usr/bin/env bash
# super-timeline: plaso pipeline for one evidence item of the current case.
#
#   tools/super-timeline.sh case/ws01.E01
#   tools/super-timeline.sh case/ws01.E01 --parsers win7_slow --from 2024-03-01 --to 2024-03-08
#   tools/super-timeline.sh case/ws01.E01 --resume        # reuse existing .plaso storage
#
# Steps
#   1. log2timeline.py into out/timeline/<item>.plaso (workers = nproc - 1)
#   2. pinfo.py summary → out/timeline/<item>.pinfo.txt
#   3. psort.py to CSV (l2tcsv) limited to the --from/--to window, plus a
#      JSON-lines export for the timeline viewer
#   4. quick stats: events per parser and per day
#
# The evidence is only read; plaso itself opens images read-only.  Partial
# outputs of an interrupted run are removed (except the .plaso storage when
# --resume is used, because log2timeline can continue it).
set -Eeuo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
outdir="$repo/out/timeline"
parsers="win7,!filestat"
from=""
to=""
resume=0
item=""
l2t_pid=""

msg() { printf '[timeline %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
abort() { msg "ERROR: $*"; exit 1; }

cleanup() {
  local rc=$?
  if [[ -n $l2t_pid ]] && kill -0 "$l2t_pid" 2>/dev/null; then
    msg "stopping log2timeline (pid $l2t_pid)"
    kill -INT "$l2t_pid" 2>/dev/null || true
    wait "$l2t_pid" 2>/dev/null || true
  fi
  if (( rc != 0 )) && [[ -n $item ]]; then
    rm -f -- "$outdir/$item.csv.part" "$outdir/$item.jsonl.part"
    (( resume )) || rm -f -- "$outdir/$item.plaso"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

list_timelines() {
  local f base events size
  printf '%-24s %10s %8s  %s\n' item events size created
  for f in "$outdir"/*.plaso; do
    [[ -e $f ]] || continue
    base=$(basename -- "$f" .plaso)
    events="-"
    [[ -f $outdir/$base.csv ]] && events=$(( $(wc -l < "$outdir/$base.csv") - 1 ))
    size=$(du -h -- "$f" | cut -f1)
    printf '%-24s %10s %8s  %s\n' "$base" "$events" "$size" "$(date -r "$f" '+%F %H:%M')"
  done
}

# keyword subset: grep an existing CSV into <item>.<keyword>.csv (case-insensitive)
subset_timeline() {
  local base=$1 keyword=$2 src dst
  src="$outdir/$base.csv"
  [[ -f $src ]] || abort "no CSV for $base; run the pipeline first"
  [[ $keyword =~ ^[A-Za-z0-9._-]+$ ]] || abort "keyword must be a simple word"
  dst="$outdir/$base.$keyword.csv"
  { head -n 1 "$src"; tail -n +2 "$src" | grep -i -- "$keyword" || true; } > "$dst"
  msg "$(( $(wc -l < "$dst") - 1 )) matching events → ${dst#"$repo"/}"
}

case ${1:-} in
  --list) list_timelines; trap - EXIT; exit 0 ;;
  --subset) subset_timeline "${2:?item}" "${3:?keyword}"; trap - EXIT; exit 0 ;;
esac

[[ $# -ge 1 ]] || abort "usage: $0 case/<image> [--parsers P] [--from DATE] [--to DATE] [--resume]"
evidence=$(realpath -- "$1")
shift
while (( $# )); do
  case $1 in
    --parsers) parsers=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    --to) to=$2; shift 2 ;;
    --resume) resume=1; shift ;;
    *) abort "unknown option $1" ;;
  esac
done

[[ $evidence == "$repo/case/"* ]] || abort "evidence must be inside $repo/case"
[[ -e $evidence ]] || abort "no such evidence $evidence"
for tool in log2timeline.py psort.py pinfo.py; do
  command -v "$tool" >/dev/null || abort "$tool not found (activate the plaso venv)"
done
for d in "$from" "$to"; do
  [[ -z $d || $d =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || abort "dates must be YYYY-MM-DD"
done

item=$(basename -- "$evidence")
item=${item%.*}
item=${item// /_}
mkdir -p -- "$outdir"
storage="$outdir/$item.plaso"
workers=$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))

if [[ -f $storage && $resume -eq 0 ]]; then
  abort "$storage exists; use --resume or remove it"
fi

# --- 1. extraction ----------------------------------------------------------
msg "log2timeline: parsers=$parsers workers=$workers"
start=$SECONDS
log2timeline.py --status_view linear --workers "$workers" --parsers "$parsers" \
  --hashers md5 --storage-file "$storage" "$evidence" > "$outdir/$item.l2t.log" 2>&1 &
l2t_pid=$!
while kill -0 "$l2t_pid" 2>/dev/null; do
  sleep 60
  last=$(grep -E 'Events: ' "$outdir/$item.l2t.log" | tail -n 1 || true)
  [[ -n $last ]] && msg "… ${last//[[:space:]]+/ }"
done
wait "$l2t_pid" || abort "log2timeline failed; see ${outdir#"$repo"/}/$item.l2t.log"
l2t_pid=""
msg "extraction took $(( (SECONDS - start) / 60 )) min"

# --- 2. storage summary ------------------------------------------------------
pinfo.py --output_format markdown "$storage" > "$outdir/$item.pinfo.txt" 2>/dev/null \
  || pinfo.py "$storage" > "$outdir/$item.pinfo.txt"

# --- 3. exports ---------------------------------------------------------------
filter=""
if [[ -n $from && -n $to ]]; then
  filter="date >= '$from 00:00:00' AND date <= '$to 23:59:59'"
elif [[ -n $from ]]; then
  filter="date >= '$from 00:00:00'"
elif [[ -n $to ]]; then
  filter="date <= '$to 23:59:59'"
fi

msg "psort: CSV${filter:+ (filter: $filter)}"
psort.py --status_view none -o l2tcsv -w "$outdir/$item.csv.part" "$storage" ${filter:+"$filter"} \
  > "$outdir/$item.psort.log" 2>&1 || abort "psort (csv) failed"
mv -f -- "$outdir/$item.csv.part" "$outdir/$item.csv"

msg "psort: JSON lines"
psort.py --status_view none -o json_line -w "$outdir/$item.jsonl.part" "$storage" ${filter:+"$filter"} \
  >> "$outdir/$item.psort.log" 2>&1 || abort "psort (json_line) failed"
mv -f -- "$outdir/$item.jsonl.part" "$outdir/$item.jsonl"

# --- 4. quick stats --------------------------------------------------------------
stats="$outdir/$item.stats.txt"
{
  echo "# events per parser"
  awk -F, 'NR > 1 { print $6 }' "$outdir/$item.csv" | sort | uniq -c | sort -rn | head -n 25
  echo
  echo "# events per day (top 30)"
  awk -F, 'NR > 1 { print $1 }' "$outdir/$item.csv" | sort | uniq -c | sort -rn | head -n 30
} > "$stats"

events=$(( $(wc -l < "$outdir/$item.csv") - 1 ))
msg "$events events → ${outdir#"$repo"/}/$item.csv (+ .jsonl, .pinfo.txt, .stats.txt)"

# hashes of the produced files for the case notes
( cd "$outdir" && sha256sum -- "$item.plaso" "$item.csv" "$item.jsonl" > "$item.sha256" )
msg "hashes in ${outdir#"$repo"/}/$item.sha256"

# busiest hour, handy for the first look
busiest=$(awk -F, 'NR > 1 { split($2, t, ":"); print $1 " " t[1] ":00" }' "$outdir/$item.csv" \
          | sort | uniq -c | sort -rn | head -n 1)
[[ -n $busiest ]] && msg "busiest hour: ${busiest}"

# note for the case log (append-only)
case_log="$repo/case/NOTES.md"
{
  printf '\n## %s super-timeline %s\n' "$(date '+%F %H:%M')" "$item"
  printf -- '- parsers: %s\n' "$parsers"
  printf -- '- window: %s – %s\n' "${from:-start}" "${to:-end}"
  printf -- '- events: %s\n' "$events"
} >> "$case_log"
msg "appended summary to case/NOTES.md"

# the l2t/psort logs are only useful when something failed; keep them small
for lf in "$outdir/$item.l2t.log" "$outdir/$item.psort.log"; do
  [[ -f $lf ]] && gzip -f -- "$lf"
done
msg "done"
