#!/usr/bin/env bash
#
# kiosk-image.sh -- assemble the read-only kiosk disk used by the UI smoke tests
#
# Layout of the produced file build/kiosk/kiosk.img (GPT, two partitions):
#   p1  ext4   "state"   64 MiB, writable scratch for the app
#   p2  raw    squashfs  the read-only root built from build/kiosk/root/
#
# Steps
#   1. mksquashfs build/kiosk/root -> build/kiosk/root.sqfs
#   2. allocate kiosk.img, partition it with sgdisk
#   3. attach it (losetup -P), mkfs the state partition, dd the squashfs into p2
#   4. mount p1, seed it from test/kiosk-state/, unmount, detach
#
# The image, the squashfs and the temporary mount point are all ours; the
# EXIT trap only undoes what this run set up (tracked in the variables below).
#
set -o errexit -o nounset -o pipefail

here=$(dirname -- "$(readlink -f -- "$0")")
top=$(readlink -f -- "$here/..")
out_dir=$top/build/kiosk
root_dir=$out_dir/root
state_seed=$top/test/kiosk-state
image=$out_dir/kiosk.img
squash=$out_dir/root.sqfs
state_mib=64

attached_dev=
state_mnt=
verbose=false

say()  { printf 'kiosk-image: %s\n' "$*"; }
fail() { printf 'kiosk-image: error: %s\n' "$*" >&2; exit 1; }
trace() { $verbose && say "$*" || :; }

priv() {
  if (( EUID == 0 )); then
    "$@"
  else
    sudo -n -- "$@"
  fi
}

undo() {
  local status=$?
  if [[ -n $state_mnt ]]; then
    if mountpoint -q -- "$state_mnt"; then
      priv umount -- "$state_mnt" || say "could not unmount $state_mnt"
    fi
    rmdir -- "$state_mnt" 2>/dev/null || :
  fi
  if [[ -n $attached_dev ]]; then
    priv losetup -d "$attached_dev" || say "could not detach $attached_dev"
  fi
  if (( status != 0 )); then
    say "failed (exit $status); partial image left at ${image#"$top"/} for inspection"
  fi
  exit "$status"
}
trap undo EXIT

usage() {
  cat <<USAGE
usage: ${0##*/} [-v] [-s STATE_MIB] [-c]
  -v            verbose
  -s STATE_MIB  size of the writable state partition (default $state_mib)
  -c            compress with zstd instead of xz
USAGE
}

comp=xz
while getopts ':vs:ch' flag; do
  case $flag in
    v) verbose=true ;;
    s) state_mib=$OPTARG ;;
    c) comp=zstd ;;
    h) usage; exit 0 ;;
    :) fail "-$OPTARG requires an argument" ;;
    ?) usage >&2; exit 2 ;;
  esac
done
[[ $state_mib =~ ^[0-9]+$ ]] && (( state_mib >= 16 )) || fail "state size must be a number >= 16"

need_tools() {
  local t missing=()
  for t in mksquashfs sgdisk losetup mkfs.ext4 partprobe; do
    command -v "$t" >/dev/null || missing+=("$t")
  done
  (( ${#missing[@]} == 0 )) || fail "missing: ${missing[*]} (squashfs-tools, gdisk, util-linux, e2fsprogs, parted)"
}

inside_project() {
  case $(readlink -f -- "$1") in
    "$top"/*) return 0 ;;
    *) return 1 ;;
  esac
}

build_squashfs() {
  [[ -d $root_dir ]] || fail "no root tree at ${root_dir#"$top"/}; run 'make kiosk-root' first"
  inside_project "$squash" || fail "squashfs target escapes the project"
  rm -f -- "$squash"
  trace "mksquashfs ($comp)"
  mksquashfs "$root_dir" "$squash" -comp "$comp" -noappend -all-root -quiet \
    -mkfs-time 0 -all-time 0
  say "root.sqfs is $(du -h -- "$squash" | cut -f1)"
}

size_mib() {
  local bytes
  bytes=$(stat -c %s -- "$1")
  echo $(( (bytes + 1048575) / 1048576 ))
}

allocate_image() {
  inside_project "$image" || fail "image path escapes the project"
  local sq_mib total
  sq_mib=$(size_mib "$squash")
  total=$(( 1 + state_mib + sq_mib + 2 ))
  rm -f -- "$image"
  truncate -s "${total}M" -- "$image"
  sgdisk --clear \
    --new=1:2048:+${state_mib}M --change-name=1:state --typecode=1:8300 \
    --new=2:0:0 --change-name=2:root --typecode=2:8300 \
    -- "$image" >/dev/null
  say "allocated ${image#"$top"/} (${total} MiB)"
}

attach_image() {
  attached_dev=$(priv losetup --find --show --partscan -- "$image")
  [[ $attached_dev == /dev/loop* ]] || fail "losetup returned '$attached_dev'"
  priv partprobe "$attached_dev" 2>/dev/null || :
  local n
  for n in {1..20}; do
    [[ -b ${attached_dev}p2 ]] && break
    sleep 0.2
  done
  [[ -b ${attached_dev}p2 ]] || fail "partitions of $attached_dev did not appear"
  trace "attached as $attached_dev"
}

write_partitions() {
  priv mkfs.ext4 -q -F -L kiosk-state -- "${attached_dev}p1"
  # p2 is the loop partition of our own image; dd only ever writes there
  priv dd if="$squash" of="${attached_dev}p2" bs=4M conv=fsync status=none
  say "wrote state (ext4) and root (squashfs) partitions"
}

seed_state() {
  state_mnt=$(mktemp -d "${TMPDIR:-/tmp}/kiosk-state.XXXXXX")
  priv mount -- "${attached_dev}p1" "$state_mnt"
  if [[ -d $state_seed ]]; then
    priv cp -a -- "$state_seed/." "$state_mnt/"
    say "seeded state from ${state_seed#"$top"/}"
  fi
  priv install -d -m 0750 -- "$state_mnt/app"
  priv sync
  priv umount -- "$state_mnt"
  rmdir -- "$state_mnt"
  state_mnt=
}

detach_image() {
  priv losetup -d "$attached_dev"
  attached_dev=
}

checksum() {
  (cd -- "$out_dir" && sha256sum -- "$(basename -- "$image")" > "$(basename -- "$image").sha256")
  say "checksum in ${out_dir#"$top"/}/$(basename -- "$image").sha256"
}

verify_squash() {
  # unsquashfs -s only reads the superblock; cheap sanity check
  if command -v unsquashfs >/dev/null; then
    unsquashfs -s "$squash" | grep -E 'Compression|Number of inodes' | sed 's/^/  /'
  fi
}

main() {
  need_tools
  mkdir -p -- "$out_dir"
  build_squashfs
  verify_squash
  allocate_image
  attach_image
  write_partitions
  seed_state
  detach_image
  checksum
  say "done"
}

main
