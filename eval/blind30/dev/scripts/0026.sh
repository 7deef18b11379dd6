#!/usr/bin/env bash
# Build OSRM routing data for the delivery planner and smoke-test it.
#
#   tools/osrm_build.sh [-r europe/andorra] [-p car] [--keep-server] [--force]
#
# Steps: download the Geofabrik extract (with .md5 check) into data/raw/, cut it to
# the service-area polygon with osmium, run osrm-extract / osrm-partition /
# osrm-customize into build/osrm/<profile>/, start osrm-routed on 127.0.0.1 for a
# smoke test and stop it again (only the server this script started).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RAW="$ROOT/data/raw"
BUILD="$ROOT/build/osrm"
REGION="europe/andorra"
PROFILE="car"
KEEP_SERVER=0
FORCE=0
PORT="${OSRM_PORT:-5055}"
THREADS="$(nproc 2>/dev/null || echo 4)"
GEOFABRIK="https://download.geofabrik.de"
SERVER_PID=""
TMPDIR_BUILD=""

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

cleanup() {
  local rc=$?
  if [[ -n "$SERVER_PID" && "$KEEP_SERVER" -eq 0 ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    log "stopping osrm-routed (pid $SERVER_PID)"
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ -n "$TMPDIR_BUILD" && -d "$TMPDIR_BUILD" ]]; then
    rm -rf -- "$TMPDIR_BUILD"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'die "interrupted"' INT TERM

while [[ $# -gt 0 ]]; do
  case "$1" in
    -r|--region) REGION="$2"; shift 2 ;;
    -p|--profile) PROFILE="$2"; shift 2 ;;
    --keep-server) KEEP_SERVER=1; shift ;;
    --force) FORCE=1; shift ;;
    --port) PORT="$2"; shift 2 ;;
    -h|--help) usage 0 ;;
    *) log "unknown option $1"; usage 2 ;;
  esac
done

for tool in curl md5sum osmium osrm-extract osrm-partition osrm-customize osrm-routed jq; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool not found (see docs/routing.md)"
done

PROFILE_LUA="$ROOT/profiles/${PROFILE}.lua"
[[ -f "$PROFILE_LUA" ]] || die "profile $PROFILE_LUA missing"
POLY="$ROOT/config/service-area.poly"
[[ -f "$POLY" ]] || die "service area polygon $POLY missing"

NAME="$(basename "$REGION")"
PBF="$RAW/${NAME}-latest.osm.pbf"
OUT="$BUILD/$PROFILE"
CUT="$OUT/${NAME}.osm.pbf"
mkdir -p "$RAW" "$OUT"

download_extract() {
  local url="$GEOFABRIK/${REGION}-latest.osm.pbf"
  if [[ -f "$PBF" && "$FORCE" -eq 0 ]]; then
    log "using cached $PBF"
    return
  fi
  TMPDIR_BUILD="$(mktemp -d "${TMPDIR:-/tmp}/osrm-dl.XXXXXX")"
  log "downloading $url"
  local attempt=1 delay=5
  until curl -fSL --retry 3 -o "$TMPDIR_BUILD/extract.pbf" "$url"; do
    (( attempt >= 4 )) && die "download failed after $attempt attempts"
    log "retrying in ${delay}s"
    sleep "$delay"; delay=$((delay * 2)); attempt=$((attempt + 1))
  done
  curl -fsSL -o "$TMPDIR_BUILD/extract.pbf.md5" "$url.md5"
  local want have
  want="$(cut -d' ' -f1 "$TMPDIR_BUILD/extract.pbf.md5")"
  have="$(md5sum "$TMPDIR_BUILD/extract.pbf" | cut -d' ' -f1)"
  [[ "$want" == "$have" ]] || die "md5 mismatch for $url ($have != $want)"
  mv -f "$TMPDIR_BUILD/extract.pbf" "$PBF"
  log "saved $PBF ($(du -h "$PBF" | cut -f1))"
}

