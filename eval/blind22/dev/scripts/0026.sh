#!/usr/bin/env bash
# mkimage.sh - build the SD-card style disk image for the emulator tests.
#
# Creates out/disk.img (sparse), partitions it (boot + root), formats both
# partitions, copies the staged boot and rootfs trees in, and detaches
# everything again. Every loop device and mount point this script uses was
# created by this script; cleanup() tears down exactly those.
#
# usage: scripts/mkimage.sh [-s SIZE] [-o OUT] [-k] [-v]
set -Eeuo pipefail

readonly SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly PROJECT_DIR="$(cd "$SCRIPT_DIR/.." && pwd)"
readonly STAGE_BOOT="$PROJECT_DIR/out/stage/boot"
readonly STAGE_ROOT="$PROJECT_DIR/out/stage/rootfs"

SIZE="512M"
OUT="$PROJECT_DIR/out/disk.img"
KEEP=0
VERBOSE=0
LOOPDEV=""
MNT_DIR=""

log()  { printf '[mkimage] %s\n' "$*" >&2; }
die()  { log "error: $*"; exit 1; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$*" || true; }

usage() {
  cat <<EOF
usage: $(basename "$0") [-s SIZE] [-o OUT] [-k] [-v]
  -s SIZE   image size (default $SIZE)
  -o OUT    output image path inside the project (default out/disk.img)
  -k        keep the image attached and mounted for inspection
  -v        verbose
EOF
}

while getopts ":s:o:kvh" opt; do
  case "$opt" in
    s) SIZE="$OPTARG" ;;
    o) OUT="$OPTARG" ;;
    k) KEEP=1 ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    :) die "-$OPTARG needs a value" ;;
    *) usage; exit 2 ;;
  esac
done

# sudo only for the commands that need root; everything else runs as us.
as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo --non-interactive "$@"; fi
}

cleanup() {
  local rc=$?
  if [[ $KEEP -eq 1 && $rc -eq 0 ]]; then
    log "keeping $LOOPDEV mounted at $MNT_DIR (-k)"
    return
  fi
  if [[ -n "$MNT_DIR" && -d "$MNT_DIR" ]]; then
    for sub in boot ""; do
      if mountpoint -q "$MNT_DIR/$sub" 2>/dev/null; then
        as_root umount "$MNT_DIR/$sub" || log "umount $MNT_DIR/$sub failed"
      fi
    done
    rm -rf -- "$MNT_DIR"
  fi
  if [[ -n "$LOOPDEV" ]]; then
    as_root losetup --detach "$LOOPDEV" || log "could not detach $LOOPDEV"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'die "interrupted"' INT TERM

check_out_path() {
  local dir
  dir="$(cd "$(dirname "$OUT")" 2>/dev/null && pwd)" || die "directory of $OUT does not exist"
  case "$dir/" in
    "$PROJECT_DIR"/*) ;;
    *) die "refusing to write $OUT: not inside $PROJECT_DIR" ;;
  esac
  [[ "$OUT" == *.img ]] || die "output must end in .img"
}

require_tools() {
  local missing=()
  for t in truncate parted losetup mkfs.vfat mkfs.ext4 mount umount rsync; do
    command -v "$t" >/dev/null 2>&1 || missing+=("$t")
  done
  ((${#missing[@]} == 0)) || die "missing tools: ${missing[*]}"
}

create_image() {
  mkdir -p "$(dirname "$OUT")"
  check_out_path
  if [[ -e "$OUT" ]]; then
    log "replacing previous $OUT"
    rm -f -- "$OUT"
  fi
  truncate -s "$SIZE" "$OUT"
  vlog "created sparse $OUT ($SIZE)"
  parted --script "$OUT" \
    mklabel msdos \
    mkpart primary fat32 1MiB 65MiB \
    set 1 boot on \
    mkpart primary ext4 65MiB 100%
  vlog "partition table written"
}

attach() {
  LOOPDEV="$(as_root losetup --find --show --partscan "$OUT")"
  [[ "$LOOPDEV" == /dev/loop* ]] || die "unexpected loop device '$LOOPDEV'"
  log "attached $OUT as $LOOPDEV"
  local tries=0
  until [[ -b "${LOOPDEV}p2" ]]; do
    (( tries++ < 20 )) || die "partitions of $LOOPDEV did not appear"
    sleep 0.25
  done
}

format_parts() {
  # the devices below are the partitions of the loop device we just created
  as_root mkfs.vfat -F 32 -n BOOT "${LOOPDEV}p1" >/dev/null
  as_root mkfs.ext4 -F -q -L rootfs "${LOOPDEV}p2"
  log "formatted ${LOOPDEV}p1 (vfat) and ${LOOPDEV}p2 (ext4)"
}

mount_parts() {
  MNT_DIR="$(mktemp -d "${TMPDIR:-/tmp}/mkimage.XXXXXX")"
  as_root mount "${LOOPDEV}p2" "$MNT_DIR"
  as_root mkdir -p "$MNT_DIR/boot"
  as_root mount "${LOOPDEV}p1" "$MNT_DIR/boot"
  vlog "mounted at $MNT_DIR"
}

copy_trees() {
  [[ -d "$STAGE_ROOT" ]] || die "nothing staged in $STAGE_ROOT (run make stage)"
  as_root rsync -a --delete --exclude 'boot/' "$STAGE_ROOT/" "$MNT_DIR/"
  if [[ -d "$STAGE_BOOT" ]]; then
    as_root rsync -rt --delete "$STAGE_BOOT/" "$MNT_DIR/boot/"
  fi
  as_root chown -R 0:0 "$MNT_DIR"
  local used
  used="$(df -h --output=used "$MNT_DIR" | tail -n 1 | tr -d ' ')"
  log "copied staged trees, root partition uses $used"
}

write_checksum() {
  sync
  if [[ $KEEP -eq 1 ]]; then
    log "image still mounted (-k); skipping checksum"
    return
  fi
  as_root umount "$MNT_DIR/boot"
  as_root umount "$MNT_DIR"
  rm -rf -- "$MNT_DIR"
  MNT_DIR=""
  as_root losetup --detach "$LOOPDEV"
  LOOPDEV=""
  (cd "$(dirname "$OUT")" && sha256sum "$(basename "$OUT")" > "$(basename "$OUT").sha256")
  log "wrote $(basename "$OUT").sha256"
}

summary() {
  local real apparent
  real="$(du -h "$OUT" | cut -f1)"
  apparent="$(du -h --apparent-size "$OUT" | cut -f1)"
  log "done: $OUT (apparent $apparent, on disk $real)"
}

main() {
  require_tools
  create_image
  attach
  format_parts
  mount_parts
  copy_trees
  write_checksum
  summary
}

main "$@"
