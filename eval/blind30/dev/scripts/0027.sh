#!/usr/bin/env bash
# Export Request Tracker queues into reports/rt/ for the quarterly service review.
#
# Usage: tools/rt_export.sh [-q QUEUE]... [-s YYYY-MM-DD] [-o reports/rt] [-n]
#
# Uses the `rt` command-line client with RTSERVER/RTUSER/RTPASSWD from the project's
# .env (the same read-only "reporting" account the dashboard uses). Only `rt ls` and
# `rt show` are called; tickets are never edited. Requestor addresses are masked in
# the CSV unless --raw-emails is given (the raw file stays under reports/, git-ignored).
set -Eeuo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
OUT_DIR="$ROOT/reports/rt"
SINCE="$(date -d '-90 days' +%Y-%m-%d 2>/dev/null || date -v-90d +%Y-%m-%d)"
QUEUES=()
DRY_RUN=0
RAW_EMAILS=0
MAX_TRIES=4
WORK=""

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "fatal: $*"; exit 1; }

on_error() {
  local line=$1
  log "failed at line $line"
}
trap 'on_error $LINENO' ERR
trap '[[ -n "$WORK" ]] && rm -rf -- "$WORK"' EXIT

while getopts ':q:s:o:nrh' opt; do
  case "$opt" in
    q) QUEUES+=("$OPTARG") ;;
    s) SINCE="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    r) RAW_EMAILS=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    :) die "option -$OPTARG needs a value" ;;
    \?) die "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))

# Load only the RT variables from .env; never `source` the whole file.
if [[ -f "$ROOT/.env" ]]; then
  while IFS='=' read -r key value; do
    case "$key" in
      RTSERVER|RTUSER|RTPASSWD|RT_QUEUES)
        value="${value%\"}"; value="${value#\"}"
        export "$key=$value" ;;
    esac
  done < <(grep -E '^(RTSERVER|RTUSER|RTPASSWD|RT_QUEUES)=' "$ROOT/.env" || true)
fi
: "${RTSERVER:?RTSERVER not set (see .env.example)}"
: "${RTUSER:?RTUSER not set}"
: "${RTPASSWD:?RTPASSWD not set}"
case "$RTSERVER" in
  https://rt.internal|https://rt.internal/*) ;;
  *) die "RTSERVER must be our RT (https://rt.internal), got $RTSERVER" ;;
esac