cut_service_area() {
  if [[ -f "$CUT" && "$CUT" -nt "$PBF" && "$CUT" -nt "$POLY" && "$FORCE" -eq 0 ]]; then
    log "service-area cut up to date"
    return
  fi
  log "cutting to service area"
  osmium extract --overwrite -p "$POLY" -s smart -o "$CUT" "$PBF"
  osmium fileinfo -e -g data.count.ways "$CUT" | xargs -I{} log "ways in cut: {}"
}

build_graph() {
  local stamp="$OUT/.built-from"
  local fingerprint
  fingerprint="$(md5sum "$CUT" "$PROFILE_LUA" | md5sum | cut -d' ' -f1)"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$fingerprint" && "$FORCE" -eq 0 ]]; then
    log "OSRM graph up to date"
    return
  fi
  log "removing previous graph files in ${OUT#$ROOT/}"
  find "$OUT" -maxdepth 1 -name "${NAME}.osrm*" -delete
  log "osrm-extract ($THREADS threads)"
  osrm-extract -p "$PROFILE_LUA" -t "$THREADS" "$CUT" 2>&1 | tail -n 5
  log "osrm-partition"
  osrm-partition "$OUT/${NAME}.osrm" 2>&1 | tail -n 3
  log "osrm-customize"
  osrm-customize "$OUT/${NAME}.osrm" 2>&1 | tail -n 3
  printf '%s\n' "$fingerprint" > "$stamp"
}

start_server() {
  log "starting osrm-routed on 127.0.0.1:$PORT"
  osrm-routed --ip 127.0.0.1 --port "$PORT" --algorithm mld "$OUT/${NAME}.osrm" \
    > "$OUT/osrm-routed.log" 2>&1 &
  SERVER_PID=$!
  local i
  for i in $(seq 1 30); do
    if curl -fs "http://127.0.0.1:$PORT/nearest/v1/driving/1.5218,42.5063" >/dev/null 2>&1; then
      log "server ready after ${i}s"
      return
    fi
    kill -0 "$SERVER_PID" 2>/dev/null || die "osrm-routed exited, see $OUT/osrm-routed.log"
    sleep 1
  done
  die "osrm-routed did not answer within 30s"
}

smoke_test() {
  local cases="$ROOT/config/smoke-routes.tsv" failures=0
  [[ -f "$cases" ]] || { log "no smoke routes configured, skipping"; return; }
  while IFS=$'\t' read -r name from to max_km; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    local resp dist
    resp="$(curl -fs "http://127.0.0.1:$PORT/route/v1/driving/${from};${to}?overview=false")" || {
      log "route $name: request failed"; failures=$((failures + 1)); continue; }
    dist="$(jq -r '.routes[0].distance // empty' <<<"$resp")"
    if [[ -z "$dist" ]]; then
      log "route $name: no route"; failures=$((failures + 1))
    elif awk -v d="$dist" -v m="$max_km" 'BEGIN { exit !(d / 1000 > m) }'; then
      log "route $name: $(awk -v d="$dist" 'BEGIN{printf "%.1f", d/1000}') km exceeds $max_km km"
      failures=$((failures + 1))
    else
      log "route $name: ok ($(awk -v d="$dist" 'BEGIN{printf "%.1f", d/1000}') km)"
    fi
  done < "$cases"
  (( failures == 0 )) || die "$failures smoke route(s) failed"
}

write_manifest() {
  local manifest="$OUT/manifest.json"
  jq -n --arg region "$REGION" --arg profile "$PROFILE" \
        --arg built "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
        --arg osrm "$(osrm-routed --version 2>/dev/null | head -n1)" \
        --arg commit "$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)" \
        '{region: $region, profile: $profile, built: $built, osrm: $osrm, commit: $commit}' \
        > "$manifest.tmp"
  mv -f "$manifest.tmp" "$manifest"
  log "manifest: ${manifest#$ROOT/}"
}

download_extract
cut_service_area
build_graph
start_server
smoke_test
write_manifest

if [[ "$KEEP_SERVER" -eq 1 ]]; then
  log "leaving osrm-routed running (pid $SERVER_PID); stop it with: kill $SERVER_PID"
  trap - EXIT
  disown "$SERVER_PID" 2>/dev/null || true
fi
log "done"
