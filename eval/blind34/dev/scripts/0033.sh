#!/usr/bin/env bash
# build-kiosk-image.sh - produce the lobby signage SD image under build/.
#
# Starts from the pinned Raspberry Pi OS Lite image in cache/, resizes it,
# attaches it with a loop device, mounts the partitions under build/mnt/,
# drops in the overlay from signage/overlay/ (Anthias viewer config,
# chromium kiosk flags, xset power settings) and detaches again.
#
#   scripts/build-kiosk-image.sh --out build/kiosk.img
#   scripts/build-kiosk-image.sh --out build/kiosk.img --hostname lobby-2
#
# Root is needed for losetup/mount; every privileged command below only
# operates on the image file in build/ or on mount points under build/mnt.

set -Eeuo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BASE_IMAGE="$ROOT/cache/raspios-lite-arm64.img.xz"
BASE_SHA256_FILE="$ROOT/cache/raspios-lite-arm64.img.xz.sha256"
OVERLAY="$ROOT/signage/overlay"
MNT="$ROOT/build/mnt"
OUT=""
HOSTNAME_OVERRIDE="lobby-1"
EXTRA_MB=512

LOOP=""
MOUNTED=()

log() { printf '\e[36m[image]\e[0m %s\n' "$*"; }
die() { printf '\e[31m[image]\e[0m %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --out) OUT="${2:?}"; shift 2 ;;
    --hostname) HOSTNAME_OVERRIDE="${2:?}"; shift 2 ;;
    --extra-mb) EXTRA_MB="${2:?}"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

