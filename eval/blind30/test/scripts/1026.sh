#!/usr/bin/env bash
# valhalla_tiles.sh - build Valhalla routing tiles for the regions in regions.txt
#
# usage: scripts/valhalla_tiles.sh [-r REGION] [-j JOBS] [--elevation] [--serve]
#
#   regions.txt lines:  <name> <geofabrik path>      e.g.  "tirol europe/austria"
#
# Everything is written below build/valhalla/<name>/. Extracts are cached in
# data/osm/ and only downloaded again when Geofabrik has a newer file (curl -z).
# --serve starts valhalla_service on 127.0.0.1:8002 for a smoke query and stops it
# again; the PID is the one this script got from `$!`.
set -Eeuo pipefail

here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname -- "$here")
regions_file="$root/regions.txt"
osm_dir="$root/data/osm"
out_root="$root/build/valhalla"
only_region=""
jobs=$(nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 4)
elevation=0
serve=0
svc_pid=""
scratch=""

say()  { printf '\e[1m[tiles]\e[0m %s\n' "$*"; }
fail() { printf '\e[31m[tiles]\e[0m %s\n' "$*" >&2; exit 1; }

finish() {
  local status=$?
  if [[ -n $svc_pid ]] && kill -0 "$svc_pid" 2>/dev/null; then
    kill "$svc_pid" && wait "$svc_pid" 2>/dev/null || true
  fi
  [[ -n $scratch && -d $scratch ]] && rm -rf -- "$scratch"
  (( status == 0 )) || say "failed (status $status)"
}
trap finish EXIT
trap 'fail "error on line $LINENO: $BASH_COMMAND"' ERR

while (( $# )); do
  case $1 in
    -r) only_region=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --elevation) elevation=1; shift ;;
    --serve) serve=1; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) fail "unknown argument: $1" ;;
  esac
done

need() { command -v "$1" >/dev/null 2>&1 || fail "missing tool: $1"; }
for t in curl jq valhalla_build_config valhalla_build_admins valhalla_build_timezones \
         valhalla_build_tiles valhalla_build_extract; do
  need "$t"
done
(( serve )) && need valhalla_service
[[ -r $regions_file ]] || fail "no $regions_file"

scratch=$(mktemp -d -t valhalla.XXXXXX)
mkdir -p "$osm_dir" "$out_root"

fetch_extract() {
  local name=$1 path=$2 file="$osm_dir/$1.osm.pbf"
  local url="https://download.geofabrik.de/${path}-latest.osm.pbf"
  say "$name: checking $url"
  if [[ -f $file ]]; then
    curl -fsSL --retry 4 --retry-delay 5 -z "$file" -o "$scratch/$name.pbf" "$url"
  else
    curl -fsSL --retry 4 --retry-delay 5 -o "$scratch/$name.pbf" "$url"
  fi
  if [[ -s $scratch/$name.pbf ]]; then
    mv -f -- "$scratch/$name.pbf" "$file"
    say "$name: new extract ($(du -h "$file" | cut -f1))"
  else
    say "$name: extract unchanged"
  fi
  printf '%s\n' "$file"
}

write_config() {
  local dir=$1
  local -a extra=()
  if (( elevation )); then
    extra+=(--additional-data-elevation "$root/data/elevation")
  fi
  valhalla_build_config \
    --mjolnir-tile-dir "$dir/tiles" \
    --mjolnir-tile-extract "$dir/tiles.tar" \
    --mjolnir-timezone "$dir/tz.sqlite" \
    --mjolnir-admin "$dir/admins.sqlite" \
    --mjolnir-concurrency "$jobs" \
    --service-limits-auto-max-distance 3000000 \
    "${extra[@]}" > "$dir/valhalla.json.new"
  mv -f -- "$dir/valhalla.json.new" "$dir/valhalla.json"
}

