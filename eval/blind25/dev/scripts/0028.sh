#!/usr/bin/env bash
# ws.sh - everyday ROS 2 workspace chores for the mower robot.
#
#   tools/ws.sh setup            import repos, rosdep (asks), first build
#   tools/ws.sh build [PKG...]   colcon build (only PKG and its deps if given)
#   tools/ws.sh test  [PKG...]   colcon test + result summary
#   tools/ws.sh sim              launch the Gazebo simulation (headless)
#   tools/ws.sh record NAME      record the standard topics to bags/NAME
#   tools/ws.sh clean            remove build/ install/ log/ of this workspace
#
# Environment: ROS_DISTRO (default jazzy), COLCON_JOBS, ROS_DOMAIN_ID
set -euo pipefail

WS="$(cd "$(dirname "$0")/.." && pwd)"
DISTRO="${ROS_DISTRO:-jazzy}"
JOBS="${COLCON_JOBS:-$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))}"
REPOS="$WS/mower.repos"
BAGS="$WS/bags"
SIM_PID_FILE="$WS/log/sim.pid"
TOPICS=(/tf /tf_static /odom /scan /imu/data /gps/fix /cmd_vel /diagnostics)

log() { echo "[ws] $*"; }
die() { echo "[ws] error: $*" >&2; exit 1; }

source_ros() {
  local setup="/opt/ros/$DISTRO/setup.bash"
  [[ -f "$setup" ]] || die "ROS 2 $DISTRO not installed ($setup missing)"
  # setup.bash reads unset variables; relax nounset while sourcing it
  set +u
  # shellcheck disable=SC1090
  source "$setup"
  if [[ -f "$WS/install/setup.bash" ]]; then
    # shellcheck disable=SC1091
    source "$WS/install/setup.bash"
  fi
  set -u
  export ROS_DOMAIN_ID="${ROS_DOMAIN_ID:-42}"
  export ROS_LOCALHOST_ONLY="${ROS_LOCALHOST_ONLY:-1}"
}

confirm() {
  local reply
  read -r -p "$1 [y/N] " reply
  [[ "$reply" == [yY] || "$reply" == [yY][eE][sS] ]]
}

cmd_setup() {
  command -v vcs >/dev/null || die "vcs missing: pip install --user vcstool"
  command -v rosdep >/dev/null || die "rosdep missing: sudo apt install python3-rosdep"
  mkdir -p "$WS/src"
  log "importing repositories from $(basename "$REPOS")"
  vcs import --recursive --skip-existing "$WS/src" < "$REPOS"
  source_ros
  if [[ ! -d /etc/ros/rosdep/sources.list.d ]]; then
    log "rosdep not initialised; this needs sudo once"
    confirm "run 'sudo rosdep init'?" && sudo rosdep init
  fi
  rosdep update --rosdistro "$DISTRO"
  log "missing system dependencies:"
  if rosdep check --from-paths "$WS/src" --ignore-src --rosdistro "$DISTRO"; then
    log "none"
  elif confirm "install them with rosdep (uses sudo apt)?"; then
    rosdep install --from-paths "$WS/src" --ignore-src -y --rosdistro "$DISTRO"
  else
    log "skipped; the build may fail"
  fi
  cmd_build
}

colcon_select() {
  if (( $# )); then
    printf '%s\n' --packages-up-to "$@"
  fi
}

cmd_build() {
  source_ros
  local -a sel
  mapfile -t sel < <(colcon_select "$@")
  cd "$WS"
  colcon build --symlink-install \
    --parallel-workers "$JOBS" \
    --cmake-args -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    --event-handlers console_direct- console_cohesion+ \
    "${sel[@]}"
  if compgen -G "$WS/build/*/compile_commands.json" >/dev/null; then
    jq -s 'add' "$WS"/build/*/compile_commands.json > "$WS/compile_commands.json"
  fi
  log "built; run: source install/setup.bash"
}

cmd_test() {
  source_ros
  cd "$WS"
  local -a sel=()
  (( $# )) && sel=(--packages-select "$@")
  colcon test --parallel-workers "$JOBS" --return-code-on-test-failure "${sel[@]}" || true
  colcon test-result --all --verbose | tail -n 40
  colcon test-result >/dev/null
}

sim_running() {
  [[ -f "$SIM_PID_FILE" ]] && kill -0 "$(cat "$SIM_PID_FILE")" 2>/dev/null
}

cmd_sim() {
  source_ros
  if sim_running; then
    die "simulation already running (pid $(cat "$SIM_PID_FILE")); use: tools/ws.sh sim-stop"
  fi
  mkdir -p "$WS/log"
  log "starting simulation (headless), logs in log/sim.log"
  setsid ros2 launch mower_sim sim.launch.py headless:=true world:=garden \
    > "$WS/log/sim.log" 2>&1 &
  echo $! > "$SIM_PID_FILE"
  sleep 5
  if ! sim_running; then
    tail -n 30 "$WS/log/sim.log" >&2
    die "simulation exited early"
  fi
  log "pid $(cat "$SIM_PID_FILE"); topics:"
  ros2 topic list | sed 's/^/    /'
}

cmd_sim_stop() {
  if ! sim_running; then
    log "no simulation started by this script"
    rm -f "$SIM_PID_FILE"
    return 0
  fi
  local pid
  pid="$(cat "$SIM_PID_FILE")"
  # the launch was started with setsid, so the process group id equals its pid
  kill -INT -- "-$pid" 2>/dev/null || true
  for _ in {1..20}; do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$SIM_PID_FILE"
  log "simulation stopped"
}

cmd_record() {
  local name="${1:-}"
  [[ -n "$name" ]] || die "usage: ws.sh record NAME"
  [[ "$name" =~ ^[A-Za-z0-9_.-]+$ ]] || die "bag name may only contain letters, digits, _ . -"
  source_ros
  mkdir -p "$BAGS"
  [[ -e "$BAGS/$name" ]] && die "bags/$name exists"
  log "recording ${#TOPICS[@]} topics to bags/$name (Ctrl-C to stop)"
  ros2 bag record -s mcap -o "$BAGS/$name" "${TOPICS[@]}"
  ros2 bag info "$BAGS/$name" | head -n 20
}

cmd_clean() {
  local d
  for d in build install log; do
    if [[ -d "$WS/$d" ]]; then
      log "removing $d/"
      rm -rf -- "${WS:?}/$d"
    fi
  done
  rm -f -- "$WS/compile_commands.json"
}

main() {
  local sub="${1:-help}"
  (( $# )) && shift
  case "$sub" in
    setup) cmd_setup ;;
    build) cmd_build "$@" ;;
    test) cmd_test "$@" ;;
    sim) cmd_sim ;;
    sim-stop) cmd_sim_stop ;;
    record) cmd_record "$@" ;;
    clean) cmd_clean ;;
    help|-h|--help) sed -n '2,12p' "$0" ;;
    *) die "unknown command: $sub" ;;
  esac
}

main "$@"
