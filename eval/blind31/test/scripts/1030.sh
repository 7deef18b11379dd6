#!/usr/bin/env bash
# build-ci-template.sh — build the Debian cloud-image template (VMID 9000)
# that the CI runners are cloned from.
#
#   tools/build-ci-template.sh                     # build if 9000 does not exist
#   tools/build-ci-template.sh --rebuild --yes     # replace the existing template
#
# Steps: download the pinned cloud image into the project cache
# (~/.cache/pve-templates, checked against the SHA512 we commit in
# templates/debian-12.sha512), qm create, importdisk, cloud-init drive,
# serial console, then qm template.
#
# --rebuild destroys VMID 9000 first. It refuses unless the existing guest is
# a template *and* carries the tag "ci-template", so it can never remove a
# normal VM that happens to use 9000. Linked clones keep working only if they
# are recreated afterwards; the nightly clone job does that.
#
# Environment: TEMPLATE_STORAGE (default local-lvm), TEMPLATE_BRIDGE (vmbr1).
# Writes build/ci-template.properties describing what was built.

set -euo pipefail

VMID=9000
NAME="ci-debian12-template"
TAG="ci-template"
STORAGE="${TEMPLATE_STORAGE:-local-lvm}"
BRIDGE="${TEMPLATE_BRIDGE:-vmbr1}"
IMAGE_NAME="debian-12-genericcloud-amd64.qcow2"
IMAGE_URL_FILE="templates/debian-12.url"
SUM_FILE="templates/debian-12.sha512"
CACHE_DIR="${XDG_CACHE_HOME:-${HOME}/.cache}/pve-templates"
SNIPPETS="local:snippets/ci-runner-user.yaml"
REBUILD=0
CONFIRM=0

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
die() { printf 'build-ci-template: %s\n' "$*" >&2; exit 1; }

while (( $# )); do
  case "$1" in
    --rebuild) REBUILD=1 ;;
    --yes) CONFIRM=1 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

command -v qm >/dev/null || die "run this on a Proxmox node"
[[ -f "${IMAGE_URL_FILE}" && -f "${SUM_FILE}" ]] || die "run from the repository root (templates/ missing)"

guest_exists() { qm status "${VMID}" >/dev/null 2>&1; }

is_our_template() {
  local cfg
  cfg="$(qm config "${VMID}")"
  grep -q '^template: 1' <<< "${cfg}" && grep -Eq "^tags:.*\b${TAG}\b" <<< "${cfg}"
}

fetch_image() {
  local url expected actual tmp
  url="$(tr -d '[:space:]' < "${IMAGE_URL_FILE}")"
  expected="$(awk '{print $1}' "${SUM_FILE}")"
  mkdir -p "${CACHE_DIR}"
  if [[ -f "${CACHE_DIR}/${IMAGE_NAME}" ]]; then
    actual="$(sha512sum "${CACHE_DIR}/${IMAGE_NAME}" | awk '{print $1}')"
    if [[ "${actual}" == "${expected}" ]]; then
      info "cached image OK"
      return 0
    fi
    info "cached image checksum mismatch; downloading again"
  fi
  tmp="$(mktemp "${CACHE_DIR}/.download.XXXXXX")"
  trap 'rm -f -- "${tmp}"' RETURN
  info "downloading ${url##*/}"
  curl -fL --retry 3 --retry-delay 5 -o "${tmp}" "${url}"
  actual="$(sha512sum "${tmp}" | awk '{print $1}')"
  [[ "${actual}" == "${expected}" ]] || die "checksum mismatch for downloaded image"
  mv -f "${tmp}" "${CACHE_DIR}/${IMAGE_NAME}"
}

remove_old() {
  if ! guest_exists; then
    return 0
  fi
  if (( ! REBUILD )); then
    die "VMID ${VMID} exists; use --rebuild --yes to replace the template"
  fi
  is_our_template || die "VMID ${VMID} is not a ${TAG} template; refusing to destroy it"
  (( CONFIRM )) || die "--rebuild needs --yes"
  info "destroying old template ${VMID}"
  qm destroy "${VMID}" --purge 1
}

create_vm() {
  info "creating VM ${VMID}"
  qm create "${VMID}" \
    --name "${NAME}" \
    --memory 2048 --cores 2 --cpu host \
    --net0 "virtio,bridge=${BRIDGE}" \
    --scsihw virtio-scsi-single \
    --serial0 socket --vga serial0 \
    --agent enabled=1 \
    --ostype l26 \
    --tags "${TAG}"
  info "importing disk"
  qm importdisk "${VMID}" "${CACHE_DIR}/${IMAGE_NAME}" "${STORAGE}" --format raw > /dev/null
  qm set "${VMID}" --scsi0 "${STORAGE}:vm-${VMID}-disk-0,discard=on,iothread=1,ssd=1"
  qm set "${VMID}" --boot order=scsi0
  qm set "${VMID}" --ide2 "${STORAGE}:cloudinit"
  qm set "${VMID}" --ipconfig0 ip=dhcp
  qm set "${VMID}" --cicustom "user=${SNIPPETS}"
  qm resize "${VMID}" scsi0 20G > /dev/null
}

smoke_boot() {
  # boot once to let cloud-init finish the first-boot work, then shut down
  info "first boot (cloud-init)"
  qm start "${VMID}"
  local i
  for i in $(seq 1 60); do
    if qm agent "${VMID}" ping >/dev/null 2>&1; then
      info "guest agent up after $(( i * 5 ))s"
      break
    fi
    sleep 5
  done
  qm agent "${VMID}" ping >/dev/null 2>&1 || die "guest agent did not come up"
  qm guest exec "${VMID}" -- cloud-init status --wait > /dev/null || die "cloud-init failed"
  qm guest exec "${VMID}" -- cloud-init clean --logs > /dev/null
  qm shutdown "${VMID}" --timeout 120
}

check_storage() {
  # the template needs ~3 GiB on the target storage; fail early with a clear message
  local avail
  avail="$(pvesm status --storage "${STORAGE}" 2>/dev/null | awk 'NR == 2 {print $6}')"
  [[ -n "${avail}" ]] || die "storage ${STORAGE} not found on this node"
  if (( avail < 3 * 1024 * 1024 )); then
    die "storage ${STORAGE} has less than 3 GiB free"
  fi
}

check_snippet() {
  # the cloud-init user-data snippet must exist on the snippets storage
  local store="${SNIPPETS%%:*}" file="${SNIPPETS#*:snippets/}" path
  path="$(pvesm path "${store}:snippets/${file}" 2>/dev/null || true)"
  [[ -n "${path}" && -f "${path}" ]] || die "cloud-init snippet ${SNIPPETS} missing (copy templates/ci-runner-user.yaml there)"
}

record_build() {
  mkdir -p build
  {
    printf 'vmid=%s\n' "${VMID}"
    printf 'image=%s\n' "${IMAGE_NAME}"
    printf 'sha512=%s\n' "$(awk '{print $1}' "${SUM_FILE}")"
    printf 'built=%s\n' "$(date -u +%FT%TZ)"
    printf 'node=%s\n' "$(hostname -s)"
  } > build/ci-template.properties
}

finalise() {
  info "converting to template"
  qm template "${VMID}"
  qm config "${VMID}" | grep -E '^(name|tags|scsi0|net0|template):' | sed 's/^/    /'
}

main() {
  check_storage
  check_snippet
  fetch_image
  remove_old
  create_vm
  smoke_boot
  finalise
  record_build
  info "template ${VMID} ready; clones: qm clone ${VMID} <newid> --name <runner> --full 0"
}

main
