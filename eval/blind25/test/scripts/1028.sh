#!/usr/bin/env bash
# robot-ci.sh - what the robot team's CI does, runnable on a laptop.
#
#   tools/robot-ci.sh [--mixin asan|release|debug] [--skip-deps] [--launch-test]
#
# 1. vcs import of the pinned dependency repos into src/ext (never pulls over
#    local changes: vcs import --skip-existing, then vcs status)
# 2. rosdep install of *declared* dependencies (prints the apt plan first;
#    needs sudo, skipped with --skip-deps)
# 3. colcon build with the requested mixin into build-<mixin>/ install-<mixin>/
# 4. colcon test + result summary, junit copied to test-results/
# 5. optional launch_testing smoke test with a private ROS_DOMAIN_ID
#
# Cleanup: only the build/install/log trees of the chosen mixin are removed
# with --clean, and the launch test's processes are stopped via the PID of
# the `ros2 launch` we start (its own process group).
set -eu
set -o pipefail

ws=$(cd "$(dirname "$0")/.." && pwd -P)
distro=${ROS_DISTRO:-jazzy}
mixin=release
skip_deps=0
launch_test=0
clean=0
domain_id=$(( (RANDOM % 100) + 100 ))

say() { printf '\033[1m[ci]\033[0m %s\n' "$*"; }
die() { printf '\033[31m[ci] %s\033[0m\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case $1 in
    --mixin) mixin=$2; shift ;;
    --skip-deps) skip_deps=1 ;;
    --launch-test) launch_test=1 ;;
    --clean) clean=1 ;;
    *) die "unknown option: $1" ;;
  esac
  shift
done

case $mixin in
  asan|release|debug) ;;
  *) die "mixin must be asan, release or debug" ;;
esac

build_dir="$ws/build-$mixin"
install_dir="$ws/install-$mixin"
log_dir="$ws/log-$mixin"

enter_ros() {
  local f="/opt/ros/$distro/setup.bash"
  [ -f "$f" ] || die "ROS 2 $distro missing"
  set +u
  . "$f"
  set -u
}

step_import() {
  say "importing pinned repositories"
  mkdir -p "$ws/src/ext"
  vcs import --skip-existing --input "$ws/deps.repos" "$ws/src/ext"
  vcs status "$ws/src/ext" | grep -E '^(=== | M |\?\? )' || true
}

step_deps() {
  if [ $skip_deps -eq 1 ]; then
    say "skipping rosdep (--skip-deps)"
    return 0
  fi
  say "rosdep plan (declared dependencies of src/):"
  rosdep install --from-paths "$ws/src" --ignore-src --rosdistro "$distro" \
    --simulate --reinstall 2>/dev/null | sed 's/^/    /' || true
  rosdep install --from-paths "$ws/src" --ignore-src --rosdistro "$distro" -y
}

step_clean() {
  local d
  for d in "$build_dir" "$install_dir" "$log_dir"; do
    case $d in
      "$ws"/build-*|"$ws"/install-*|"$ws"/log-*) [ -d "$d" ] && rm -rf -- "$d" ;;
      *) die "refusing to remove $d" ;;
    esac
  done
  say "cleaned $mixin trees"
}

step_build() {
  say "colcon build ($mixin)"
  colcon --log-base "$log_dir" build \
    --build-base "$build_dir" --install-base "$install_dir" \
    --symlink-install --mixin "$mixin" \
    --event-handlers console_cohesion+ status- \
    --parallel-workers "$(nproc)"
}

step_test() {
  say "colcon test"
  colcon --log-base "$log_dir" test \
    --build-base "$build_dir" --install-base "$install_dir" \
    --event-handlers console_direct- \
    --return-code-on-test-failure || test_rc=$?
  colcon test-result --test-result-base "$build_dir" --verbose | tail -n 25
  mkdir -p "$ws/test-results"
  find "$build_dir" -path '*/test_results/*' -name '*.xml' -exec cp {} "$ws/test-results/" \;
  say "junit files: $(find "$ws/test-results" -name '*.xml' | wc -l)"
  return "${test_rc:-0}"
}

launch_pid=""
stop_launch() {
  if [ -n "$launch_pid" ] && kill -0 "$launch_pid" 2>/dev/null; then
    kill -INT -- "-$launch_pid" 2>/dev/null || kill -INT "$launch_pid"
    wait "$launch_pid" 2>/dev/null || true
  fi
}

step_launch_test() {
  [ $launch_test -eq 1 ] || return 0
  say "launch smoke test (ROS_DOMAIN_ID=$domain_id)"
  set +u
  . "$install_dir/setup.bash"
  set -u
  export ROS_DOMAIN_ID=$domain_id ROS_LOCALHOST_ONLY=1
  trap stop_launch EXIT
  setsid ros2 launch robot_bringup sim_headless.launch.py > "$log_dir/launch.log" 2>&1 &
  launch_pid=$!
  local ok=0 i
  for i in $(seq 1 30); do
    if ros2 topic list 2>/dev/null | grep -q '^/joint_states$'; then ok=1; break; fi
    sleep 1
  done
  if [ $ok -eq 1 ] && timeout 10 ros2 topic echo --once /joint_states >/dev/null; then
    say "joint_states flowing"
  else
    tail -n 40 "$log_dir/launch.log"
    die "launch smoke test failed"
  fi
  stop_launch
  trap - EXIT
}

step_lint() {
  # ament linters for the packages we own (not the imported ext/ repos)
  local pkgs
  pkgs=$(colcon list --base-paths "$ws/src" --names-only | grep -v -f <(colcon list --base-paths "$ws/src/ext" --names-only) || true)
  [ -n "$pkgs" ] || return 0
  say "linting: $(echo "$pkgs" | wc -l) package(s)"
  local failures=0 p dir
  for p in $pkgs; do
    dir=$(colcon list --base-paths "$ws/src" --packages-select "$p" --paths-only)
    if command -v ament_cpplint >/dev/null; then
      ament_cpplint "$dir" >/dev/null 2>&1 || { say "cpplint: $p"; failures=$((failures + 1)); }
    fi
    if command -v ament_flake8 >/dev/null; then
      ament_flake8 "$dir" >/dev/null 2>&1 || { say "flake8: $p"; failures=$((failures + 1)); }
    fi
  done
  say "lint findings in $failures package check(s)"
}

summary() {
  say "build tree: ${build_dir#"$ws"/} ($(du -sh "$build_dir" 2>/dev/null | cut -f1))"
  say "install tree: ${install_dir#"$ws"/}"
  say "source with: . ${install_dir#"$ws"/}/setup.bash"
}

main() {
  enter_ros
  command -v colcon >/dev/null || die "colcon missing"
  command -v vcs >/dev/null || die "vcstool missing"
  colcon mixin list 2>/dev/null | grep -q "$mixin" || say "note: mixin $mixin not registered (colcon mixin add default ...)"
  step_import
  step_deps
  [ $clean -eq 1 ] && step_clean
  step_build
  local rc=0
  step_test || rc=$?
  step_launch_test
  step_lint
  summary
  say "done (tests rc=$rc)"
  return $rc
}

main
