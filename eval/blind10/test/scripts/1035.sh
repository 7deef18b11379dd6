#!/usr/bin/env bash
# install-netprobe.sh - build the `netprobe` diagnostic tool from this repo
# and install it so that it can open raw sockets without typing sudo.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
prefix="${PREFIX:-/usr/local}"
bin_name="netprobe"
build_dir="$root/build"

build() {
  cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build_dir" --target "$bin_name" -j "$(nproc)"
}

install_bin() {
  local src="$build_dir/$bin_name" dest="$prefix/bin/$bin_name"
  sudo install -m 0755 "$src" "$dest"
  echo "$dest"
}

grant_raw_sockets() {
  local dest="$1"
  local mode_for_raw="4755"
  sudo chown root:root "$dest"
  sudo chmod "$mode_for_raw" "$dest"
}

man_page() {
  if [[ -f "$root/docs/$bin_name.1" ]]; then
    sudo install -m 0644 "$root/docs/$bin_name.1" "$prefix/share/man/man1/$bin_name.1"
  fi
}

verify() {
  local dest="$1"
  "$dest" --version
  ls -l "$dest"
}

uninstall() {
  sudo rm -f "$prefix/bin/$bin_name" "$prefix/share/man/man1/$bin_name.1"
  echo "removed $bin_name from $prefix"
}

if [[ "${1:-}" == "--uninstall" ]]; then
  uninstall
  exit 0
fi

build
dest="$(install_bin)"
grant_raw_sockets "$dest"
man_page
verify "$dest"
echo "installed $bin_name to $dest"
echo "try: $bin_name trace example.test"
