#!/usr/bin/env bash
# weather-nightly.sh - rebuild the station website and archive snapshot from
# the dev WeeWX configuration.
#
# Steps:
#   1. take a consistent copy of the station archive with sqlite3 .backup
#      (the station writes to it every 5 minutes, cp would race)
#   2. check the copy with `weectl database check-integrity`
#   3. run `weectl report run` with conf/weewx.dev.conf, which renders HTML
#      into build/site/ (HTML_ROOT in the dev conf)
#   4. compress old snapshots, keep the newest N
#
#   scripts/weather-nightly.sh [--keep 14] [--no-report] [--source PATH]
#
# The station archive is opened read-only; only files under build/ and
# archive/ in this repository are written.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CONF="$ROOT/conf/weewx.dev.conf"
SOURCE_DB="${WEEWX_SOURCE_DB:-/var/lib/weewx/weewx.sdb}"
SNAP_DIR="$ROOT/archive/snapshots"
WORK_DB="$ROOT/archive/weewx.sdb"
SITE="$ROOT/build/site"
KEEP=14
REPORT=1

log() { printf '%(%F %T)T %s\n' -1 "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --keep) KEEP="${2:?}"; shift 2 ;;
    --no-report) REPORT=0; shift ;;
    --source) SOURCE_DB="${2:?}"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

[[ "$KEEP" =~ ^[0-9]+$ && "$KEEP" -ge 1 ]] || die "--keep must be a positive number"
command -v sqlite3 >/dev/null || die "sqlite3 missing"
command -v weectl >/dev/null || die "weectl missing (pip install weewx)"
[[ -f "$CONF" ]] || die "missing $CONF"
[[ -r "$SOURCE_DB" ]] || die "cannot read $SOURCE_DB (are you in the weewx group?)"

# The dev conf must render into this repo, never into the live web root.
html_root="$(awk -F= '/^[[:space:]]*HTML_ROOT/ {gsub(/[[:space:]]/, "", $2); print $2; exit}' "$CONF")"
case "$html_root" in
  build/site|"$ROOT"/build/site|../build/site) ;;
  *) die "HTML_ROOT in $(basename "$CONF") is '$html_root'; expected build/site" ;;
esac

LOCK="$ROOT/build/.weather-nightly.lock"
mkdir -p "$ROOT/build" "$SNAP_DIR"
exec 9> "$LOCK"
flock -n 9 || die "another run is in progress"

TMP_DB="$(mktemp "$ROOT/archive/.weewx.XXXXXX.sdb")"
cleanup() { rm -f -- "$TMP_DB" "$TMP_DB-journal"; }
trap cleanup EXIT

# --- 1. consistent copy ---------------------------------------------------------------
log "backing up $(basename "$SOURCE_DB") -> archive/"
attempt=1
until sqlite3 "file:$SOURCE_DB?mode=ro" ".timeout 5000" ".backup '$TMP_DB'"; do
  (( attempt >= 5 )) && die "backup failed after $attempt attempts"
  log "database busy, retry $attempt"
  sleep $(( attempt * 3 ))
  attempt=$((attempt + 1))
done

# Gaps longer than three archive intervals are worth mentioning in the
# summary (station power cuts, logger USB resets).
report_gaps() {
  local db="$1"
  sqlite3 -separator ' ' "$db" "
    WITH t AS (
      SELECT dateTime, interval,
             LAG(dateTime) OVER (ORDER BY dateTime) AS prev
      FROM archive
      WHERE dateTime > strftime('%s', 'now', '-2 days')
    )
    SELECT datetime(prev, 'unixepoch'), (dateTime - prev) / 60
    FROM t WHERE prev IS NOT NULL AND dateTime - prev > 3 * interval * 60
    ORDER BY dateTime DESC LIMIT 5;" \
  | while read -r day time minutes; do
      log "gap of ${minutes} min after $day $time UTC"
    done
}

report_gaps "$TMP_DB"
rows="$(sqlite3 "$TMP_DB" 'SELECT COUNT(*) FROM archive')"
latest="$(sqlite3 "$TMP_DB" "SELECT datetime(MAX(dateTime), 'unixepoch') FROM archive")"
log "copy has $rows records, newest $latest UTC"
(( rows > 0 )) || die "archive copy is empty"

