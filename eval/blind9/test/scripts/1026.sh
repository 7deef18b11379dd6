#!/usr/bin/env bash
# HTTP load benchmark of the API running locally.
#
# Starts the release build on 127.0.0.1:18081 with a throwaway database, runs
# wrk against a few endpoints at several connection counts, and appends the
# results to bench/http-results.tsv (one row per endpoint and concurrency).
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
port=18081
url="http://127.0.0.1:$port"
duration=${DURATION:-15s}
threads=${THREADS:-4}
conns=(16 64 256)
endpoints=(/healthz /v1/products?limit=20 /v1/products/42)
results="$repo/bench/http-results.tsv"
rundir=$(mktemp -d)
server_pid=

cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf -- "$rundir"
}
trap cleanup EXIT

command -v wrk >/dev/null || { echo "wrk not installed" >&2; exit 1; }
if [[ $(uname -s) == Darwin ]]; then
  echo "note: macOS loopback throughput is not comparable with Linux CI numbers"
fi
echo "duration $duration, threads $threads, connections ${conns[*]}"

echo "building release binary"
(cd "$repo" && cargo build --release --quiet --bin app-server)

echo "starting server on $url"
APP_DATABASE_URL="sqlite://$rundir/bench.db" APP_BIND="127.0.0.1:$port" APP_LOG=warn \
  "$repo/target/release/app-server" > "$rundir/server.log" 2>&1 &
server_pid=$!

for _ in {1..100}; do
  curl -fs "$url/healthz" >/dev/null && break
  sleep 0.1
done
curl -fs "$url/healthz" >/dev/null || { cat "$rundir/server.log"; exit 1; }

echo "seeding"
"$repo/target/release/app-server" seed --database "sqlite://$rundir/bench.db" --products 5000 >/dev/null

commit=$(git -C "$repo" rev-parse --short HEAD)
mkdir -p "$(dirname "$results")"
[[ -f $results ]] || printf 'date\tcommit\tendpoint\tconns\treq_per_s\tp50_ms\tp99_ms\n' > "$results"

to_ms() {
  awk '{
    v = $1
    if (v ~ /us$/) { sub(/us$/, "", v); print v / 1000 }
    else if (v ~ /ms$/) { sub(/ms$/, "", v); print v }
    else if (v ~ /s$/) { sub(/s$/, "", v); print v * 1000 }
    else print v
  }'
}

for ep in "${endpoints[@]}"; do
  for c in "${conns[@]}"; do
    out="$rundir/wrk-$c.txt"
    wrk -t"$threads" -c"$c" -d"$duration" --latency "$url$ep" > "$out"
    rps=$(awk '/Requests\/sec/ { print $2 }' "$out")
    p50=$(awk '$1 == "50%" { print $2 }' "$out" | to_ms)
    p99=$(awk '$1 == "99%" { print $2 }' "$out" | to_ms)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$commit" "$ep" "$c" "$rps" "$p50" "$p99" >> "$results"
    printf '%-28s c=%-4s %10s req/s  p50 %7s ms  p99 %7s ms\n' "$ep" "$c" "$rps" "$p50" "$p99"
  done
done

echo "appended to ${results#"$repo"/}"
echo
echo "best throughput this run:"
tail -n "$(( ${#endpoints[@]} * ${#conns[@]} ))" "$results" |
  sort -t$'\t' -k5,5nr | head -n 3 |
  awk -F'\t' '{ printf "  %-28s c=%-4s %s req/s\n", $3, $4, $5 }'
