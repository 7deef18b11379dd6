#!/usr/bin/env bash
# tests/kvm/run.sh - boot a throwaway qemu VM with the freshly built kernel
# module and run the module's self-tests inside it.
#
# Layout (all under build/kvm/, recreated every run):
#   disk.qcow2     copy-on-write overlay on .cache/images/<base>
#   seed.iso       cloud-init with the test user and the ssh key below
#   id_test        throwaway ssh key generated per run
#   serial.log     console output
#
# The VM gets user-mode networking with one forwarded port on 127.0.0.1 and
# the overlay is discarded afterwards; the cached base image is never written.
#
# Environment knobs:
#   BASE_IMAGE   cached cloud image file name in .cache/images (default debian 12)
#   SSH_PORT     host port forwarded to the VM's sshd (127.0.0.1 only)
#   KEEP_VM=1    leave the VM running after the tests for manual poking
#
# Debugging a hang:
#   tail -f build/kvm/serial.log          console output, cloud-init progress
#   ssh -i build/kvm/id_test -p 2322 tester@127.0.0.1
#   the marker line KVM-TEST-READY is printed by cloud-init's runcmd
set -euo pipefail

REPO="$(cd "$(dirname "$0")/../.." && pwd)"
WORK="${REPO}/build/kvm"
CACHE="${REPO}/.cache/images"
BASE_IMAGE="${BASE_IMAGE:-debian-12-genericcloud-amd64.qcow2}"
SSH_PORT="${SSH_PORT:-2322}"
MEM=2048
CPUS=2
TIMEOUT_BOOT=240
QEMU_PID=""

# Exit codes:
#   0  self-tests passed and dmesg is clean
#   1  self-tests failed or the kernel logged BUG/WARNING/Oops
#   >1 infrastructure problem (missing tools, VM did not boot)
#
# The module under test is built on the host against the cloud kernel's
# headers; if the VM kernel was upgraded by cloud-init the .ko will not load
# and selftest.sh reports "Invalid module format" - refresh the base image.
info() { echo "[kvm] $*"; }
die() { echo "[kvm] error: $*" >&2; exit 1; }

shutdown_vm() {
  if [[ -n "${QEMU_PID}" ]] && kill -0 "${QEMU_PID}" 2>/dev/null; then
    info "powering off VM (pid ${QEMU_PID})"
    ssh_vm 'sudo systemctl poweroff' >/dev/null 2>&1 || true
    for _ in $(seq 1 20); do
      kill -0 "$QEMU_PID" 2>/dev/null || break
      sleep 1
    done
    kill "$QEMU_PID" 2>/dev/null || true
    wait "$QEMU_PID" 2>/dev/null || true
  fi
}
trap shutdown_vm EXIT

accel_flags() {
  if [[ -c /dev/kvm && -w /dev/kvm ]]; then
    echo "-enable-kvm -cpu host"
  else
    info "no /dev/kvm access; falling back to TCG (slow)"
    echo "-accel tcg -cpu max"
  fi
}

ssh_vm() {
  ssh -q -i "${WORK}/id_test" -p "$SSH_PORT" \
    -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
    -o ConnectTimeout=5 -o BatchMode=yes \
    tester@127.0.0.1 "$@"
}

scp_vm() {
  scp -q -i "${WORK}/id_test" -P "$SSH_PORT" \
    -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
    "$@"
}

