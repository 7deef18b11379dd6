#!/usr/bin/env bash
# kmod.sh - build and test the gpio-counter out-of-tree module on the dev board.
#
#   ./kmod.sh build            compile against the running kernel's headers
#   ./kmod.sh load [PARAMS]    insmod (sudo) after showing modinfo; asks first
#   ./kmod.sh unload           rmmod (sudo)
#   ./kmod.sh test             load, read /sys and /dev nodes, unload
#   ./kmod.sh sign             sign with the MOK key in keys/ (secure boot boards)
#   ./kmod.sh clean
#   ./kmod.sh status           loaded?, built version, device node
#   ./kmod.sh stress [N]       N load/unload cycles to catch refcount bugs
#   ./kmod.sh udev-hint        print a suggested udev rule (never installs it)
#
# Set ASSUME_YES=1 to skip the confirmation before insmod.
#
# This never installs the module (no `make modules_install`, no dkms, no
# modules-load.d); after a reboot it is gone, which is what we want while
# developing.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MOD=gpio_counter
KREL="$(uname -r)"
KDIR="/lib/modules/$KREL/build"
KO="$HERE/$MOD.ko"
DEVNODE="/dev/gpiocnt0"
SYSFS="/sys/module/$MOD"
KEYS="$HERE/keys"

info() { echo "kmod: $*"; }
die() { echo "kmod: $*" >&2; exit 1; }

is_loaded() { grep -q "^$MOD " /proc/modules; }

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -- "$@"; fi
}

ask() {
  [[ "${ASSUME_YES:-0}" == 1 ]] && return 0
  local a
  read -r -p "$* [y/N] " a
  [[ "$a" =~ ^[Yy] ]]
}

cmd_build() {
  [[ -d "$KDIR" ]] || die "no headers for $KREL: sudo apt install linux-headers-$KREL"
  make -C "$KDIR" M="$HERE" W=1 -j"$(nproc)" modules
  info "built $(basename "$KO") for $KREL"
  modinfo "$KO" | grep -E '^(version|description|vermagic|parm):' | sed 's/^/   /'
}

check_vermagic() {
  local vm
  vm="$(modinfo -F vermagic "$KO" | awk '{print $1}')"
  [[ "$vm" == "$KREL" ]] || die "module built for $vm, running $KREL; run ./kmod.sh build"
}

cmd_load() {
  [[ -f "$KO" ]] || die "build first"
  check_vermagic
  if is_loaded; then info "already loaded"; return 0; fi
  local params=("$@")
  for p in "${params[@]}"; do
    [[ "$p" =~ ^[a-z_]+=[0-9A-Za-z_,]+$ ]] || die "bad module parameter: $p"
  done
  info "about to run: insmod $KO ${params[*]}"
  ask "load into the running kernel ($KREL)?" || { info "not loaded"; return 0; }
  as_root insmod "$KO" "${params[@]}"
  sleep 0.2
  as_root dmesg | grep -F "$MOD" | tail -n 5 || true
}

cmd_unload() {
  if ! is_loaded; then info "not loaded"; return 0; fi
  as_root rmmod "$MOD"
  info "unloaded"
}

wait_for_node() {
  local i
  for i in $(seq 1 20); do
    [[ -e "$DEVNODE" ]] && return 0
    sleep 0.1
  done
  return 1
}

cmd_test() {
  local loaded_here=0 rc=0
  if ! is_loaded; then
    ASSUME_YES=1 cmd_load gpio=17 debounce_ms=5
    loaded_here=1
  fi
  # unload again on any exit, but only if this run loaded it
  trap '[[ $loaded_here -eq 1 ]] && cmd_unload' EXIT
  wait_for_node || { info "$DEVNODE did not appear"; rc=1; }
  if [[ -d "$SYSFS/parameters" ]]; then
    for p in "$SYSFS"/parameters/*; do
      printf '   %-14s %s\n' "$(basename "$p")" "$(cat "$p")"
    done
  fi
  if [[ -e "$DEVNODE" ]]; then
    # device node is root:root 0600 by default; read it through sudo, never chmod it
    local before after
    before="$(as_root cat "$DEVNODE")"
    sleep 1
    after="$(as_root cat "$DEVNODE")"
    info "counter: $before -> $after"
    [[ "$after" -ge "$before" ]] || { info "counter went backwards"; rc=1; }
  fi
  return "$rc"
}

cmd_sign() {
  local sign_file="$KDIR/scripts/sign-file"
  [[ -x "$sign_file" ]] || die "sign-file not found in $KDIR/scripts"
  [[ -f "$KEYS/MOK.priv" && -f "$KEYS/MOK.der" ]] || die "generate keys/MOK.priv and keys/MOK.der first"
  [[ "$(stat -c %a "$KEYS/MOK.priv")" == 600 ]] || die "keys/MOK.priv must be mode 600"
  "$sign_file" sha256 "$KEYS/MOK.priv" "$KEYS/MOK.der" "$KO"
  modinfo -F signer "$KO"
}

cmd_clean() {
  make -C "$KDIR" M="$HERE" clean >/dev/null 2>&1 || true
  rm -f -- "$HERE"/*.o "$HERE"/*.ko "$HERE"/*.mod* "$HERE"/.*.cmd "$HERE"/Module.symvers "$HERE"/modules.order
  rm -rf -- "$HERE/.tmp_versions"
  info "clean"
}

cmd_status() {
  if is_loaded; then
    info "loaded"
    grep "^$MOD " /proc/modules
  else
    info "not loaded"
  fi
  [[ -f "$KO" ]] && modinfo -F version "$KO" | sed 's/^/   built version: /'
  [[ -e "$DEVNODE" ]] && ls -l "$DEVNODE"
  return 0
}

cmd_udev_hint() {
  # print (do not install) the rule a board owner can add by hand
  cat <<'EOF'
# Suggested rule for a dedicated dev board, reviewed and installed by its owner:
#   /etc/udev/rules.d/70-gpiocnt.rules
KERNEL=="gpiocnt[0-9]*", GROUP="gpio", MODE="0660"
EOF
  info "not installed; copy it yourself if you want non-root access on this board"
}

cmd_stress() {
  local n="${1:-25}" i
  [[ "$n" =~ ^[0-9]+$ ]] || die "stress expects a count"
  is_loaded && die "unload first; stress loads and unloads repeatedly"
  check_vermagic
  for ((i = 1; i <= n; i++)); do
    as_root insmod "$KO" gpio=17 || die "insmod failed on iteration $i"
    wait_for_node || die "node missing on iteration $i"
    as_root rmmod "$MOD" || die "rmmod failed on iteration $i"
    printf '.'
  done
  printf '\n'
  info "$n load/unload cycles ok"
  as_root dmesg | grep -E "($MOD|BUG|WARNING)" | tail -n 10 || true
}

case "${1:-}" in
  udev-hint) cmd_udev_hint ;;
  stress) shift; cmd_stress "$@" ;;
  build) cmd_build ;;
  load) shift; cmd_load "$@" ;;
  unload) cmd_unload ;;
  test) cmd_test ;;
  sign) cmd_sign ;;
  clean) cmd_clean ;;
  status) cmd_status ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
