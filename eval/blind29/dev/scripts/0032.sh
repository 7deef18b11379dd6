#!/usr/bin/env bash
# Attach a case image read-only, mount its partitions read-only, run the
# standard triage (file listing, YARA, recent-file timeline) and detach.
#
#   tools/triage_mount.sh case/disk02.dd
#   tools/triage_mount.sh "case/evidence 2024-03/laptop.E01" --keep-mounted
#
# E01 images are exposed through ewfmount (FUSE) first.  Every mount is
# created with ro,noexec,nodev,nosuid and, for ext*, noload so the journal is
# not replayed.  sudo is needed only for losetup/mount/umount.
set -Eeuo pipefail

PROJECT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_BASE="${PROJECT}/out"
RULES="${PROJECT}/rules"
KEEP_MOUNTED=0
LOOPDEV=""
EWF_MNT=""
MOUNTS=()

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() {
  local rc=$?
  if ((KEEP_MOUNTED)) && ((rc == 0)); then
    log "leaving mounts in place (--keep-mounted); detach with: $0 --detach ${LOOPDEV}"
    return
  fi
  local m
  for ((i=${#MOUNTS[@]}-1; i>=0; i--)); do
    m="${MOUNTS[i]}"
    sudo umount -- "${m}" 2>/dev/null && log "unmounted ${m#"${PROJECT}/"}"
    rmdir -- "${m}" 2>/dev/null || true
  done
  if [[ -n "${LOOPDEV}" ]]; then
    sudo losetup -d "${LOOPDEV}" && log "detached ${LOOPDEV}"
  fi
  if [[ -n "${EWF_MNT}" ]]; then
    fusermount -u "${EWF_MNT}" 2>/dev/null || umount "${EWF_MNT}" 2>/dev/null || true
    rmdir -- "${EWF_MNT}" 2>/dev/null || true
  fi
  exit "${rc}"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ "${1:-}" == "--detach" ]]; then
  dev="${2:?loop device}"
  [[ "${dev}" =~ ^/dev/loop[0-9]+$ ]] || die "not a loop device: ${dev}"
  for part in "${dev}"p*; do
    mnt="$(findmnt -no TARGET "${part}" 2>/dev/null || true)"
    [[ -n "${mnt}" ]] && sudo umount -- "${mnt}"
  done
  sudo losetup -d "${dev}"
  trap - EXIT
  exit 0
fi

IMAGE="${1:?usage: $0 case/<image> [--keep-mounted]}"
shift
[[ "${1:-}" == "--keep-mounted" ]] && KEEP_MOUNTED=1

IMAGE_ABS="$(realpath -- "${IMAGE}")"
case "${IMAGE_ABS}" in
  "${PROJECT}/case/"*) ;;
  *) die "image must live under ${PROJECT}/case" ;;
esac
[[ -f "${IMAGE_ABS}" ]] || die "no such image ${IMAGE}"

NAME="$(basename "${IMAGE_ABS}")"
NAME="${NAME%.*}"
NAME="${NAME// /_}"
OUT="${OUT_BASE}/${NAME}"
mkdir -p -- "${OUT}/mnt" "${OUT}/reports"

for tool in mmls fls losetup yara; do
  command -v "${tool}" >/dev/null || die "missing tool: ${tool}"
done

RAW="${IMAGE_ABS}"
if [[ "${IMAGE_ABS,,}" == *.e01 ]]; then
  command -v ewfmount >/dev/null || die "ewfmount (libewf-tools) is needed for E01 images"
  EWF_MNT="${OUT}/ewf"
  mkdir -p -- "${EWF_MNT}"
  ewfmount "${IMAGE_ABS}" "${EWF_MNT}" >/dev/null
  RAW="${EWF_MNT}/ewf1"
  log "E01 exposed as ${RAW#"${PROJECT}/"}"
fi

# hash before touching anything; the hash is compared again at the end
log "hashing image (sha256)"
sha_before="$(sha256sum -- "${RAW}" | cut -d' ' -f1)"
echo "${sha_before}  ${NAME}" > "${OUT}/reports/sha256-before.txt"

mmls -- "${RAW}" > "${OUT}/reports/mmls.txt" || die "mmls could not read the partition table"

LOOPDEV="$(sudo losetup --read-only --find --show --partscan -- "${RAW}")"
log "attached read-only as ${LOOPDEV}"
sudo blockdev --setro "${LOOPDEV}"

