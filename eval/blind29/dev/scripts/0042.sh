#!/usr/bin/env bash
# Process a drone survey with OpenDroneMap in docker and collect the products.
#
#   tools/odm_run.sh datasets/site01                 # default "fast" profile
#   tools/odm_run.sh datasets/site01 --profile full --gpu
#   tools/odm_run.sh datasets/site01 --rerun-from openmvs
#
# Layout expected by ODM: <project>/<dataset>/images/*.JPG.  The script
# mounts the *datasets/* folder of this repository into the container, runs
# as the current uid so outputs are not root-owned, and copies the final
# orthophoto / DSM / point cloud into build/odm/<dataset>/.  The container is
# named so it can be stopped on Ctrl-C; nothing else is touched.
set -Eeuo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
IMAGE="${ODM_IMAGE:-opendronemap/odm:3.5.4}"
PROFILE="fast"
GPU=0
RERUN_FROM=""
CONTAINER=""

log() { printf '[odm] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

stop_container() {
  if [[ -n "${CONTAINER}" ]] && docker ps -q --filter "name=^${CONTAINER}$" | grep -q .; then
    log "stopping ${CONTAINER}"
    docker stop -t 20 "${CONTAINER}" >/dev/null || true
  fi
}
trap stop_container EXIT
trap 'exit 130' INT TERM

list_runs() {
  # --list: datasets, image counts and the products collected so far
  local d name n products
  printf '%-24s %7s  %s\n' dataset images products
  for d in "${PROJECT}"/datasets/*/; do
    d="${d%/}"
    name="${d##*/}"
    [[ -d "${d}/images" ]] || continue
    n="$(find "${d}/images" -maxdepth 1 -type f | wc -l)"
    products="$(ls -1 "${PROJECT}/build/odm/${name}" 2>/dev/null | grep -v '\.log$' | tr '\n' ' ')"
    printf '%-24s %7s  %s\n' "${name}" "${n}" "${products:--}"
  done
  local logs
  logs="$(find "${PROJECT}/build/odm" -name 'run-*.log' 2>/dev/null | wc -l)"
  log "${logs} run log(s) under build/odm"
}

if [[ "${1:-}" == "--list" ]]; then
  list_runs
  trap - EXIT
  exit 0
fi

DATASET_DIR="${1:-}"
[[ -n "${DATASET_DIR}" ]] || die "usage: $0 datasets/<name> [--profile fast|full] [--gpu] [--rerun-from STAGE]"
shift
while (($#)); do
  case "$1" in
    --profile) PROFILE="$2"; shift 2 ;;
    --gpu) GPU=1; shift ;;
    --rerun-from) RERUN_FROM="$2"; shift 2 ;;
    *) die "unknown argument $1" ;;
  esac
done

DATASET_ABS="$(realpath -- "${DATASET_DIR}")"
case "${DATASET_ABS}" in
  "${PROJECT}/datasets/"*) ;;
  *) die "dataset must be inside ${PROJECT}/datasets" ;;
esac
NAME="$(basename "${DATASET_ABS}")"
[[ "${NAME}" =~ ^[A-Za-z0-9_-]+$ ]] || die "dataset folder name must be alphanumeric (got ${NAME})"
[[ -d "${DATASET_ABS}/images" ]] || die "${DATASET_DIR}/images is missing"