# --- 2. integrity ---------------------------------------------------------------------
mv -f "$TMP_DB" "$WORK_DB"
log "checking integrity"
if ! weectl database check-integrity --config="$CONF" 2>&1 | tail -n 5; then
  die "integrity check failed; the previous snapshot is still in archive/snapshots"
fi
stale_minutes=$(( ( $(date +%s) - $(sqlite3 "$WORK_DB" 'SELECT MAX(dateTime) FROM archive') ) / 60 ))
if (( stale_minutes > 30 )); then
  log "warning: newest record is ${stale_minutes} minutes old - is the station logging?"
fi

# --- 3. report ------------------------------------------------------------------------
if (( REPORT )); then
  log "rendering reports into ${SITE#"$ROOT"/}"
  mkdir -p "$SITE"
  started=$SECONDS
  weectl report run --config="$CONF" 2>&1 | grep -vE '^\s*$' | tail -n 20
  log "reports done in $((SECONDS - started))s ($(find "$SITE" -type f | wc -l) files)"
  if [[ -f "$SITE/index.html" ]]; then
    grep -q "$(date +%Y)" "$SITE/index.html" || log "warning: index.html does not mention this year"
  fi
fi

# --- 3b. sanity checks on the rendered site ---------------------------------------------
# Broken image references usually mean a skin template points at a plot that
# the ImageGenerator was told not to produce in the dev conf.
check_site_images() {
  local page ref missing=0
  [[ -d "$SITE" ]] || return 0
  while IFS= read -r page; do
    while IFS= read -r ref; do
      [[ "$ref" == http* || "$ref" == data:* ]] && continue
      if [[ ! -f "$(dirname "$page")/$ref" ]]; then
        log "missing image in ${page#"$SITE"/}: $ref"
        missing=$((missing + 1))
      fi
    done < <(grep -oE '<img[^>]+src="[^"]+"' "$page" | sed -E 's/.*src="([^"]+)".*/\1/')
  done < <(find "$SITE" -name '*.html' -type f)
  (( missing == 0 )) && log "site images ok"
  return 0
}

# The NOAA monthly/yearly text summaries are what the volunteers submit; make
# sure this month's file exists and has a line for yesterday.
check_noaa() {
  local month_file day
  month_file="$SITE/NOAA/NOAA-$(date +%Y-%m).txt"
  if [[ ! -f "$month_file" ]]; then
    log "warning: ${month_file#"$ROOT"/} was not generated"
    return 0
  fi
  day="$(date -d yesterday +%-d)"
  if awk -v d="$day" '$1 == d {found=1} END {exit !found}' "$month_file"; then
    log "NOAA summary has a row for day $day"
  else
    log "warning: NOAA summary lacks day $day (was the station down?)"
  fi
}

if (( REPORT )); then
  check_site_images
  check_noaa
fi

# --- 4. snapshots ---------------------------------------------------------------------
snap="$SNAP_DIR/weewx-$(date +%Y%m%d).sdb.zst"
if command -v zstd >/dev/null; then
  zstd -q -19 -f "$WORK_DB" -o "$snap"
else
  snap="${snap%.zst}.gz"
  gzip -c -9 "$WORK_DB" > "$snap"
fi
log "snapshot ${snap#"$ROOT"/} ($(du -h "$snap" | cut -f1))"

# Keep the newest $KEEP snapshots; only files matching our naming pattern in
# our own snapshot folder are candidates.
mapfile -t old < <(ls -1t "$SNAP_DIR"/weewx-*.sdb.* 2>/dev/null | tail -n +"$((KEEP + 1))")
for f in "${old[@]}"; do
  [[ "$(dirname "$f")" == "$SNAP_DIR" ]] || continue
  rm -f -- "$f"
done
((${#old[@]})) && log "removed ${#old[@]} old snapshot(s)"

# --- summary --------------------------------------------------------------------------
summary="$ROOT/build/nightly-summary.txt"
{
  echo "run:      $(date -u +%FT%TZ)"
  echo "records:  $rows"
  echo "newest:   $latest UTC"
  echo "stale:    ${stale_minutes} min"
  echo "snapshot: $(basename "$snap")"
  echo "kept:     $(ls -1 "$SNAP_DIR" | wc -l) snapshots"
} > "$summary"
cat "$summary"
log "done"
