#!/usr/bin/env bash
# Reproducible firmware builds inside the project's Vagrant VM.
#
#   tools/vm_build.sh up        start (and provision on first boot) the fw-builder VM
#   tools/vm_build.sh build     run the release build inside the VM, copy artefacts to dist/firmware
#   tools/vm_build.sh halt      stop the VM
#   tools/vm_build.sh reset     destroy ONLY this project's fw-builder machine and recreate it
#
# The Vagrantfile in the repository defines a single machine named fw-builder;
# every vagrant call here names it explicitly and runs from the repository root,
# so other Vagrant environments on the host are never touched. Artefacts are
# verified with sha256sum inside and outside the VM.
set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO_DIR"
MACHINE="fw-builder"
DIST="$REPO_DIR/dist/firmware"
GUEST_SRC="/vagrant"
GUEST_OUT="/home/vagrant/out"

say() { printf '[vm] %s\n' "$*"; }
die() { printf '[vm] %s\n' "$*" >&2; exit 1; }

[[ -f Vagrantfile ]] || die "no Vagrantfile in $REPO_DIR"
command -v vagrant >/dev/null || die "vagrant is not installed"
grep -q "define \"$MACHINE\"" Vagrantfile || die "Vagrantfile does not define $MACHINE"

state() {
  vagrant status "$MACHINE" --machine-readable 2>/dev/null | awk -F, '$3 == "state" {print $4}'
}

vm() {
  vagrant ssh "$MACHINE" -c "$1"
}

cmd_up() {
  local s
  s="$(state)"
  case "$s" in
    running) say "$MACHINE already running" ;;
    not_created) say "creating $MACHINE (first boot provisions the toolchain, ~10 min)"; vagrant up "$MACHINE" ;;
    *) say "starting $MACHINE ($s)"; vagrant up "$MACHINE" --no-provision ;;
  esac
}

cmd_build() {
  cmd_up
  local sha
  sha="$(git rev-parse --short HEAD)"
  say "building weatherbox firmware at $sha inside the VM"
  vm "set -e; rm -rf $GUEST_OUT; mkdir -p $GUEST_OUT; \
      cd $GUEST_SRC && west build -p always -b weatherbox_v2 app -d $GUEST_OUT/build -- -DWB_BUILD_SHA=$sha; \
      cp $GUEST_OUT/build/zephyr/zephyr.{bin,hex,elf} $GUEST_OUT/; \
      cd $GUEST_OUT && sha256sum zephyr.bin zephyr.hex zephyr.elf > SHA256SUMS"
  rm -rf "$DIST"
  mkdir -p "$DIST"
  local f
  for f in zephyr.bin zephyr.hex zephyr.elf SHA256SUMS; do
    vagrant ssh "$MACHINE" -c "cat $GUEST_OUT/$f" >"$DIST/$f" 2>/dev/null
  done
  (cd "$DIST" && sha256sum -c SHA256SUMS) || die "artefact checksum mismatch after copy"
  say "artefacts in ${DIST#"$REPO_DIR"/}: $(ls "$DIST" | tr '\n' ' ')"
}

cmd_halt() {
  if [[ "$(state)" == "running" ]]; then
    vagrant halt "$MACHINE"
  else
    say "$MACHINE is not running"
  fi
}

cmd_reset() {
  read -r -p "destroy and recreate the $MACHINE VM of this project? [y/N] " answer
  [[ "$answer" == "y" || "$answer" == "Y" ]] || { say "aborted"; return 0; }
  vagrant destroy -f "$MACHINE"
  vagrant up "$MACHINE"
}

cmd_status() {
  say "$MACHINE: $(state)"
  if [[ "$(state)" == "running" ]]; then
    vm "west --version; arm-zephyr-eabi-gcc --version | head -n 1; df -h /home/vagrant | tail -n 1"
  fi
}

cmd_compare() {
  # Rebuild inside the VM and compare with the artefacts already in dist/ (reproducibility check).
  [[ -f "$DIST/SHA256SUMS" ]] || die "no previous build in dist/firmware to compare with"
  cp "$DIST/SHA256SUMS" "$REPO_DIR/build/previous-SHA256SUMS" 2>/dev/null || {
    mkdir -p "$REPO_DIR/build"
    cp "$DIST/SHA256SUMS" "$REPO_DIR/build/previous-SHA256SUMS"
  }
  cmd_build
  if diff -u "$REPO_DIR/build/previous-SHA256SUMS" "$DIST/SHA256SUMS"; then
    say "build is reproducible: identical checksums"
  else
    say "checksums differ from the previous build (see diff above)"
    return 1
  fi
}

check_provider() {
  # The Vagrantfile supports virtualbox and libvirt; warn early when neither is usable.
  if command -v VBoxManage >/dev/null; then
    say "provider: virtualbox $(VBoxManage --version 2>/dev/null)"
  elif command -v virsh >/dev/null && virsh -c qemu:///session list >/dev/null 2>&1; then
    say "provider: libvirt (session)"
  else
    die "neither VirtualBox nor libvirt is available"
  fi
}

cmd_snapshot() {
  # Snapshots of this project's VM only: save a clean state after provisioning, restore it later.
  local action="${1:-list}" name="${2:-provisioned}"
  case "$action" in
    save) vagrant snapshot save "$MACHINE" "$name" ;;
    restore) vagrant snapshot restore "$MACHINE" "$name" --no-provision ;;
    list) vagrant snapshot list "$MACHINE" ;;
    *) die "snapshot save|restore|list [name]" ;;
  esac
}

cmd_logs() {
  # Pull the last build log out of the VM for attaching to an issue.
  [[ "$(state)" == "running" ]] || die "$MACHINE is not running"
  mkdir -p "$REPO_DIR/build/vm"
  vagrant ssh "$MACHINE" -c "cat $GUEST_OUT/build/build.ninja.log 2>/dev/null || true" \
    >"$REPO_DIR/build/vm/build.ninja.log"
  say "log saved to build/vm/build.ninja.log ($(wc -l <"$REPO_DIR/build/vm/build.ninja.log") lines)"
}

cmd_ssh_config() {
  # For IDE remote builds: print the ssh settings of this VM without touching ~/.ssh/config.
  vagrant ssh-config "$MACHINE"
}

check_provider

case "${1:-}" in
  snapshot) shift; cmd_snapshot "$@" ;;
  compare) cmd_compare ;;
  logs) cmd_logs ;;
  ssh-config) cmd_ssh_config ;;
  up) cmd_up ;;
  build) cmd_build ;;
  halt) cmd_halt ;;
  reset) cmd_reset ;;
  status) cmd_status ;;
  *) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
