#!/usr/bin/env bash
# tidb-snapshot.sh - dump and restore the local TiDB playground database.
#
# The billing service's integration tests run against `tiup playground`.  This
# script makes reproducible snapshots of the dev database with dumpling and
# loads them back with tidb-lightning (local backend, local playground only):
#
#   scripts/tidb-snapshot.sh up                  start the playground (tag billing-dev)
#   scripts/tidb-snapshot.sh dump NAME           dumpling -> snapshots/tidb/NAME/
#   scripts/tidb-snapshot.sh load NAME           lightning import into billing_dev
#   scripts/tidb-snapshot.sh down                stop the playground we started
#   scripts/tidb-snapshot.sh list
#
# The playground PID is kept in .tidb/playground.pid; `down` signals only that
# process group.  All data stays under .tidb/ and snapshots/ in the repository.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
STATE="$REPO/.tidb"
SNAPSHOTS="$REPO/snapshots/tidb"
PIDFILE="$STATE/playground.pid"
TAG="billing-dev"
TIDB_PORT=4000
PD_ADDR="127.0.0.1:2379"
DB="billing_dev"
VERSION="${TIDB_VERSION:-v8.1.0}"

say() { echo "tidb-snapshot: $*" >&2; }
die() { say "error: $*"; exit 1; }

mysql_local() {
  mysql -h 127.0.0.1 -P "$TIDB_PORT" -u root --batch --skip-column-names "$@"
}

playground_running() {
  [[ -f "$PIDFILE" ]] || return 1
  local pid
  pid="$(<"$PIDFILE")"
  kill -0 "$pid" 2>/dev/null && ps -o args= -p "$pid" | grep -q "tiup.*playground"
}

cmd_up() {
  if playground_running; then
    say "playground already running (pid $(<"$PIDFILE"))"
    return
  fi
  mkdir -p "$STATE"
  say "starting tiup playground $VERSION (tag $TAG)"
  setsid tiup playground "$VERSION" --tag "$TAG" --host 127.0.0.1 \
    --db 1 --pd 1 --kv 1 --tiflash 0 --without-monitor \
    > "$STATE/playground.log" 2>&1 &
  echo $! > "$PIDFILE"
  local i
  for i in $(seq 1 90); do
    if mysql_local -e 'SELECT 1' >/dev/null 2>&1; then
      mysql_local -e "CREATE DATABASE IF NOT EXISTS \`$DB\`"
      say "ready on 127.0.0.1:$TIDB_PORT"
      return
    fi
    sleep 2
  done
  tail -n 30 "$STATE/playground.log" >&2
  die "playground did not become ready"
}

cmd_down() {
  if ! playground_running; then
    rm -f "$PIDFILE"
    say "no playground started by this script is running"
    return
  fi
  local pid
  pid="$(<"$PIDFILE")"
  say "stopping playground process group $pid"
  kill -INT -- "-$pid" 2>/dev/null || kill -INT "$pid"
  local i
  for i in $(seq 1 30); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  kill -0 "$pid" 2>/dev/null && kill -TERM -- "-$pid" 2>/dev/null || true
  rm -f "$PIDFILE"
}

valid_name() {
  [[ "$1" =~ ^[a-z0-9][a-z0-9._-]{0,40}$ ]] || die "invalid snapshot name '$1'"
}

cmd_dump() {
  local name="$1" out
  valid_name "$name"
  playground_running || die "playground not running (run: $0 up)"
  out="$SNAPSHOTS/$name"
  [[ ! -e "$out" ]] || die "snapshot $name exists; pick another name"
  mkdir -p "$out"
  say "dumping $DB into snapshots/tidb/$name"
  tiup dumpling:v8.1.0 -h 127.0.0.1 -P "$TIDB_PORT" -u root \
    -B "$DB" --filetype sql -t 4 -r 200000 -F 64MiB -o "$out"
  {
    echo "database=$DB"
    echo "created=$(date -u +%FT%TZ)"
    echo "commit=$(git -C "$REPO" rev-parse HEAD)"
    echo "tidb=$(mysql_local -e 'SELECT tidb_version()' | head -n 1)"
  } > "$out/SNAPSHOT"
  say "snapshot size $(du -sh "$out" | cut -f1)"
}

lightning_config() {
  local src="$1" conf="$2"
  cat > "$conf" <<EOF
[lightning]
level = "warn"
file = "$STATE/lightning.log"

[tikv-importer]
backend = "tidb"
on-duplicate = "replace"

[mydumper]
data-source-dir = "$src"

[tidb]
host = "127.0.0.1"
port = $TIDB_PORT
user = "root"
status-port = 10080
pd-addr = "$PD_ADDR"
EOF
}

cmd_load() {
  local name="$1" src conf
  valid_name "$name"
  src="$SNAPSHOTS/$name"
  [[ -f "$src/SNAPSHOT" ]] || die "no snapshot named $name"
  playground_running || die "playground not running (run: $0 up)"
  say "recreating $DB on the local playground"
  mysql_local -e "DROP DATABASE IF EXISTS \`$DB\`; CREATE DATABASE \`$DB\`"
  conf="$(mktemp "$STATE/lightning.XXXXXX.toml")"
  lightning_config "$src" "$conf"
  tiup tidb-lightning:v8.1.0 -config "$conf"
  rm -f -- "$conf"
  say "tables loaded: $(mysql_local -e "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema='$DB'")"
}

cmd_list() {
  local d
  for d in "$SNAPSHOTS"/*/; do
    [[ -f "$d/SNAPSHOT" ]] || continue
    printf '%-24s %8s  %s\n' "$(basename "$d")" "$(du -sh "$d" | cut -f1)" \
      "$(sed -n 's/^created=//p' "$d/SNAPSHOT")"
  done
}

cmd_prune() {
  # keep the newest KEEP snapshots, remove older ones (inside snapshots/tidb only)
  local keep="${KEEP:-5}" all=() i
  mapfile -t all < <(ls -1dt "$SNAPSHOTS"/*/ 2>/dev/null)
  for (( i = keep; i < ${#all[@]}; i++ )); do
    [[ "${all[$i]}" == "$SNAPSHOTS"/* ]] || die "unexpected path ${all[$i]}"
    say "removing old snapshot $(basename "${all[$i]}")"
    rm -rf -- "${all[$i]}"
  done
}

main() {
  command -v tiup >/dev/null || die "tiup is not installed"
  command -v mysql >/dev/null || die "mysql client is not installed"
  local cmd="${1:-list}"
  case "$cmd" in
    up) cmd_up ;;
    down) cmd_down ;;
    dump) cmd_dump "${2:?snapshot name}" ;;
    load) cmd_load "${2:?snapshot name}" ;;
    list) cmd_list ;;
    prune) cmd_prune ;;
    *) die "unknown command $cmd" ;;
  esac
}

main "$@"
