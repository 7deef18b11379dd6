#!/usr/bin/env bash
# px4-sitl-ci.sh - build PX4 SITL, fly the regression missions headless, collect logs.
#
#   tools/px4-sitl-ci.sh                       all missions in missions/*.plan
#   tools/px4-sitl-ci.sh missions/square.plan  one mission
#   KEEP=1 tools/px4-sitl-ci.sh                leave the simulator running
#
# Everything runs locally: PX4 SITL (gz, headless) listens on UDP 14540/14550
# on 127.0.0.1, the mission runner (tools/run_plan.py, pymavlink) connects
# there.  No serial ports, no radios - a real vehicle cannot be reached.
# The simulator process group started here is terminated at exit.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PX4_DIR="${PX4_DIR:-$ROOT/third_party/PX4-Autopilot}"
OUT="$ROOT/build/sitl/$(date +%Y%m%d-%H%M%S)"
MODEL="${MODEL:-gz_x500}"
CONN="udp:127.0.0.1:14540"
SIM_PID=""
KEEP="${KEEP:-0}"

log() { printf '[sitl %s] %s\n' "$(date +%T)" "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

stop_sim() {
  if [[ -n "$SIM_PID" ]] && kill -0 "$SIM_PID" 2>/dev/null; then
    log "stopping simulator process group $SIM_PID"
    kill -TERM -- "-$SIM_PID" 2>/dev/null || true
    local i
    for i in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 "$SIM_PID" 2>/dev/null || break
      sleep 1
    done
    kill -KILL -- "-$SIM_PID" 2>/dev/null || true
  fi
}

on_exit() {
  local rc=$?
  if [[ "$KEEP" != 1 ]]; then
    stop_sim
  else
    log "KEEP=1: simulator left running (pid $SIM_PID)"
  fi
  log "logs in ${OUT#"$ROOT"/}"
  exit "$rc"
}
trap on_exit EXIT
trap 'exit 130' INT TERM

build() {
  [[ -d "$PX4_DIR" ]] || die "PX4 checkout missing at $PX4_DIR (git submodule update --init)"
  log "building px4_sitl_default"
  make -C "$PX4_DIR" px4_sitl_default >"$OUT/build.log" 2>&1 || {
    tail -n 40 "$OUT/build.log"
    die "build failed"
  }
}

start_sim() {
  log "starting SITL ($MODEL, headless)"
  (
    cd "$PX4_DIR"
    export HEADLESS=1 PX4_SIM_SPEED_FACTOR="${SPEED:-2}"
    exec setsid make px4_sitl "$MODEL"
  ) >"$OUT/sim.log" 2>&1 &
  SIM_PID=$!
  local tries=0
  until grep -q 'Ready for takeoff' "$OUT/sim.log" 2>/dev/null; do
    tries=$((tries + 1))
    if ((tries > 90)); then
      tail -n 30 "$OUT/sim.log"
      die "simulator not ready after 180 s"
    fi
    kill -0 "$SIM_PID" 2>/dev/null || die "simulator exited early"
    sleep 2
  done
  log "simulator ready (pid $SIM_PID)"
}

validate_plan() {
  local plan="$1"
  jq -e '.fileType == "Plan" and (.mission.items | length) > 0' "$plan" >/dev/null \
    || die "$plan is not a QGC plan with mission items"
}

fly() {
  local plan="$1" name rc
  name="$(basename "${plan%.plan}")"
  validate_plan "$plan"
  log "flying $name"
  set +e
  python3 "$ROOT/tools/run_plan.py" --connect "$CONN" --plan "$plan" \
    --timeout "${MISSION_TIMEOUT:-600}" --result "$OUT/$name.json" >"$OUT/$name.log" 2>&1
  rc=$?
  set -e
  if ((rc == 0)); then
    log "$name: PASS ($(jq -r '.duration_s' "$OUT/$name.json") s)"
  else
    log "$name: FAIL (rc=$rc), last lines:"
    tail -n 15 "$OUT/$name.log" | sed 's/^/    /'
  fi
  return "$rc"
}

collect_ulogs() {
  local logdir="$PX4_DIR/build/px4_sitl_default/rootfs/log"
  [[ -d "$logdir" ]] || return 0
  local newest
  newest="$(find "$logdir" -name '*.ulg' -newer "$OUT/sim.log" 2>/dev/null | sort | tail -n 5)"
  if [[ -n "$newest" ]]; then
    mkdir -p "$OUT/ulog"
    # shellcheck disable=SC2086
    cp $newest "$OUT/ulog/"
    log "copied $(wc -w <<<"$newest") ulog file(s)"
  fi
}

junit() {
  local total="$1" failed="$2"
  {
    printf '<?xml version="1.0" encoding="UTF-8"?>\n'
    printf '<testsuite name="sitl" tests="%d" failures="%d">\n' "$total" "$failed"
    local f name
    for f in "$OUT"/*.json; do
      [[ -e "$f" ]] || continue
      name="$(basename "${f%.json}")"
      if jq -e '.passed' "$f" >/dev/null; then
        printf '  <testcase name="%s"/>\n' "$name"
      else
        printf '  <testcase name="%s"><failure/></testcase>\n' "$name"
      fi
    done
    printf '</testsuite>\n'
  } >"$OUT/junit.xml"
}

check_ports() {
  local port
  for port in 14540 14550 14580; do
    if ss -lun 2>/dev/null | awk '{print $4}' | grep -q ":$port\$"; then
      die "UDP port $port already in use (another SITL or QGroundControl?)"
    fi
  done
}

check_python_deps() {
  python3 - <<'PY' || die "pymavlink missing: pip install -r tools/requirements-sitl.txt"
import importlib.util, sys
sys.exit(0 if importlib.util.find_spec("pymavlink") else 1)
PY
}

prune_old_runs() {
  local keep="${KEEP_RUNS:-8}" old
  while IFS= read -r old; do
    [[ -n "$old" ]] || continue
    case "$old" in
      "$ROOT"/build/sitl/20*) rm -rf -- "$old" ;;
    esac
  done < <(ls -1d "$ROOT"/build/sitl/20*/ 2>/dev/null | sed 's:/$::' | sort | head -n -"$keep")
}

main() {
  command -v jq >/dev/null || die "jq required"
  command -v python3 >/dev/null || die "python3 required"
  check_ports
  check_python_deps
  prune_old_runs
  mkdir -p "$OUT"
  local plans=("$@")
  if ((${#plans[@]} == 0)); then
    mapfile -t plans < <(find "$ROOT/missions" -name '*.plan' | sort)
  fi
  ((${#plans[@]})) || die "no missions found"
  build
  start_sim
  local plan failed=0
  for plan in "${plans[@]}"; do
    fly "$plan" || failed=$((failed + 1))
  done
  collect_ulogs
  junit "${#plans[@]}" "$failed"
  log "$(( ${#plans[@]} - failed ))/${#plans[@]} missions passed"
  ((failed == 0))
}

main "$@"
