#!/usr/bin/env bash
# images/build.sh - build the appliance VM image with packer + qemu.
#
# Everything happens under build/images/<name>/: the packer output directory,
# the cloud-init seed, logs and the final compressed qcow2. The base ISO/cloud
# image is cached in .cache/iso (checksummed by packer itself).
#
#   images/build.sh [-n name] [-v var=value]... [-k] [-x]
#     -k   keep intermediate files
#     -x   skip the boot smoke test
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TEMPLATE_DIR="${ROOT}/images/packer"
NAME="appliance"
KEEP=0
SMOKE=1
VARS=()

die() { echo "build.sh: $*" >&2; exit 1; }
step() { echo; echo "==> $*"; }

while getopts ":n:v:kxh" o; do
  case "$o" in
    n) NAME="$OPTARG" ;;
    v) VARS+=("-var" "$OPTARG") ;;
    k) KEEP=1 ;;
    x) SMOKE=0 ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "bad option; see -h" ;;
  esac
done

[[ "$NAME" =~ ^[a-z0-9-]+$ ]] || die "image name must be lowercase letters, digits and -"

OUT="${ROOT}/build/images/${NAME}"
PACKER_OUT="${OUT}/packer"
SEED_DIR="${OUT}/seed"
LOG_DIR="${OUT}/logs"
FINAL="${OUT}/${NAME}-$(date +%Y%m%d).qcow2"
QEMU_PID=""

cleanup() {
  if [[ -n "$QEMU_PID" ]] && kill -0 "$QEMU_PID" 2>/dev/null; then
    echo "stopping smoke-test VM (pid ${QEMU_PID})"
    kill "$QEMU_PID" 2>/dev/null || true
    wait "$QEMU_PID" 2>/dev/null || true
  fi
  if (( KEEP == 0 )); then
    rm -rf -- "$PACKER_OUT" "$SEED_DIR" "${OUT}/smoke.qcow2"
  fi
}
trap cleanup EXIT

for t in packer qemu-img qemu-system-x86_64; do
  command -v "$t" >/dev/null || die "$t not found"
done

accel() {
  if [[ -e /dev/kvm && -w /dev/kvm ]]; then
    echo kvm
  elif [[ "$(uname -s)" == Darwin ]]; then
    echo hvf
  else
    echo tcg
  fi
}

prepare() {
  step "preparing ${OUT#"$ROOT"/}"
  if [[ -d "$PACKER_OUT" ]]; then
    echo "removing previous packer output"
    rm -rf -- "$PACKER_OUT"
  fi
  mkdir -p "$SEED_DIR" "$LOG_DIR" "${ROOT}/.cache/iso"
  local key="${OUT}/build_ed25519"
  if [[ ! -f "$key" ]]; then
    ssh-keygen -q -t ed25519 -N '' -C "packer-build-${NAME}" -f "$key"
  fi
  sed -e "s|@@PUBKEY@@|$(cat "${key}.pub")|" \
      -e "s|@@HOSTNAME@@|${NAME}|" \
      "${TEMPLATE_DIR}/user-data.tpl" >"${SEED_DIR}/user-data"
  printf 'instance-id: %s\nlocal-hostname: %s\n' "${NAME}-$$" "$NAME" >"${SEED_DIR}/meta-data"
}

run_packer() {
  step "packer init/validate"
  packer init "$TEMPLATE_DIR" >/dev/null
  packer validate \
    -var "output_directory=${PACKER_OUT}" \
    -var "seed_dir=${SEED_DIR}" \
    -var "ssh_private_key_file=${OUT}/build_ed25519" \
    -var "accelerator=$(accel)" \
    "${VARS[@]}" "$TEMPLATE_DIR"

  step "packer build (log: ${LOG_DIR#"$ROOT"/}/packer.log)"
  PACKER_LOG=1 PACKER_LOG_PATH="${LOG_DIR}/packer.log" \
  PACKER_CACHE_DIR="${ROOT}/.cache/iso" \
    packer build -force -on-error=cleanup \
      -var "output_directory=${PACKER_OUT}" \
      -var "seed_dir=${SEED_DIR}" \
      -var "ssh_private_key_file=${OUT}/build_ed25519" \
      -var "accelerator=$(accel)" \
      "${VARS[@]}" "$TEMPLATE_DIR"
}

