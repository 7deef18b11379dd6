#!/usr/bin/env bash
# labels.sh - print sample tube labels on the lab's Zebra printer via CUPS.
#
#   scripts/labels.sh preview  SHEET.csv         render labels to build/labels/*.png
#   scripts/labels.sh print    SHEET.csv [-c N]  send ZPL as a raw job (asks first)
#   scripts/labels.sh jobs                       show this user's jobs on the label queue
#   scripts/labels.sh cancel   JOB               cancel one of *your* label jobs
#   scripts/labels.sh test                       print one calibration label
#   scripts/labels.sh stats                      labels printed per month from this checkout
#   scripts/labels.sh purge-build                delete job files older than 90 days in build/
#
# Sheet format (CSV, UTF-8): id,name,date,owner[,anything else ignored]
#   id    sample id, printed as text and as a QR code
#   name  short description (max ~20 characters fit on a 2x1" label)
#   date  collection date
#   owner initials of the person responsible
#
# The queue name comes from labels.conf (default Zebra_ZD421). Jobs are sent
# with -o raw because the printer interprets ZPL itself. Cancelling checks
# the job owner first; we never cancel other users' jobs or whole queues.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
conf="$root/labels.conf"
build="$root/build/labels"
queue=Zebra_ZD421
dpi=203
copies=1

say() { echo "labels: $*"; }
die() { echo "labels: $*" >&2; exit 1; }

if [[ -f "$conf" ]]; then
  while IFS='=' read -r k v; do
    case "$k" in
      queue) queue="$v" ;;
      dpi) dpi="$v" ;;
    esac
  done < <(grep -E '^(queue|dpi)=' "$conf")
fi

zpl_escape() {
  # ZPL uses ^ and ~ as command prefixes; replace them in data fields
  local s=$1
  s=${s//^/ }
  s=${s//\~/-}
  printf '%s' "$s"
}

label_zpl() {
  local id=$1 name=$2 date=$3 owner=$4
  cat <<ZPL
^XA
^CI28
^PW406
^LL203
^FO20,15^A0N,30,30^FD$(zpl_escape "$name")^FS
^FO20,55^A0N,22,22^FD$(zpl_escape "$owner")  $(zpl_escape "$date")^FS
^FO20,90^BQN,2,4^FDQA,$(zpl_escape "$id")^FS
^FO160,100^A0N,26,26^FD$(zpl_escape "$id")^FS
^XZ
ZPL
}

read_sheet() {
  local sheet=$1
  [[ -f "$sheet" ]] || die "no such sheet: $sheet"
  local header
  header=$(head -n 1 "$sheet")
  [[ "$header" == "id,name,date,owner"* ]] || die "sheet header must start with id,name,date,owner"
  tail -n +2 "$sheet" | tr -d '\r'
}

build_zpl() {
  local sheet=$1 out=$2 n=0
  : > "$out"
  while IFS=, read -r id name date owner _rest; do
    [[ -z "$id" ]] && continue
    [[ "$id" =~ ^[A-Za-z0-9._-]+$ ]] || die "bad sample id '$id'"
    label_zpl "$id" "$name" "$date" "$owner" >> "$out"
    n=$((n + 1))
  done < <(read_sheet "$sheet")
  echo "$n"
}

cmd_preview() {
  local sheet=${1:?sheet required}
  mkdir -p "$build"
  local zpl="$build/preview.zpl" n
  n=$(build_zpl "$sheet" "$zpl")
  say "$n label(s) in ${zpl#"$root"/}"
  if command -v zpl2png >/dev/null; then
    rm -f -- "$build"/label-*.png
    zpl2png --dpi "$dpi" --split --out "$build/label-%03d.png" "$zpl"
    say "previews: $(ls "$build"/label-*.png | wc -l) png file(s) in build/labels/"
  else
    say "zpl2png not installed; inspect the ZPL file instead"
  fi
}

queue_ok() {
  lpstat -p "$queue" >/dev/null 2>&1 || die "CUPS queue $queue not found (lpstat -p)"
  if lpstat -p "$queue" | grep -q disabled; then
    die "queue $queue is disabled; ask the lab manager"
  fi
}

cmd_print() {
  local sheet=${1:?sheet required}; shift
  while getopts ':c:' o; do
    case $o in
      c) copies=$OPTARG ;;
      *) die "usage: labels.sh print SHEET [-c COPIES]" ;;
    esac
  done
  [[ "$copies" =~ ^[1-9][0-9]?$ ]] || die "copies must be 1..99"
  queue_ok
  mkdir -p "$build"
  local zpl="$build/job-$(date +%Y%m%d-%H%M%S).zpl" n
  n=$(build_zpl "$sheet" "$zpl")
  read -r -p "print $n label(s) x $copies on $queue? [y/N] " a
  [[ "$a" == [yY] ]] || { say "cancelled"; return 0; }
  lp -d "$queue" -o raw -n "$copies" -t "labels $(basename "$sheet")" "$zpl"
}

my_jobs() {
  lpstat -o "$queue" 2>/dev/null | awk -v u="$USER" '$2 == u {print $1}'
}

cmd_jobs() {
  local jobs
  jobs=$(my_jobs)
  if [[ -z "$jobs" ]]; then say "no jobs of yours on $queue"; return 0; fi
  lpstat -o "$queue" | awk -v u="$USER" '$2 == u'
}

cmd_cancel() {
  local job=${1:?job id required}
  if ! my_jobs | grep -qx "$job"; then
    die "$job is not one of your jobs on $queue"
  fi
  cancel "$job"
  say "cancelled $job"
}

cmd_test() {
  queue_ok
  local zpl
  zpl=$(mktemp "${TMPDIR:-/tmp}/calib.XXXXXX.zpl")
  trap 'rm -f -- "$zpl"' RETURN
  printf '^XA^JUS^XZ\n' > "$zpl"   # save current calibration
  label_zpl "TEST-0001" "calibration" "$(date +%F)" "$USER" >> "$zpl"
  lp -d "$queue" -o raw -t "calibration" "$zpl"
}

cmd_stats() {
  # how many labels were printed from this checkout, per month
  local f
  shopt -s nullglob
  for f in "$build"/job-*.zpl; do
    printf '%s %s\n' "$(basename "$f" | cut -c5-10)" "$(grep -c '^\^XA' "$f")"
  done | awk '{sum[$1]+=$2} END {for (m in sum) printf "%s-%s %6d labels\n", substr(m,1,4), substr(m,5,2), sum[m]}' | sort
}

cmd_purge_build() {
  # old job files only, in our build dir
  find "$build" -maxdepth 1 -name 'job-*.zpl' -mtime +90 -print -delete 2>/dev/null | wc -l \
    | xargs -I{} echo "labels: removed {} job file(s) older than 90 days"
}

case "${1:-}" in
  preview) shift; cmd_preview "$@" ;;
  print) shift; cmd_print "$@" ;;
  jobs) cmd_jobs ;;
  cancel) shift; cmd_cancel "$@" ;;
  test) cmd_test ;;
  stats) cmd_stats ;;
  purge-build) cmd_purge_build ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