mount_opts_for() {
  case "$1" in
    ext2|ext3|ext4) echo "ro,noexec,nodev,nosuid,noload" ;;
    ntfs|ntfs3) echo "ro,noexec,nodev,nosuid,show_sys_files,streams_interface=windows" ;;
    vfat|exfat) echo "ro,noexec,nodev,nosuid,utf8" ;;
    *) echo "ro,noexec,nodev,nosuid" ;;
  esac
}

sleep 1  # let udev create the partition nodes
for part in "${LOOPDEV}"p*; do
  [[ -b "${part}" ]] || continue
  fstype="$(sudo blkid -o value -s TYPE -- "${part}" || true)"
  [[ -n "${fstype}" ]] || { log "skip ${part}: unknown filesystem"; continue; }
  mnt="${OUT}/mnt/$(basename "${part}")"
  mkdir -p -- "${mnt}"
  if sudo mount -t "${fstype}" -o "$(mount_opts_for "${fstype}")" -- "${part}" "${mnt}"; then
    MOUNTS+=("${mnt}")
    log "mounted ${part} (${fstype}) at ${mnt#"${PROJECT}/"}"
  else
    log "could not mount ${part} (${fstype})"
    rmdir -- "${mnt}"
  fi
done

((${#MOUNTS[@]})) || die "no partition could be mounted"

for mnt in "${MOUNTS[@]}"; do
  label="$(basename "${mnt}")"
  log "listing ${label}"
  find "${mnt}" -xdev -type f -printf '%TY-%Tm-%Td %TH:%TM\t%s\t%P\n' 2>/dev/null \
    | sort -r > "${OUT}/reports/files-${label}.tsv"
  head -n 200 "${OUT}/reports/files-${label}.tsv" > "${OUT}/reports/recent-${label}.tsv"
  if [[ -d "${RULES}" ]]; then
    log "yara on ${label}"
    yara -r -w -f "${RULES}" "${mnt}" > "${OUT}/reports/yara-${label}.txt" 2>/dev/null || true
    hits="$(wc -l < "${OUT}/reports/yara-${label}.txt")"
    log "  ${hits} YARA hit(s)"
  fi
done

# browser history and shell history are the usual starting points; copy them
# out of the read-only mounts (never open them in place: sqlite would try to
# create a journal next to the file)
ARTIFACTS="${OUT}/artifacts"
mkdir -p -- "${ARTIFACTS}"
copy_artifacts() {
  local mnt="$1" label="$2" pattern
  local patterns=(
    'home/*/.bash_history'
    'home/*/.zsh_history'
    'home/*/.mozilla/firefox/*/places.sqlite'
    'home/*/.config/google-chrome/Default/History'
    'Users/*/AppData/Local/Google/Chrome/User Data/Default/History'
    'Windows/System32/winevt/Logs/Security.evtx'
    'Windows/System32/winevt/Logs/System.evtx'
  )
  for pattern in "${patterns[@]}"; do
    for f in "${mnt}"/${pattern}; do
      [[ -f "${f}" ]] || continue
      dest="${ARTIFACTS}/${label}/${f#"${mnt}/"}"
      mkdir -p -- "$(dirname "${dest}")"
      cp --preserve=timestamps -- "${f}" "${dest}"
      chmod a-w -- "${dest}"
    done
  done
  log "artifacts from ${label}: $(find "${ARTIFACTS}/${label}" -type f 2>/dev/null | wc -l)"
}

for mnt in "${MOUNTS[@]}"; do
  copy_artifacts "${mnt}" "$(basename "${mnt}")"
done

if command -v bulk_extractor >/dev/null; then
  log "bulk_extractor (email, url, ccn scanners) on the raw image"
  rm -rf -- "${OUT}/bulk"   # output of a previous run of this script
  bulk_extractor -q -x all -e email -e url -e accts -o "${OUT}/bulk" "${RAW}" >/dev/null 2>&1 || log "bulk_extractor failed"
fi

sha_after="$(sha256sum -- "${RAW}" | cut -d' ' -f1)"
if [[ "${sha_before}" != "${sha_after}" ]]; then
  die "image hash changed during triage! before=${sha_before} after=${sha_after}"
fi
log "image hash unchanged (${sha_after:0:16}…)"

{
  echo "image: ${IMAGE}"
  echo "sha256: ${sha_after}"
  echo "loop: ${LOOPDEV}"
  echo "mounts: ${#MOUNTS[@]}"
  echo "date: $(date -Iseconds)"
  echo "analyst: ${USER:-unknown}"
} > "${OUT}/reports/triage-info.txt"

log "reports in ${OUT#"${PROJECT}/"}/reports"
