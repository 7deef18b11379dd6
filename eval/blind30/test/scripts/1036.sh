#!/usr/bin/env bash
# otp_graph.sh - build and test the OpenTripPlanner 2 graph for the regional planner
#
#   scripts/otp_graph.sh fetch     GTFS feeds from feeds.internal + the OSM extract
#   scripts/otp_graph.sh build     street graph, then transit graph (graph.obj)
#   scripts/otp_graph.sh test      start OTP on 127.0.0.1, run probe trips, stop it
#   scripts/otp_graph.sh all       fetch + build + test
#
# Inputs go to data/otp/, OTP writes graph.obj and streetGraph.obj there. Feed URLs and
# expected sha256 sums are in config/feeds.tsv (id<TAB>url<TAB>sha256). The OTP server
# started by `test` is the only process this script stops (by the PID it recorded).
set -Eeuo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA="$ROOT/data/otp"
JAR="$ROOT/tools/otp-2.5.0-shaded.jar"
HEAP=${OTP_HEAP:-8G}
PORT=${OTP_PORT:-8090}
FEEDS="$ROOT/config/feeds.tsv"
OSM_URL=${OSM_URL:-https://download.geofabrik.de/europe/switzerland-latest.osm.pbf}
OTP_PID=""
TMP=$(mktemp -d)

info() { printf '[otp] %s\n' "$*"; }
fatal() { printf '[otp] FATAL %s\n' "$*" >&2; exit 1; }

on_exit() {
  if [[ -n $OTP_PID ]] && kill -0 "$OTP_PID" 2>/dev/null; then
    info "stopping OTP (pid $OTP_PID)"
    kill "$OTP_PID"
    wait "$OTP_PID" 2>/dev/null || true
  fi
  rm -rf -- "$TMP"
}
trap on_exit EXIT

java_ok() {
  command -v java >/dev/null || fatal "java not found (OTP 2.5 needs Java 21)"
  local v
  v=$(java -version 2>&1 | awk -F'"' '/version/ {print $2}' | cut -d. -f1)
  (( v >= 21 )) || fatal "Java $v found, OTP 2.5 needs 21+"
  [[ -f $JAR ]] || fatal "missing $JAR (make tools)"
}

sha() { sha256sum "$1" 2>/dev/null | cut -d' ' -f1 || shasum -a 256 "$1" | cut -d' ' -f1; }

fetch_feed() {
  local id=$1 url=$2 want=$3 dest="$DATA/$id.gtfs.zip"
  local host=${url#*://}; host=${host%%/*}
  [[ $host == *.internal ]] || fatal "feed $id: $host is not our feed server"
  curl -fsSL --retry 3 -o "$TMP/$id.zip" "$url"
  if [[ -n $want && $(sha "$TMP/$id.zip") != "$want" ]]; then
    fatal "feed $id: checksum mismatch"
  fi
  unzip -tq "$TMP/$id.zip" >/dev/null || fatal "feed $id: not a valid zip"
  mv -f -- "$TMP/$id.zip" "$dest"
  info "feed $id: $(du -h "$dest" | cut -f1)"
}

fetch() {
  mkdir -p "$DATA"
  [[ -f $FEEDS ]] || fatal "no $FEEDS"
  local id url sum
  while IFS=$'\t' read -r id url sum; do
    [[ -z $id || $id == \#* ]] && continue
    fetch_feed "$id" "$url" "$sum"
  done < "$FEEDS"
  local osm="$DATA/region.osm.pbf"
  if [[ -f $osm ]]; then
    curl -fsSL -z "$osm" -o "$TMP/region.pbf" "$OSM_URL"
  else
    curl -fsSL -o "$TMP/region.pbf" "$OSM_URL"
  fi
  if [[ -s $TMP/region.pbf ]]; then
    mv -f -- "$TMP/region.pbf" "$osm"
    info "OSM extract updated"
  else
    info "OSM extract unchanged"
  fi
  cp -f "$ROOT/config/otp/"{build-config.json,router-config.json,otp-config.json} "$DATA/"
}

build() {
  java_ok
  info "street graph"
  java -Xmx"$HEAP" -jar "$JAR" --buildStreet "$DATA" > "$DATA/build-street.log" 2>&1 \
    || { tail -n 30 "$DATA/build-street.log" >&2; fatal "street graph failed"; }
  info "transit graph"
  java -Xmx"$HEAP" -jar "$JAR" --loadStreet --save "$DATA" > "$DATA/build-transit.log" 2>&1 \
    || { tail -n 30 "$DATA/build-transit.log" >&2; fatal "transit graph failed"; }
  local issues
  issues=$(grep -c 'DataImportIssue' "$DATA/build-transit.log" || true)
  info "graph.obj $(du -h "$DATA/graph.obj" | cut -f1), $issues data import issue line(s)"
  summarise_issues
}

summarise_issues() {
  # top categories from the build log, for the feed maintainers
  grep -oE 'DataImportIssue[A-Za-z]*|[A-Z][a-zA-Z]+Issue' "$DATA/build-transit.log" 2>/dev/null \
    | sort | uniq -c | sort -rn | head -n 10 > "$DATA/issue-summary.txt" || true
  [[ -s $DATA/issue-summary.txt ]] && sed 's/^/    /' "$DATA/issue-summary.txt"
}

serve() {
  java_ok
  [[ -f $DATA/graph.obj ]] || fatal "no graph.obj; run build first"
  # OTP has no --bindAddress option in 2.x; otp-config.json restricts it via server.bindAddress
  jq -e '.server.bindAddress == "127.0.0.1"' "$DATA/otp-config.json" >/dev/null \
    || fatal "otp-config.json must set server.bindAddress to 127.0.0.1"
  java -Xmx"$HEAP" -jar "$JAR" --load --port "$PORT" "$DATA" > "$DATA/serve.log" 2>&1 &
  OTP_PID=$!
  local i
  for i in $(seq 1 120); do
    curl -fs "http://127.0.0.1:$PORT/otp/actuators/health" >/dev/null 2>&1 && { info "OTP up"; return; }
    kill -0 "$OTP_PID" 2>/dev/null || fatal "OTP exited (see data/otp/serve.log)"
    sleep 2
  done
  fatal "OTP did not start"
}

probe() {
  local name=$1 from=$2 to=$3 time=$4 max=$5 q resp dur
  q=$(jq -n --arg f "$from" --arg t "$to" --arg time "$time" '{
    query: "query($f: String!, $t: String!, $time: String!) { plan(fromPlace: $f, toPlace: $t, time: $time, numItineraries: 3) { itineraries { duration } } }",
    variables: {f: $f, t: $t, time: $time}}')
  resp=$(curl -fs -H 'Content-Type: application/json' -d "$q" "http://127.0.0.1:$PORT/otp/routers/default/index/graphql") || return 1
  dur=$(jq '[.data.plan.itineraries[].duration] | min // empty' <<<"$resp")
  [[ -n $dur ]] || { info "probe $name: no itinerary"; return 1; }
  if (( dur / 60 > max )); then
    info "probe $name: $((dur / 60)) min > $max"
    return 1
  fi
  info "probe $name: $((dur / 60)) min"
}

test_graph() {
  serve
  local failed=0 name from to time max
  while IFS=$'\t' read -r name from to time max; do
    [[ -z $name || $name == \#* ]] && continue
    probe "$name" "$from" "$to" "$time" "$max" || failed=$((failed + 1))
  done < "$ROOT/config/otp/probes.tsv"
  (( failed == 0 )) || fatal "$failed probe(s) failed"
}

feed_stats() {
  # quick per-feed numbers from the zipped GTFS, for the build notes
  local z id routes trips stops
  for z in "$DATA"/*.gtfs.zip; do
    [[ -e $z ]] || continue
    id=$(basename "$z" .gtfs.zip)
    routes=$(( $(unzip -p "$z" routes.txt | wc -l) - 1 ))
    trips=$(( $(unzip -p "$z" trips.txt | wc -l) - 1 ))
    stops=$(( $(unzip -p "$z" stops.txt | wc -l) - 1 ))
    printf '%-16s routes %6d  trips %8d  stops %7d\n' "$id" "$routes" "$trips" "$stops"
  done | tee "$DATA/feed-stats.txt"
}

calendar_window() {
  # warn when a feed's service calendar does not cover the next 14 days
  local z id end today soon
  today=$(date +%Y%m%d)
  soon=$(date -d '+14 days' +%Y%m%d 2>/dev/null || date -v+14d +%Y%m%d)
  for z in "$DATA"/*.gtfs.zip; do
    [[ -e $z ]] || continue
    id=$(basename "$z" .gtfs.zip)
    end=$(unzip -p "$z" calendar.txt 2>/dev/null | awk -F, 'NR == 1 {for (i = 1; i <= NF; i++) if ($i == "end_date") c = i; next} c {print $c}' | sort | tail -n1)
    [[ -n $end ]] || continue
    if (( end < today )); then
      info "feed $id: calendar ended $end"
    elif (( end < soon )); then
      info "feed $id: calendar ends $end (less than 14 days)"
    fi
  done
}

case ${1:-} in
  stats) feed_stats; calendar_window ;;
  fetch) fetch ;;
  build) build ;;
  test) test_graph ;;
  all) fetch; build; test_graph ;;
  *) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