prepare() {
  [[ -f "${CACHE}/${BASE_IMAGE}" ]] || die "base image ${BASE_IMAGE} not cached; run make fetch-image"
  rm -rf -- "$WORK"
  mkdir -p "$WORK"
  ssh-keygen -q -t ed25519 -N '' -C "kvm-test-$$" -f "${WORK}/id_test"
  qemu-img create -q -f qcow2 -F qcow2 -b "${CACHE}/${BASE_IMAGE}" "${WORK}/disk.qcow2" 10G
  cat >"${WORK}/user-data" <<EOF
#cloud-config
users:
  - name: tester
    sudo: ALL=(ALL) NOPASSWD:ALL
    shell: /bin/bash
    ssh_authorized_keys:
      - $(cat "${WORK}/id_test.pub")
package_update: false
packages: [build-essential, linux-headers-cloud-amd64, kmod]
runcmd:
  - echo KVM-TEST-READY > /dev/ttyS0
EOF
  printf 'instance-id: kvm-%s\nlocal-hostname: kmodtest\n' "$$" >"${WORK}/meta-data"
  if command -v cloud-localds >/dev/null; then
    cloud-localds "${WORK}/seed.iso" "${WORK}/user-data" "${WORK}/meta-data"
  else
    xorriso -as mkisofs -quiet -V cidata -J -r -o "${WORK}/seed.iso" "${WORK}/user-data" "${WORK}/meta-data"
  fi
}

boot() {
  info "booting VM (ssh on 127.0.0.1:${SSH_PORT})"
  # shellcheck disable=SC2046
  qemu-system-x86_64 $(accel_flags) -m "$MEM" -smp "$CPUS" \
    -drive "file=${WORK}/disk.qcow2,if=virtio,format=qcow2" \
    -drive "file=${WORK}/seed.iso,if=virtio,format=raw,readonly=on" \
    -netdev "user,id=net0,hostfwd=tcp:127.0.0.1:${SSH_PORT}-:22" \
    -device virtio-net-pci,netdev=net0 \
    -serial "file:${WORK}/serial.log" -display none &
  QEMU_PID=$!
  local waited=0
  until grep -q KVM-TEST-READY "${WORK}/serial.log" 2>/dev/null; do
    kill -0 "$QEMU_PID" 2>/dev/null || die "qemu exited during boot"
    (( waited >= TIMEOUT_BOOT )) && die "VM not ready after ${TIMEOUT_BOOT}s (see build/kvm/serial.log)"
    sleep 3
    waited=$((waited + 3))
  done
  until ssh_vm true; do
    sleep 2
  done
  info "VM ready after ~${waited}s"
}

collect_artifacts() {
  # keep the interesting logs next to the build so CI can upload them
  local dest="${REPO}/build/kvm-artifacts"
  mkdir -p "$dest"
  cp -f -- "${WORK}/serial.log" "${WORK}/selftest.log" "${WORK}/dmesg.log" "$dest/" 2>/dev/null || true
  ssh_vm 'sudo journalctl -b --no-pager -p warning' >"${dest}/journal-warnings.log" 2>/dev/null || true
  info "artifacts in ${dest#"$REPO"/}"
}

maybe_keep_vm() {
  if [[ "${KEEP_VM:-0}" == 1 ]]; then
    info "KEEP_VM=1: leaving VM ${QEMU_PID} running; ssh -i build/kvm/id_test -p ${SSH_PORT} tester@127.0.0.1"
    QEMU_PID=""
  fi
}

build_module() {
  make -C "$REPO" module >/dev/null
  ls "${REPO}"/build/module/*.ko >/dev/null 2>&1 || die "no .ko built"
}

run_tests() {
  ssh_vm 'mkdir -p ~/mod'
  scp_vm "${REPO}"/build/module/*.ko "${REPO}/tests/kvm/selftest.sh" "tester@127.0.0.1:mod/"
  local rc=0
  ssh_vm 'cd ~/mod && sudo bash selftest.sh ./*.ko' | tee "${WORK}/selftest.log" || rc=$?
  ssh_vm 'sudo dmesg --ctime' >"${WORK}/dmesg.log" || true
  if grep -qE 'BUG:|WARNING:|Oops' "${WORK}/dmesg.log"; then
    info "kernel warnings found in dmesg; see build/kvm/dmesg.log"
    rc=1
  fi
  return "$rc"
}

main() {
  for t in qemu-system-x86_64 qemu-img ssh scp ssh-keygen; do
    command -v "$t" >/dev/null || die "$t missing"
  done
  build_module
  prepare
  boot
  local rc=0
  run_tests || rc=$?
  collect_artifacts
  maybe_keep_vm
  info "self-tests exit code ${rc}"
  return "$rc"
}

main "$@"
