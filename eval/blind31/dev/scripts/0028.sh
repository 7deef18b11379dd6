#!/usr/bin/env bash
# truenas-snapshots.sh — snapshot inventory for the CI datasets on the lab TrueNAS.
#
# Default mode is read-only: it asks the TrueNAS middleware (midclt) for the
# datasets and snapshots under CI_DATASET and prints a table plus a CSV in
# reports/truenas/.
#
# With --prune-ci --apply it destroys snapshots that the CI pipeline itself
# created (name prefix "ci-scratch-") and that are older than --days. Nothing
# else can be selected: the dataset must be on the allow-list below and the
# snapshot name must carry the CI prefix. Without --apply the prune is a dry run.
#
# Run on the TrueNAS host (midclt talks to the local middleware socket), e.g.
#   ssh nas01.lab.internal 'bash -s' < tools/truenas-snapshots.sh -- --days 14

set -Eeuo pipefail

CI_DATASET="${CI_DATASET:-tank/ci}"
ALLOWED_DATASETS=("tank/ci" "tank/ci/cache" "tank/ci/artifacts")
CI_PREFIX="ci-scratch-"
DAYS=14
PRUNE=0
APPLY=0
OUT_DIR="${OUT_DIR:-reports/truenas}"
TMP=""

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*" >&2; }
die() { log "fatal: $*"; exit 2; }
on_err() { log "failed at line $1: ${BASH_COMMAND}"; }
trap 'on_err $LINENO' ERR
trap '[[ -n "${TMP}" ]] && rm -rf -- "${TMP}"' EXIT

while (( $# )); do
  case "$1" in
    --) shift ;;
    --days) DAYS="$2"; shift 2 ;;
    --dataset) CI_DATASET="$2"; shift 2 ;;
    --prune-ci) PRUNE=1; shift ;;
    --apply) APPLY=1; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

[[ "${DAYS}" =~ ^[0-9]+$ ]] || die "--days must be a number"
command -v midclt >/dev/null || die "midclt not found; run this on the TrueNAS host"
command -v jq >/dev/null || die "jq missing"

TMP="$(mktemp -d)"

dataset_allowed() {
  local ds="$1" allowed
  for allowed in "${ALLOWED_DATASETS[@]}"; do
    [[ "${ds}" == "${allowed}" ]] && return 0
  done
  return 1
}

fetch_datasets() {
  midclt call pool.dataset.query \
    "[[\"id\", \"^\", \"${CI_DATASET}\"]]" \
    '{"select": ["id", "used", "available", "compressratio"]}' > "${TMP}/datasets.json"
}

fetch_snapshots() {
  midclt call zfs.snapshot.query \
    "[[\"dataset\", \"^\", \"${CI_DATASET}\"]]" \
    '{"select": ["name", "dataset", "snapshot_name", "properties"], "extra": {"properties": ["used", "creation"]}}' \
    > "${TMP}/snapshots.json"
}

bytes_h() {
  numfmt --to=iec --suffix=B "${1:-0}" 2>/dev/null || echo "${1}B"
}

print_datasets() {
  printf '%-32s %10s %10s %7s\n' DATASET USED AVAIL RATIO
  jq -r '.[] | [.id, .used.parsed, .available.parsed, .compressratio.value] | @tsv' "${TMP}/datasets.json" |
    while IFS=$'\t' read -r id used avail ratio; do
      printf '%-32s %10s %10s %7s\n' "${id}" "$(bytes_h "${used}")" "$(bytes_h "${avail}")" "${ratio}"
    done
}

snapshot_rows() {
  # dataset<TAB>snapshot<TAB>used bytes<TAB>creation epoch
  jq -r '.[] | [.dataset, .snapshot_name, .properties.used.parsed, .properties.creation.parsed."$date"] | @tsv' \
    "${TMP}/snapshots.json" |
    awk -F'\t' 'BEGIN{OFS="\t"} {c=$4; if (c > 100000000000) c=int(c/1000); print $1,$2,$3,c}'
}