shopt -s nullglob nocaseglob
IMAGES=("${DATASET_ABS}"/images/*.{jpg,jpeg,tif,tiff,dng})
shopt -u nocaseglob
((${#IMAGES[@]} >= 5)) || die "only ${#IMAGES[@]} image(s); ODM needs at least 5"
log "${NAME}: ${#IMAGES[@]} images"

# --- GPS sanity check with exiftool (optional) ------------------------------
if command -v exiftool >/dev/null; then
  no_gps="$(exiftool -q -q -if 'not $GPSLatitude' -p '$FileName' "${DATASET_ABS}/images" 2>/dev/null | wc -l)"
  if ((no_gps > 0)); then
    log "warning: ${no_gps} image(s) without GPS tags; georeferencing may fail"
  fi
  if [[ -f "${DATASET_ABS}/gcp_list.txt" ]]; then
    log "using ground control points from gcp_list.txt"
  fi
fi

# --- options per profile --------------------------------------------------------
declare -a ODM_ARGS
case "${PROFILE}" in
  fast)
    ODM_ARGS=(--fast-orthophoto --orthophoto-resolution 5 --feature-quality medium --skip-3dmodel)
    ;;
  full)
    ODM_ARGS=(--dsm --dtm --pc-quality high --feature-quality high --orthophoto-resolution 2
              --mesh-size 300000 --pc-las --cog)
    ;;
  *) die "unknown profile ${PROFILE}" ;;
esac
[[ -n "${RERUN_FROM}" ]] && ODM_ARGS+=(--rerun-from "${RERUN_FROM}")
[[ -f "${DATASET_ABS}/gcp_list.txt" ]] && ODM_ARGS+=(--gcp "/datasets/${NAME}/gcp_list.txt")

DOCKER_ARGS=(--rm --name "odm-${NAME}-$$" --user "$(id -u):$(id -g)"
             -v "${PROJECT}/datasets:/datasets"
             --memory "${ODM_MEMORY:-24g}" --shm-size 2g)
CONTAINER="odm-${NAME}-$$"
if ((GPU)); then
  IMAGE="${IMAGE/odm:/odm:gpu-}"
  DOCKER_ARGS+=(--gpus all)
fi

command -v docker >/dev/null || die "docker is required"
if ! docker image inspect "${IMAGE}" >/dev/null 2>&1; then
  log "pulling ${IMAGE}"
  docker pull "${IMAGE}" >/dev/null
fi

LOGDIR="${PROJECT}/build/odm/${NAME}"
mkdir -p "${LOGDIR}"
LOG="${LOGDIR}/run-$(date +%Y%m%d-%H%M%S).log"
log "running ${IMAGE} (${PROFILE}); log: ${LOG#"${PROJECT}/"}"
start="$(date +%s)"
set +e
docker run "${DOCKER_ARGS[@]}" "${IMAGE}" \
  --project-path /datasets "${NAME}" "${ODM_ARGS[@]}" > "${LOG}" 2>&1 &
docker_pid=$!
while kill -0 "${docker_pid}" 2>/dev/null; do
  sleep 30
  stage="$(grep -oE 'Running [a-z_]+ stage' "${LOG}" | tail -n 1 | awk '{print $2}')"
  [[ -n "${stage}" ]] && log "… ${stage} ($(( ($(date +%s) - start) / 60 )) min)"
done
wait "${docker_pid}"
rc=$?
set -e
CONTAINER=""
elapsed=$(( $(date +%s) - start ))
((rc == 0)) || { tail -n 25 "${LOG}" >&2; die "ODM failed after ${elapsed}s (exit ${rc})"; }
log "ODM finished in $((elapsed / 60)) min"

# --- collect products -------------------------------------------------------------
declare -A PRODUCTS=(
  [odm_orthophoto/odm_orthophoto.tif]="orthophoto.tif"
  [odm_dem/dsm.tif]="dsm.tif"
  [odm_dem/dtm.tif]="dtm.tif"
  [odm_georeferencing/odm_georeferenced_model.laz]="pointcloud.laz"
  [odm_report/report.pdf]="report.pdf"
)
copied=0
for src in "${!PRODUCTS[@]}"; do
  if [[ -f "${DATASET_ABS}/${src}" ]]; then
    cp -f -- "${DATASET_ABS}/${src}" "${LOGDIR}/${PRODUCTS[${src}]}"
    copied=$((copied + 1))
  fi
done
log "${copied} product(s) copied to ${LOGDIR#"${PROJECT}/"}"

# quick look at the orthophoto footprint if GDAL is around
if command -v gdalinfo >/dev/null && [[ -f "${LOGDIR}/orthophoto.tif" ]]; then
  gdalinfo -json "${LOGDIR}/orthophoto.tif" | jq '{size: .size, crs: .coordinateSystem.wkt[0:60]}' >&2 || true
fi

# the intermediate folders are huge; remove only ODM's own scratch inside the dataset
for scratch in opensfm/undistorted smvs odm_meshing/tmp; do
  if [[ -d "${DATASET_ABS}/${scratch}" ]]; then
    rm -rf -- "${DATASET_ABS:?}/${scratch}"
  fi
done
du -sh -- "${DATASET_ABS}" | awk '{print "[odm] dataset size now " $1}' >&2

# record the run parameters next to the products for reproducibility
{
  printf 'image=%s\n' "${IMAGE}"
  printf 'profile=%s\n' "${PROFILE}"
  printf 'args=%s\n' "${ODM_ARGS[*]}"
  printf 'images=%d\n' "${#IMAGES[@]}"
  printf 'minutes=%d\n' "$((elapsed / 60))"
  printf 'finished=%s\n' "$(date -Iseconds)"
} > "${LOGDIR}/run-params.txt"
log "run parameters in ${LOGDIR#"${PROJECT}/"}/run-params.txt"
