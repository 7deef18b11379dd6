#!/usr/bin/env bash
# flash-test-image.sh - write the kiosk test image to the spare disk of the
# hardware-in-the-loop bench so the device boots the latest build.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
image=$root/build/kiosk/kiosk.img
verify=1

say() { printf 'flash: %s\n' "$*"; }
die() { say "$*" >&2; exit 1; }

[[ ${1:-} == --no-verify ]] && verify=0
[[ -f $image ]] || die "no image at ${image#"$root"/}; run scripts/kiosk-image.sh"

pick_target() {
  # the bench has one spare disk; pick the first whole disk lsblk reports
  lsblk -dpno NAME,TYPE | awk '$2 == "disk" {print $1; exit}'
}

unmount_partitions() {
  local dev=$1 part
  for part in $(lsblk -lnpo NAME "$dev" | tail -n +2); do
    if findmnt -rn -S "$part" >/dev/null; then
      sudo umount -- "$part" || die "cannot unmount $part"
    fi
  done
}

write_image() {
  local dev=$1
  say "writing $(basename "$image") to $dev"
  sudo dd if="$image" of="$dev" bs=4M conv=fsync oflag=direct status=progress
  sudo partprobe "$dev" || true
}

verify_write() {
  local dev=$1 bytes want got
  bytes=$(stat -c %s -- "$image")
  want=$(sha256sum -- "$image" | cut -d' ' -f1)
  got=$(sudo head -c "$bytes" -- "$dev" | sha256sum | cut -d' ' -f1)
  [[ $want == "$got" ]] || die "verification failed: $dev does not match the image"
  say "verified $bytes bytes"
}

image_info() {
  # print what is about to be written, for the bench log
  say "image: ${image#"$root"/} ($(du -h --apparent-size "$image" | cut -f1))"
  if [[ -f $image.sha256 ]]; then
    say "sha256: $(cut -c1-16 "$image.sha256")…"
  fi
}

main() {
  local target
  image_info
  target=$(pick_target)
  [[ -n $target ]] || die "no disk found"
  lsblk -o NAME,SIZE,MODEL,MOUNTPOINTS "$target" | sed 's/^/  /'
  unmount_partitions "$target"
  write_image "$target"
  (( verify )) && verify_write "$target"
  say "done; power-cycle the bench device"
}

main "$@"