if [[ ${#QUEUES[@]} -eq 0 ]]; then
  IFS=',' read -r -a QUEUES <<< "${RT_QUEUES:-General,Support,Accounts}"
fi
command -v rt >/dev/null || die "rt client not installed (apt install rt5-clients)"

mask_email() {
  # alice.smith@uni.example.org -> a***@uni.example.org
  sed -E 's/([A-Za-z0-9])[A-Za-z0-9._%+-]*@/\1***@/g'
}

rt_retry() {
  local try=1 delay=2 out
  while true; do
    if out="$(rt "$@" 2>&1)"; then
      printf '%s\n' "$out"
      return 0
    fi
    if (( try >= MAX_TRIES )); then
      log "rt $1 failed after $try tries: ${out:0:200}"
      return 1
    fi
    log "rt $1 failed (try $try), retrying in ${delay}s"
    sleep "$delay"
    try=$((try + 1)); delay=$((delay * 2))
  done
}

WORK="$(mktemp -d)"
mkdir -p "$OUT_DIR"
STAMP="$(date +%Y%m%d)"

export_queue() {
  local queue=$1
  local query="Queue = '$queue' AND Created >= '$SINCE'"
  local ids_file="$WORK/${queue}.ids"
  local csv="$WORK/${queue}.csv"
  log "querying $queue since $SINCE"
  if (( DRY_RUN )); then
    log "dry run: rt ls -i -q \"$queue\" \"$query\""
    return 0
  fi
  rt_retry ls -i -q "$queue" "$query" | sed -n 's#^ticket/##p' > "$ids_file" || return 1
  local count
  count="$(wc -l < "$ids_file" | tr -d ' ')"
  log "$queue: $count ticket(s)"
  printf 'id,created,resolved,status,owner,requestors,subject\n' > "$csv"
  local id fields created resolved status owner requestors subject
  while read -r id; do
    [[ -z "$id" ]] && continue
    fields="$(rt_retry show -t ticket "$id" -f id,Created,Resolved,Status,Owner,Requestors,Subject)" || continue
    created="$(awk -F': ' '/^Created:/ {print $2}' <<< "$fields")"
    resolved="$(awk -F': ' '/^Resolved:/ {print $2}' <<< "$fields")"
    status="$(awk -F': ' '/^Status:/ {print $2}' <<< "$fields")"
    owner="$(awk -F': ' '/^Owner:/ {print $2}' <<< "$fields")"
    requestors="$(awk -F': ' '/^Requestors:/ {print $2}' <<< "$fields")"
    subject="$(awk -F': ' '/^Subject:/ {sub(/^Subject: /, ""); print}' <<< "$fields" | tr -d '\r' | sed 's/"/""/g')"
    if (( ! RAW_EMAILS )); then
      requestors="$(mask_email <<< "$requestors")"
    fi
    printf '%s,"%s","%s",%s,%s,"%s","%s"\n' \
      "$id" "$created" "${resolved:-}" "$status" "$owner" "$requestors" "$subject" >> "$csv"
  done < "$ids_file"
  mv -f "$csv" "$OUT_DIR/${queue// /_}-${STAMP}.csv"
}

summarise() {
  local summary="$OUT_DIR/summary-${STAMP}.md"
  {
    printf '# RT export %s (since %s)\n\n' "$STAMP" "$SINCE"
    printf '| Queue | Tickets | Resolved | Open |\n|---|---:|---:|---:|\n'
    local f queue total resolved
    for f in "$OUT_DIR"/*-"${STAMP}".csv; do
      [[ -e "$f" ]] || continue
      queue="$(basename "$f" "-${STAMP}.csv")"
      total=$(( $(wc -l < "$f") - 1 ))
      resolved="$(awk -F',' 'NR > 1 && $4 == "resolved"' "$f" | wc -l | tr -d ' ')"
      printf '| %s | %d | %d | %d |\n' "$queue" "$total" "$resolved" $(( total - resolved ))
    done
  } > "$summary.tmp"
  mv -f "$summary.tmp" "$summary"
  log "summary written to ${summary#$ROOT/}"
}

prune_old_exports() {
  # keep the last 6 exports per queue; only files this script names
  local queue
  for queue in "${QUEUES[@]}"; do
    ls -1t "$OUT_DIR/${queue// /_}-"*.csv 2>/dev/null | tail -n +7 | while read -r old; do
      log "pruning ${old#$ROOT/}"
      rm -f -- "$old"
    done
  done
}

check_connection() {
  # `rt ls` with an impossible id is the cheapest authenticated call the client has.
  if (( DRY_RUN )); then
    return 0
  fi
  if ! rt_retry ls -i "id = 0" >/dev/null; then
    die "cannot talk to $RTSERVER as $RTUSER (password expired?)"
  fi
  log "connected to $RTSERVER as $RTUSER"
}

write_index() {
  # Small JSON index so the review notebook can find the latest export per queue.
  local index="$OUT_DIR/index.json" first=1 f
  {
    printf '{\n  "generated": "%s",\n  "since": "%s",\n  "files": [\n' "$(date -Is)" "$SINCE"
    for f in "$OUT_DIR"/*-"${STAMP}".csv; do
      [[ -e "$f" ]] || continue
      (( first )) || printf ',\n'
      printf '    {"file": "%s", "rows": %d}' "$(basename "$f")" $(( $(wc -l < "$f") - 1 ))
      first=0
    done
    printf '\n  ]\n}\n'
  } > "$index.tmp"
  mv -f "$index.tmp" "$index"
}

check_connection
failed=0
for q in "${QUEUES[@]}"; do
  export_queue "$q" || { failed=$((failed + 1)); log "queue $q failed"; }
done
if (( ! DRY_RUN )); then
  summarise
  write_index
  prune_old_exports
fi
(( failed == 0 )) || die "$failed queue(s) failed"
log "done"
