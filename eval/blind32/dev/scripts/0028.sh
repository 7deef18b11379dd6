#!/usr/bin/env bash
# Copy a slice of metrics between two local VictoriaMetrics instances.
#
# We keep a "golden" VictoriaMetrics (docker compose service vm-golden on :8428)
# with recorded production-like series, and a scratch one (vm-scratch on
# :18428) that the alerting tests write into.  This script exports a selector
# for a time window from golden via /api/v1/export/native and imports it into
# scratch via /api/v1/import/native, then compares series counts.
#
#   tools/vm-copy.sh '{job="checkout"}' 2024-05-01T00:00:00Z 2024-05-02T00:00:00Z
#   tools/vm-copy.sh --reset-scratch    # delete all series in SCRATCH only
#
# Both ends must be loopback addresses; the script refuses anything else.
set -Eeuo pipefail

SRC="${VM_SRC:-http://127.0.0.1:8428}"
DST="${VM_DST:-http://127.0.0.1:18428}"
TMP_ROOT="${TMPDIR:-/tmp}"
EXPORT_FILE=""
RETRIES=5

log() { printf '[vm-copy] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

on_exit() {
  [[ -n "$EXPORT_FILE" ]] && rm -f -- "$EXPORT_FILE"
}
trap on_exit EXIT
trap 'die "failed at line $LINENO"' ERR

assert_local() {
  local url="$1" host
  host="${url#*://}"
  host="${host%%/*}"
  host="${host%%:*}"
  case "$host" in
    127.0.0.1|localhost) ;;
    *) die "$url is not a local instance" ;;
  esac
}

curl_retry() {
  local attempt=1 delay=1
  while true; do
    if curl -fsS --max-time 300 "$@"; then
      return 0
    fi
    if (( attempt >= RETRIES )); then
      return 1
    fi
    log "request failed (attempt $attempt), retrying in ${delay}s"
    sleep "$delay"
    attempt=$(( attempt + 1 ))
    delay=$(( delay * 2 ))
  done
}

to_unix() {
  date -u -d "$1" +%s 2>/dev/null || die "cannot parse time '$1'"
}

series_count() {
  local base="$1" selector="$2" start="$3" end="$4"
  curl_retry -G "$base/api/v1/series/count" >/dev/null 2>&1 || true
  curl_retry -G "$base/api/v1/series" \
    --data-urlencode "match[]=$selector" \
    --data-urlencode "start=$start" \
    --data-urlencode "end=$end" \
    | jq '.data | length'
}

export_native() {
  local selector="$1" start="$2" end="$3"
  EXPORT_FILE="$(mktemp "$TMP_ROOT/vm-export.XXXXXX")"
  log "exporting $selector from $SRC"
  curl_retry -G "$SRC/api/v1/export/native" \
    --data-urlencode "match[]=$selector" \
    --data-urlencode "start=$start" \
    --data-urlencode "end=$end" \
    -o "$EXPORT_FILE"
  log "export size: $(du -h "$EXPORT_FILE" | cut -f1)"
}

import_native() {
  log "importing into $DST"
  curl_retry -X POST "$DST/api/v1/import/native" -T "$EXPORT_FILE"
  # make the freshly imported data visible to queries immediately
  curl_retry "$DST/internal/force_flush" >/dev/null
  curl_retry "$DST/internal/resetRollupResultCache" >/dev/null || true
}

reset_scratch() {
  assert_local "$DST"
  [[ "$DST" == *":18428"* ]] || die "--reset-scratch only works on the scratch instance (:18428)"
  log "deleting every series in the SCRATCH instance $DST"
  curl_retry -X POST "$DST/api/v1/admin/tsdb/delete_series" --data-urlencode 'match[]={__name__=~".+"}'
  log "scratch instance emptied"
}

compare() {
  local selector="$1" start="$2" end="$3" a b
  a="$(series_count "$SRC" "$selector" "$start" "$end")"
  b="$(series_count "$DST" "$selector" "$start" "$end")"
  log "series in golden: $a, in scratch: $b"
  if [[ "$a" != "$b" ]]; then
    log "warning: series counts differ (scratch may already have had data)"
    return 1
  fi
}

health() {
  local base="$1" name="$2" version
  if ! curl -fsS --max-time 5 "$base/health" >/dev/null 2>&1; then
    die "$name ($base) is not answering /health; is docker compose up?"
  fi
  version="$(curl -fsS --max-time 5 "$base/metrics" 2>/dev/null \
    | awk -F'"' '/^vm_app_version/ {print $2; exit}')"
  log "$name ok (${version:-unknown version})"
}

write_summary() {
  local selector="$1" start="$2" end="$3" out="build/vm-copy-last.json"
  mkdir -p build
  jq -n \
    --arg selector "$selector" \
    --arg src "$SRC" \
    --arg dst "$DST" \
    --argjson start "$start" \
    --argjson end "$end" \
    --arg bytes "$(stat -c %s "$EXPORT_FILE" 2>/dev/null || echo 0)" \
    --arg at "$(date -u +%FT%TZ)" \
    '{selector:$selector, src:$src, dst:$dst, start:$start, end:$end, bytes:($bytes|tonumber), at:$at}' \
    > "$out.tmp"
  mv "$out.tmp" "$out"
  log "summary in $out"
}

dry_run_report() {
  local selector="$1" start="$2" end="$3" n
  n="$(series_count "$SRC" "$selector" "$start" "$end")"
  log "dry run: $n series match $selector in golden; nothing copied"
}

usage() {
  cat >&2 <<'EOF'
usage: vm-copy.sh SELECTOR START END
       vm-copy.sh --reset-scratch
Times are RFC3339 or anything `date -d` accepts.
EOF
  exit 2
}

main() {
  command -v curl >/dev/null || die "curl missing"
  command -v jq >/dev/null || die "jq missing"
  assert_local "$SRC"
  assert_local "$DST"
  if [[ "${1:-}" == "--reset-scratch" ]]; then
    reset_scratch
    return
  fi
  local dry=0
  if [[ "${1:-}" == "--dry-run" ]]; then
    dry=1
    shift
  fi
  [[ $# -eq 3 ]] || usage
  local selector="$1" start end
  start="$(to_unix "$2")"
  end="$(to_unix "$3")"
  (( end > start )) || die "END must be after START"
  (( end - start <= 7 * 86400 )) || die "window larger than 7 days; split it up"
  health "$SRC" golden
  health "$DST" scratch
  if (( dry )); then
    dry_run_report "$selector" "$start" "$end"
    return
  fi
  export_native "$selector" "$start" "$end"
  if [[ ! -s "$EXPORT_FILE" ]]; then
    log "nothing matched; done"
    return
  fi
  import_native
  compare "$selector" "$start" "$end" || true
  write_summary "$selector" "$start" "$end"
  log "copied $selector [$2 .. $3] from golden to scratch"
}

main "$@"