build_region() {
  local name=$1 pbf=$2 dir="$out_root/$1"
  local stamp="$dir/.source.sha1" sum
  mkdir -p "$dir"
  sum=$( (sha1sum "$pbf" 2>/dev/null || shasum "$pbf") | cut -d' ' -f1)
  if [[ -f $stamp && $(<"$stamp") == "$sum" && -f $dir/tiles.tar ]]; then
    say "$name: tiles up to date"
    return 0
  fi
  write_config "$dir"
  local conf="$dir/valhalla.json" log="$dir/build.log"
  : > "$log"
  say "$name: admins"
  valhalla_build_admins --config "$conf" "$pbf" >>"$log" 2>&1
  say "$name: timezones"
  valhalla_build_timezones > "$dir/tz.sqlite" 2>>"$log" || say "$name: timezone build failed (continuing)"
  say "$name: tiles ($jobs threads)"
  # tiles/ is our own output for this region; start clean so removed ways disappear
  rm -rf -- "$dir/tiles"
  valhalla_build_tiles -c "$conf" "$pbf" >>"$log" 2>&1
  say "$name: tar extract"
  valhalla_build_extract -c "$conf" -v --overwrite >>"$log" 2>&1
  printf '%s\n' "$sum" > "$stamp"
  say "$name: $(du -h "$dir/tiles.tar" | cut -f1) tiles.tar"
}

smoke_query() {
  local name=$1 dir="$out_root/$1" probe="$root/probes/$1.json"
  [[ -f $probe ]] || { say "$name: no probe, skipping smoke query"; return 0; }
  local port=8002
  jq --argjson p "$port" '.httpd.service.listen = "tcp://127.0.0.1:\($p)"' "$dir/valhalla.json" > "$scratch/serve.json"
  valhalla_service "$scratch/serve.json" 1 >"$dir/service.log" 2>&1 &
  svc_pid=$!
  local i
  for i in {1..40}; do
    curl -fs "http://127.0.0.1:$port/status" >/dev/null 2>&1 && break
    sleep 0.5
  done
  local resp
  resp=$(curl -fs -X POST -H 'Content-Type: application/json' --data @"$probe" "http://127.0.0.1:$port/route") \
    || fail "$name: smoke query failed"
  say "$name: probe route $(jq -r '.trip.summary.length' <<<"$resp") km"
  kill "$svc_pid"; wait "$svc_pid" 2>/dev/null || true
  svc_pid=""
}

write_index() {
  local index="$out_root/index.json" tmp="$scratch/index.json"
  local d first=1
  {
    printf '{"built":"%s","regions":[' "$(date -u +%FT%TZ)"
    for d in "$out_root"/*/; do
      [[ -f $d/tiles.tar ]] || continue
      (( first )) || printf ','
      printf '{"name":"%s","bytes":%s}' "$(basename "$d")" "$(stat -c %s "$d/tiles.tar" 2>/dev/null || stat -f %z "$d/tiles.tar")"
      first=0
    done
    printf ']}\n'
  } > "$tmp"
  jq . "$tmp" > "$index"
}

disk_check() {
  # tiles for a country need roughly 3x the extract size while building
  local need_kb=$1 avail_kb
  avail_kb=$(df -Pk "$out_root" | awk 'NR == 2 { print $4 }')
  if (( avail_kb < need_kb )); then
    fail "not enough space below $out_root: ${avail_kb} KB free, ~${need_kb} KB needed"
  fi
}

estimate_kb() {
  local pbf=$1
  echo $(( $(du -k "$pbf" | cut -f1) * 3 ))
}

built=0
while read -r name path _; do
  [[ -z ${name:-} || $name == \#* ]] && continue
  [[ -n $only_region && $name != "$only_region" ]] && continue
  pbf=$(fetch_extract "$name" "$path" | tail -n 1)
  disk_check "$(estimate_kb "$pbf")"
  build_region "$name" "$pbf"
  (( serve )) && smoke_query "$name"
  built=$((built + 1))
done < "$regions_file"

(( built > 0 )) || fail "no region matched ${only_region:-regions.txt}"
write_index
say "done: $built region(s); index at ${out_root#"$root"/}/index.json"