compress() {
  step "compressing image"
  local raw
  raw="$(find "$PACKER_OUT" -maxdepth 1 -type f -name '*.qcow2' | head -n 1)"
  [[ -n "$raw" ]] || die "packer produced no qcow2 in ${PACKER_OUT}"
  qemu-img convert -p -c -O qcow2 "$raw" "$FINAL"
  qemu-img check "$FINAL" >/dev/null
  (cd "$OUT" && sha256sum "$(basename "$FINAL")" >"$(basename "$FINAL").sha256")
  qemu-img info "$FINAL" | sed -n '1,6p'
}

smoke_test() {
  (( SMOKE )) || { echo "skipping smoke test"; return; }
  step "boot smoke test"
  local overlay="${OUT}/smoke.qcow2" serial="${LOG_DIR}/smoke-serial.log"
  qemu-img create -q -f qcow2 -F qcow2 -b "$FINAL" "$overlay"
  qemu-system-x86_64 -machine "accel=$(accel)" -m 1024 -smp 2 \
    -drive "file=${overlay},if=virtio" \
    -netdev user,id=n0,hostfwd=tcp:127.0.0.1:2299-:22 -device virtio-net-pci,netdev=n0 \
    -display none -serial "file:${serial}" &
  QEMU_PID=$!
  local i
  for i in $(seq 1 60); do
    if grep -q 'APPLIANCE-READY' "$serial" 2>/dev/null; then
      echo "appliance reported ready after ~$((i * 5))s"
      break
    fi
    sleep 5
  done
  grep -q 'APPLIANCE-READY' "$serial" || die "smoke test failed; see ${serial#"$ROOT"/}"
  ssh -q -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
      -i "${OUT}/build_ed25519" -p 2299 packer@127.0.0.1 'systemctl is-system-running --wait' || true
  kill "$QEMU_PID" && wait "$QEMU_PID" 2>/dev/null || true
  QEMU_PID=""
}

write_manifest() {
  step "writing image manifest"
  local manifest="${OUT}/manifest.json" size digest
  size="$(stat -c %s "$FINAL" 2>/dev/null || stat -f %z "$FINAL")"
  digest="$(cut -d' ' -f1 "${FINAL}.sha256")"
  cat >"$manifest" <<EOF
{
  "name": "${NAME}",
  "file": "$(basename "$FINAL")",
  "bytes": ${size},
  "sha256": "${digest}",
  "git": "$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)",
  "built_at": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "accelerator": "$(accel)"
}
EOF
  echo "manifest: ${manifest#"$ROOT"/}"
}

prune_old_images() {
  # keep the three newest images of this name; older ones are rebuilt on demand
  local old
  while IFS= read -r old; do
    [[ -n "$old" ]] || continue
    echo "removing old image $(basename "$old")"
    rm -f -- "$old" "${old}.sha256"
  done < <(ls -1t "${OUT}/${NAME}"-*.qcow2 2>/dev/null | tail -n +4)
}

check_disk_space() {
  local avail_kb
  avail_kb="$(df -Pk "$ROOT/build" 2>/dev/null | awk 'NR==2 {print $4}')"
  if [[ -n "$avail_kb" ]] && (( avail_kb < 20 * 1024 * 1024 )); then
    die "less than 20 GiB free under build/; free some space first"
  fi
}

mkdir -p "${ROOT}/build"
check_disk_space
prepare
run_packer
compress
smoke_test
write_manifest
prune_old_images
step "done: ${FINAL#"$ROOT"/}"
