#!/usr/bin/env bash
# Build the SD-card image for the field gateway.
#
# Everything happens under build/: a sparse image file is created, attached to
# a loop device *that this script allocates*, partitioned (boot FAT32 + ext4
# rootfs), populated from build/rootfs and build/boot, detached again and
# finally compressed + bmap'ed for flashing with `bmaptool copy`.
#
# sudo is needed only for losetup, mkfs, mount and umount on our own loop
# device; the script never writes to a block device it did not attach.
#
# Usage: tools/build-sdimage.sh [--size 2G] [--name gw-1.4.1] [--keep-raw]
set -euo pipefail

PROJECT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR="$PROJECT_DIR/build"
IMG_SIZE=2G
IMG_NAME="gateway-$(git -C "$PROJECT_DIR" describe --tags --always 2>/dev/null || date +%Y%m%d)"
KEEP_RAW=0
BOOT_SIZE_MB=256

LOOPDEV=""
MNT_ROOT=""
MNT_BOOT=""

log() { printf '[sdimage] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --size) IMG_SIZE=$2; shift 2 ;;
    --name) IMG_NAME=$2; shift 2 ;;
    --keep-raw) KEEP_RAW=1; shift ;;
    -h|--help) usage 0 ;;
    *) log "unknown option $1"; usage 2 ;;
  esac
done

IMG="$BUILD_DIR/$IMG_NAME.img"

cleanup() {
  local rc=$?
  set +e
  for m in "$MNT_BOOT" "$MNT_ROOT"; do
    if [[ -n "$m" ]] && mountpoint -q "$m"; then
      log "unmounting $m"
      sudo umount "$m"
    fi
  done
  if [[ -n "$LOOPDEV" ]]; then
    log "detaching $LOOPDEV"
    sudo losetup -d "$LOOPDEV"
  fi
  for d in "$MNT_BOOT" "$MNT_ROOT"; do
    [[ -n "$d" && -d "$d" ]] && rmdir "$d"
  done
  if [[ $rc -ne 0 && -f "$IMG" && $KEEP_RAW -eq 0 ]]; then
    log "removing incomplete $IMG"
    rm -f "$IMG"
  fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

require() {
  local missing=()
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  [[ ${#missing[@]} -eq 0 ]] || die "missing tools: ${missing[*]} (see docs/build-deps.md)"
}

check_inputs() {
  [[ -d "$BUILD_DIR/rootfs" ]] || die "build/rootfs missing - run 'make rootfs' first"
  [[ -d "$BUILD_DIR/boot" ]] || die "build/boot missing - run 'make boot' first"
  [[ -f "$BUILD_DIR/boot/config.txt" ]] || die "build/boot/config.txt missing"
  case "$IMG" in
    "$BUILD_DIR"/*.img) ;;
    *) die "image path $IMG is outside $BUILD_DIR" ;;
  esac
}

create_image() {
  mkdir -p "$BUILD_DIR"
  rm -f "$IMG"
  log "creating sparse image $IMG ($IMG_SIZE)"
  truncate -s "$IMG_SIZE" "$IMG"
  log "partitioning"
  sfdisk --quiet "$IMG" <<EOF
label: dos
unit: sectors

1 : start=8192, size=$((BOOT_SIZE_MB * 2048)), type=c, bootable
2 : start=$((8192 + BOOT_SIZE_MB * 2048)), type=83
EOF
}

attach() {
  # --find --show allocates a *new* free loop device for our image file only
  LOOPDEV=$(sudo losetup --find --show --partscan "$IMG")
  [[ "$LOOPDEV" == /dev/loop* ]] || die "unexpected loop device '$LOOPDEV'"
  local backing
  backing=$(losetup --noheadings --output BACK-FILE "$LOOPDEV" | xargs)
  [[ "$backing" == "$IMG" ]] || die "$LOOPDEV is backed by '$backing', not $IMG"
  log "attached $IMG as $LOOPDEV"
  # wait for the partition nodes to show up
  for _ in $(seq 1 20); do
    [[ -b "${LOOPDEV}p1" && -b "${LOOPDEV}p2" ]] && return 0
    sleep 0.2
  done
  die "partitions of $LOOPDEV did not appear"
}

make_filesystems() {
  log "formatting ${LOOPDEV}p1 (vfat) and ${LOOPDEV}p2 (ext4)"
  sudo mkfs.vfat -F 32 -n BOOT "${LOOPDEV}p1" >/dev/null
  sudo mkfs.ext4 -q -F -L rootfs -E lazy_itable_init=0 "${LOOPDEV}p2"
}

populate() {
  MNT_ROOT=$(mktemp -d "$BUILD_DIR/.mnt-root.XXXXXX")
  MNT_BOOT=$(mktemp -d "$BUILD_DIR/.mnt-boot.XXXXXX")
  sudo mount "${LOOPDEV}p2" "$MNT_ROOT"
  sudo mount "${LOOPDEV}p1" "$MNT_BOOT"
  log "copying rootfs ($(du -sh "$BUILD_DIR/rootfs" | cut -f1))"
  sudo rsync -aHAX --numeric-ids "$BUILD_DIR/rootfs/" "$MNT_ROOT/"
  log "copying boot partition"
  sudo rsync -rt --no-o --no-g "$BUILD_DIR/boot/" "$MNT_BOOT/"
  local rootuuid
  rootuuid=$(sudo blkid -s PARTUUID -o value "${LOOPDEV}p2")
  sudo sed -i "s|root=[^ ]*|root=PARTUUID=$rootuuid|" "$MNT_BOOT/cmdline.txt"
  echo "$IMG_NAME" | sudo tee "$MNT_ROOT/etc/gateway-release" >/dev/null
  sync
  sudo umount "$MNT_BOOT" "$MNT_ROOT"
  rmdir "$MNT_BOOT" "$MNT_ROOT"
  MNT_BOOT=""
  MNT_ROOT=""
}

detach() {
  sudo losetup -d "$LOOPDEV"
  log "detached $LOOPDEV"
  LOOPDEV=""
}

finalize() {
  log "creating block map"
  bmaptool create -o "$IMG.bmap" "$IMG"
  log "compressing"
  rm -f "$IMG.bz2"
  bzip2 -k -9 "$IMG"
  sha256sum "$IMG.bz2" "$IMG.bmap" > "$IMG.sha256"
  if [[ $KEEP_RAW -eq 0 ]]; then
    rm -f "$IMG"
  fi
  log "done:"
  ls -lh "$BUILD_DIR/$IMG_NAME".img* >&2
  log "flash with: bmaptool copy $IMG.bz2 /dev/<your-sd-card>   (check lsblk RM=1 first)"
}

verify_image() {
  # sanity-check the partition table of the raw image before it is compressed
  local table
  table=$(sfdisk --dump "$IMG")
  grep -q 'type=c, bootable' <<< "$table" || die "boot partition missing in $IMG"
  grep -q 'type=83' <<< "$table" || die "rootfs partition missing in $IMG"
  local size_bytes
  size_bytes=$(stat -c %s "$IMG")
  log "image $(basename "$IMG"): $((size_bytes / 1024 / 1024)) MiB apparent, $(du -h "$IMG" | cut -f1) on disk"
}

main() {
  require sfdisk losetup mkfs.vfat mkfs.ext4 rsync bmaptool bzip2 blkid
  check_inputs
  create_image
  attach
  make_filesystems
  populate
  detach
  verify_image
  finalize
}

main "$@"
