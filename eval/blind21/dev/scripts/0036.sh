#!/usr/bin/env bash
# mkrootfs.sh - build a minimal Debian rootfs under build/rootfs and run the
# package's integration tests inside it with systemd-nspawn.
#
#   sudo -E tools/mkrootfs.sh build      debootstrap into build/rootfs
#   sudo -E tools/mkrootfs.sh test       run tests/integration.sh in a container
#   sudo -E tools/mkrootfs.sh clean      unmount and delete build/rootfs
#
# Needs root for debootstrap and nspawn. Every path is derived from the
# repository root and checked before anything is mounted or removed.
set -Eeuo pipefail

ROOT="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
ROOTFS="$ROOT/build/rootfs"
SUITE="${SUITE:-bookworm}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
PACKAGES="ca-certificates,python3,python3-venv,git,make"
MACHINE="itest-$(basename "$ROOT")"
MOUNTS=()

die() { printf 'mkrootfs: %s\n' "$*" >&2; exit 1; }
log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

on_error() {
  log "failed at line $1"
}
trap 'on_error $LINENO' ERR

unmount_all() {
  local m
  for (( i=${#MOUNTS[@]}-1; i>=0; i-- )); do
    m="${MOUNTS[$i]}"
    if mountpoint -q "$m"; then
      umount -l "$m" && log "unmounted $m"
    fi
  done
  MOUNTS=()
}
trap unmount_all EXIT

# All commands below need root; the checks keep every path inside the
# repository's build/ directory.
require_root() {
  [[ $EUID -eq 0 ]] || die "run with sudo -E (debootstrap and nspawn need root)"
}

safe_rootfs() {
  # refuse to work on anything that is not exactly build/rootfs of this repo
  local real
  real="$(readlink -m "$ROOTFS")"
  [[ "$real" == "$ROOT/build/rootfs" ]] || die "unexpected rootfs path $real"
  [[ "$real" != "/" && "$real" != "$HOME" ]] || die "refusing to use $real"
  [[ -f "$ROOT/debian/control" ]] || die "$ROOT does not look like the package repository"
}

bind_mount() {
  local src="$1" dst="$ROOTFS$2"
  mkdir -p "$dst"
  mount --bind "$src" "$dst"
  MOUNTS+=("$dst")
}

cmd_build() {
  require_root
  safe_rootfs
  command -v debootstrap >/dev/null || die "debootstrap not installed"
  if [[ -x "$ROOTFS/usr/bin/python3" ]]; then
    log "rootfs already exists; run clean first to rebuild"
    return
  fi
  mkdir -p "$ROOTFS"
  log "debootstrap $SUITE from $MIRROR"
  debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$ROOTFS" "$MIRROR"
  # container-local apt source: the same mirror, written inside the rootfs only
  printf 'deb %s %s main\n' "$MIRROR" "$SUITE" > "$ROOTFS/etc/apt/sources.list"
  echo "$MACHINE" > "$ROOTFS/etc/hostname"
  chroot "$ROOTFS" /bin/sh -c 'apt-get clean && rm -rf /var/lib/apt/lists/*'
  chroot "$ROOTFS" useradd -m -u 1000 tester
  log "rootfs ready ($(du -sh "$ROOTFS" | cut -f1))"
}

cmd_test() {
  require_root
  safe_rootfs
  [[ -x "$ROOTFS/usr/bin/python3" ]] || die "no rootfs; run build first"
  command -v systemd-nspawn >/dev/null || die "systemd-nspawn not installed"
  local out="$ROOT/build/itest-$(date +%Y%m%d-%H%M%S).log"
  log "running integration tests, log in ${out#$ROOT/}"
  systemd-nspawn --quiet --ephemeral --machine="$MACHINE" \
    --directory="$ROOTFS" \
    --bind-ro="$ROOT:/src" \
    --bind="$ROOT/build/itest-out:/out" \
    --user=tester --chdir=/src \
    --setenv=PYTHONDONTWRITEBYTECODE=1 \
    /bin/bash /src/tests/integration.sh /out 2>&1 | tee "$out"
  local rc="${PIPESTATUS[0]}"
  log "tests exited $rc"
  return "$rc"
}

cmd_shell() {
  require_root
  safe_rootfs
  systemd-nspawn --ephemeral --directory="$ROOTFS" --bind-ro="$ROOT:/src" --chdir=/src /bin/bash
}

cmd_clean() {
  require_root
  safe_rootfs
  if machinectl status "$MACHINE" >/dev/null 2>&1; then
    machinectl terminate "$MACHINE"
  fi
  local m
  while read -r m; do
    umount -l "$m" && log "unmounted stale $m"
  done < <(awk -v r="$ROOTFS" '$2 ~ "^"r { print $2 }' /proc/mounts | sort -r)
  if [[ -d "$ROOTFS" ]]; then
    rm -rf --one-file-system -- "$ROOTFS"
    log "removed ${ROOTFS#$ROOT/}"
  fi
  rm -rf -- "$ROOT/build/itest-out"
}

cmd_refresh() {
  # update packages inside the rootfs without rebuilding it
  require_root
  safe_rootfs
  bind_mount /proc /proc
  bind_mount /dev/pts /dev/pts
  cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
  chroot "$ROOTFS" /bin/sh -c 'apt-get update -qq && apt-get -y -qq upgrade && apt-get clean'
  unmount_all
  log "rootfs refreshed"
}

cmd_export() {
  # tar up the rootfs so CI can cache it; written into build/ only
  require_root
  safe_rootfs
  [[ -d "$ROOTFS" ]] || die "no rootfs to export"
  local out="$ROOT/build/rootfs-$SUITE.tar.zst"
  tar --one-file-system -C "$ROOTFS" -cf - . | zstd -q -T0 -o "$out" -f
  chown "${SUDO_UID:-0}:${SUDO_GID:-0}" "$out"
  log "exported ${out#$ROOT/} ($(du -h "$out" | cut -f1))"
}

cmd_import() {
  require_root
  safe_rootfs
  local in="$ROOT/build/rootfs-$SUITE.tar.zst"
  [[ -f "$in" ]] || die "no cached rootfs at ${in#$ROOT/}"
  [[ ! -e "$ROOTFS" ]] || die "rootfs exists; run clean first"
  mkdir -p "$ROOTFS"
  zstd -q -d -c "$in" | tar -C "$ROOTFS" -xf - --numeric-owner
  log "imported ${in#$ROOT/}"
}

fix_ownership() {
  # files written to build/ while running as root belong back to the caller
  if [[ -n "${SUDO_UID:-}" ]]; then
    find "$ROOT/build" -maxdepth 1 -name 'itest-*' -exec chown -R "$SUDO_UID:$SUDO_GID" {} +
  fi
}

main() {
  mkdir -p "$ROOT/build/itest-out"
  trap 'fix_ownership; unmount_all' EXIT
  case "${1:-}" in
    build) cmd_build ;;
    test) cmd_test ;;
    shell) cmd_shell ;;
    refresh) cmd_refresh ;;
    clean) cmd_clean ;;
    export) cmd_export ;;
    import) cmd_import ;;
    all) cmd_build; cmd_test ;;
    *) sed -n '2,10p' "$0"; exit 2 ;;
  esac
}

main "$@"