write_csv() {
  mkdir -p "${OUT_DIR}"
  local csv="${OUT_DIR}/snapshots-$(date +%F).csv"
  {
    echo "dataset,snapshot,used_bytes,created"
    snapshot_rows | while IFS=$'\t' read -r ds snap used created; do
      printf '%s,%s,%s,%s\n' "${ds}" "${snap}" "${used}" "$(date -d "@${created}" +%FT%T)"
    done
  } > "${csv}.tmp"
  mv -f "${csv}.tmp" "${csv}"
  log "csv: ${csv}"
}

summary() {
  local count total
  count="$(jq 'length' "${TMP}/snapshots.json")"
  total="$(jq '[.[].properties.used.parsed] | add // 0' "${TMP}/snapshots.json")"
  echo
  echo "${count} snapshots under ${CI_DATASET}, $(bytes_h "${total}") exclusively used"
  snapshot_rows | awk -F'\t' '{n[$1]++; u[$1]+=$3} END {for (d in n) printf "  %-32s %5d snaps %14d bytes\n", d, n[d], u[d]}' |
    sort -k4 -n -r
}

prune_ci() {
  local cutoff ds snap used created victims=0 freed=0
  cutoff=$(( $(date +%s) - DAYS * 86400 ))
  while IFS=$'\t' read -r ds snap used created; do
    [[ "${snap}" == "${CI_PREFIX}"* ]] || continue
    (( created < cutoff )) || continue
    if ! dataset_allowed "${ds}"; then
      log "skip ${ds}@${snap}: dataset not on the allow-list"
      continue
    fi
    victims=$(( victims + 1 ))
    freed=$(( freed + used ))
    if (( APPLY )); then
      log "destroying ${ds}@${snap}"
      midclt call zfs.snapshot.delete "${ds}@${snap}" >/dev/null
    else
      log "would destroy ${ds}@${snap} ($(bytes_h "${used}"))"
    fi
  done < <(snapshot_rows)
  if (( APPLY )); then
    log "destroyed ${victims} CI snapshots, about $(bytes_h "${freed}") freed"
  else
    log "dry run: ${victims} CI snapshots ($(bytes_h "${freed}")); add --apply to destroy them"
  fi
}

oldest_newest() {
  # first and last CI snapshot by creation time, for the log line
  local rows
  rows="$(snapshot_rows | sort -t$'\t' -k4,4n)"
  [[ -n "${rows}" ]] || { log "no snapshots under ${CI_DATASET}"; return 0; }
  local first last
  first="$(head -n 1 <<< "${rows}")"
  last="$(tail -n 1 <<< "${rows}")"
  log "oldest: $(cut -f1,2 <<< "${first}" | tr '\t' '@') ($(date -d "@$(cut -f4 <<< "${first}")" +%F))"
  log "newest: $(cut -f1,2 <<< "${last}" | tr '\t' '@') ($(date -d "@$(cut -f4 <<< "${last}")" +%F))"
}

kinds() {
  # snapshot name families: ci-scratch-*, auto-*, manual
  snapshot_rows | awk -F'\t' '
    { k = "manual" }
    $2 ~ /^ci-scratch-/ { k = "ci-scratch" }
    $2 ~ /^auto-/ { k = "periodic" }
    { n[k]++; u[k] += $3 }
    END { for (k in n) printf "  %-12s %5d snaps %14d bytes\n", k, n[k], u[k] }' | sort
}

main() {
  dataset_allowed "${CI_DATASET}" || die "${CI_DATASET} is not one of: ${ALLOWED_DATASETS[*]}"
  fetch_datasets
  fetch_snapshots
  print_datasets
  summary
  echo
  echo "by family:"
  kinds
  oldest_newest
  write_csv
  if (( PRUNE )); then
    prune_ci
  elif (( APPLY )); then
    log "--apply has no effect without --prune-ci"
  fi
}

main