[[ -n "$OUT" ]] || die "--out is required"
OUT="$(realpath -m "$OUT")"
case "$OUT" in
  "$ROOT"/build/*.img) ;;
  *) die "--out must be an .img file under build/ (got $OUT)" ;;
esac
[[ "$HOSTNAME_OVERRIDE" =~ ^[a-z0-9-]{1,32}$ ]] || die "bad hostname"
[[ -f "$BASE_IMAGE" ]] || die "base image missing; run scripts/fetch-base-image.sh"

for tool in xz losetup mount umount parted resize2fs e2fsck sha256sum; do
  command -v "$tool" >/dev/null || die "$tool not installed"
done

cleanup() {
  local rc=$?
  local i
  for (( i=${#MOUNTED[@]}-1; i>=0; i-- )); do
    sudo umount "${MOUNTED[$i]}" 2>/dev/null || log "could not unmount ${MOUNTED[$i]}"
  done
  if [[ -n "$LOOP" ]]; then
    sudo losetup -d "$LOOP" 2>/dev/null || log "could not detach $LOOP"
  fi
  rmdir "$MNT/boot" "$MNT/root" "$MNT" 2>/dev/null || true
  if (( rc != 0 )) && [[ -f "$OUT.partial" ]]; then
    rm -f -- "$OUT.partial"
  fi
  exit "$rc"
}
trap cleanup EXIT

verify_base() {
  log "verifying base image checksum"
  local want got
  want="$(awk '{print $1}' "$BASE_SHA256_FILE")"
  got="$(sha256sum "$BASE_IMAGE" | awk '{print $1}')"
  [[ "$want" == "$got" ]] || die "checksum mismatch for base image"
}

decompress() {
  log "decompressing base image"
  mkdir -p "$(dirname "$OUT")"
  xz -dc "$BASE_IMAGE" > "$OUT.partial"
  log "growing image by ${EXTRA_MB} MB"
  truncate -s "+${EXTRA_MB}M" "$OUT.partial"
}

attach() {
  LOOP="$(sudo losetup --find --show --partscan "$OUT.partial")"
  [[ "$LOOP" == /dev/loop* ]] || die "unexpected loop device $LOOP"
  log "attached as $LOOP"
  sudo parted -s "$LOOP" resizepart 2 100%
  sudo e2fsck -pf "${LOOP}p2" >/dev/null || true
  sudo resize2fs "${LOOP}p2" >/dev/null
}

mount_parts() {
  mkdir -p "$MNT/boot" "$MNT/root"
  sudo mount "${LOOP}p2" "$MNT/root"; MOUNTED+=("$MNT/root")
  sudo mount "${LOOP}p1" "$MNT/boot"; MOUNTED+=("$MNT/boot")
}

install_overlay() {
  log "installing overlay from ${OVERLAY#"$ROOT"/}"
  sudo rsync -a --chown=root:root --exclude='*.example' "$OVERLAY/rootfs/" "$MNT/root/"
  sudo rsync -a "$OVERLAY/boot/" "$MNT/boot/"

  log "setting hostname $HOSTNAME_OVERRIDE"
  printf '%s\n' "$HOSTNAME_OVERRIDE" | sudo tee "$MNT/root/etc/hostname" >/dev/null
  sudo sed -i "s/raspberrypi/$HOSTNAME_OVERRIDE/g" "$MNT/root/etc/hosts"

  # Chromium kiosk flags for the signage player (read by the player's unit).
  local flags="$MNT/root/etc/chromium.d/99-kiosk"
  sudo mkdir -p "$(dirname "$flags")"
  sudo tee "$flags" >/dev/null <<'EOF'
export CHROMIUM_FLAGS="$CHROMIUM_FLAGS --kiosk --noerrdialogs --disable-infobars --incognito --check-for-update-interval=31536000"
EOF

  # Screen blanking off inside the image's X session, not on this machine.
  local xinit="$MNT/root/home/pi/.xinitrc"
  sudo tee "$xinit" >/dev/null <<'EOF'
xset s off
xset -dpms
xset s noblank
exec /usr/bin/anthias-viewer
EOF
  sudo chown 1000:1000 "$xinit"
  sudo chmod 0644 "$xinit"

  # First boot: enable SSH only if the overlay ships an authorised key file
  # for the signage team (kept in the overlay, reviewed in git).
  if [[ -f "$OVERLAY/boot/ssh" ]]; then
    log "ssh enabled for first boot"
  fi
}

write_manifest() {
  local manifest="${OUT%.img}.manifest.json"
  local overlay_rev
  overlay_rev="$(git -C "$ROOT" log -1 --format=%h -- signage/overlay 2>/dev/null || echo unknown)"
  cat > "$manifest" <<EOF
{
  "image": "$(basename "$OUT")",
  "hostname": "$HOSTNAME_OVERRIDE",
  "base": "$(basename "$BASE_IMAGE")",
  "overlay_rev": "$overlay_rev",
  "built_at": "$(date -u +%FT%TZ)",
  "builder": "${USER:-unknown}"
}
EOF
  log "manifest: ${manifest#"$ROOT"/}"
}

# Refuse to run if something is already mounted on our mount points, which
# would mean a previous run died half-way and needs manual inspection.
check_stale_mounts() {
  local m
  for m in "$MNT/boot" "$MNT/root"; do
    if mountpoint -q "$m" 2>/dev/null; then
      die "$m is still mounted from an earlier run; unmount it first"
    fi
  done
  if losetup -j "$OUT.partial" 2>/dev/null | grep -q .; then
    die "$OUT.partial is still attached to a loop device"
  fi
}

sudo -v || die "sudo needed for losetup/mount"
check_stale_mounts
verify_base
decompress
attach
mount_parts
install_overlay
sync
for (( i=${#MOUNTED[@]}-1; i>=0; i-- )); do
  sudo umount "${MOUNTED[$i]}"
done
MOUNTED=()
sudo losetup -d "$LOOP"
LOOP=""
mv -f "$OUT.partial" "$OUT"
write_manifest
log "done: ${OUT#"$ROOT"/} ($(du -h "$OUT" | cut -f1))"
log "flash with: bmaptool copy ${OUT#"$ROOT"/} /dev/sdX   (check the device first!)"
