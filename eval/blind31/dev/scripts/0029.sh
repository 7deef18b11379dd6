#!/usr/bin/env bash
# sweep.sh — inlet-velocity sweep for the pipe-bend case.
#
# For every velocity in SWEEP_VELOCITIES the template case in cases/bend is
# copied to build/sweep/U_<v>, the inlet velocity is set with foamDictionary,
# the mesh is built, the case is decomposed and simpleFoam runs under mpirun.
# The pressure drop is read from the postProcessing output and appended to
# build/sweep/results.csv.
#
# Old sweep copies under build/sweep are removed at the start (they are
# regenerated from the template every time). The template is never modified.
#
#   tools/sweep.sh                 # default velocities, 4 ranks
#   NP=8 tools/sweep.sh 0.5 1 2 4  # custom list

set -euo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
TEMPLATE="${ROOT}/cases/bend"
SWEEP_DIR="${ROOT}/build/sweep"
RESULTS="${SWEEP_DIR}/results.csv"
NP="${NP:-4}"
FOAM_BASHRC="${FOAM_BASHRC:-/opt/openfoam11/etc/bashrc}"
TIMEOUT="${SWEEP_TIMEOUT:-3600}"
DEFAULT_VELOCITIES=(0.25 0.5 1.0 2.0 3.0)
SOLVER_PID=""

log() { echo "[sweep $(date +%T)] $*"; }
die() { echo "[sweep] error: $*" >&2; exit 1; }

stop_solver() {
  # Only the mpirun we launched ourselves (its PID is remembered below).
  if [[ -n "${SOLVER_PID}" ]] && kill -0 "${SOLVER_PID}" 2>/dev/null; then
    log "stopping mpirun ${SOLVER_PID}"
    kill -TERM "${SOLVER_PID}" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 "${SOLVER_PID}" 2>/dev/null || break
      sleep 1
    done
    kill -KILL "${SOLVER_PID}" 2>/dev/null || true
  fi
}
on_signal() { log "interrupted"; stop_solver; exit 130; }
trap on_signal INT TERM

[[ -d "${TEMPLATE}/system" ]] || die "template case ${TEMPLATE} missing"
if [[ -z "${WM_PROJECT:-}" ]]; then
  [[ -f "${FOAM_BASHRC}" ]] || die "OpenFOAM environment not loaded and ${FOAM_BASHRC} not found"
  # shellcheck disable=SC1090
  set +u; source "${FOAM_BASHRC}"; set -u
fi
for tool in blockMesh decomposePar simpleFoam foamDictionary mpirun; do
  command -v "${tool}" >/dev/null || die "${tool} not on PATH"
done

if (( $# > 0 )); then
  VELOCITIES=("$@")
else
  VELOCITIES=("${DEFAULT_VELOCITIES[@]}")
fi
for v in "${VELOCITIES[@]}"; do
  [[ "${v}" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "not a velocity: ${v}"
done

reset_sweep_dir() {
  case "${SWEEP_DIR}" in
    "${ROOT}"/build/*) ;;
    *) die "refusing to clean ${SWEEP_DIR}: not under ${ROOT}/build" ;;
  esac
  if [[ -d "${SWEEP_DIR}" ]]; then
    log "removing previous sweep copies in ${SWEEP_DIR#"${ROOT}/"}"
    rm -rf -- "${SWEEP_DIR}"
  fi
  mkdir -p "${SWEEP_DIR}"
  echo "velocity,dp_pa,iterations,wall_s,status" > "${RESULTS}"
}

prepare_case() {
  local v="$1" case_dir="$2"
  cp -a "${TEMPLATE}" "${case_dir}"
  rm -rf "${case_dir}"/processor* "${case_dir}"/postProcessing "${case_dir}"/[1-9]*
  [[ -d "${case_dir}/0.orig" ]] && cp -a "${case_dir}/0.orig/." "${case_dir}/0/"
  foamDictionary -case "${case_dir}" -entry boundaryField/inlet/value \
    -set "uniform (${v} 0 0)" 0/U > /dev/null
  foamDictionary -case "${case_dir}" -entry numberOfSubdomains -set "${NP}" \
    system/decomposeParDict > /dev/null
}

run_logged() {
  local case_dir="$1" name="$2"; shift 2
  "$@" > "${case_dir}/log.${name}" 2>&1
}

run_solver() {
  local case_dir="$1"
  mpirun --oversubscribe -np "${NP}" simpleFoam -case "${case_dir}" -parallel \
    > "${case_dir}/log.simpleFoam" 2>&1 &
  SOLVER_PID=$!
  local waited=0
  while kill -0 "${SOLVER_PID}" 2>/dev/null; do
    sleep 5
    waited=$(( waited + 5 ))
    if (( waited >= TIMEOUT )); then
      log "timeout after ${TIMEOUT}s"
      stop_solver
      SOLVER_PID=""
      return 124
    fi
  done
  local rc=0
  wait "${SOLVER_PID}" || rc=$?
  SOLVER_PID=""
  return "${rc}"
}

pressure_drop() {
  local case_dir="$1" file
  file="$(ls -1 "${case_dir}"/postProcessing/pressureDrop/*/fieldValueDelta.dat 2>/dev/null | tail -n 1)"
  [[ -n "${file}" ]] || { echo "nan"; return; }
  awk '!/^#/ && NF {last=$2} END {print (last == "" ? "nan" : last)}' "${file}"
}

iterations() {
  grep -c '^Time = ' "$1/log.simpleFoam" 2>/dev/null || echo 0
}

run_one() {
  local v="$1" case_dir="${SWEEP_DIR}/U_${1}" started status="ok" dp
  log "U = ${v} m/s"
  prepare_case "${v}" "${case_dir}"
  started=$(date +%s)
  run_logged "${case_dir}" blockMesh blockMesh -case "${case_dir}" || status="mesh-failed"
  if [[ "${status}" == ok ]]; then
    run_logged "${case_dir}" decomposePar decomposePar -case "${case_dir}" -force || status="decompose-failed"
  fi
  if [[ "${status}" == ok ]]; then
    run_solver "${case_dir}" || status="solver-failed"
  fi
  if [[ "${status}" == ok ]]; then
    run_logged "${case_dir}" reconstructPar reconstructPar -case "${case_dir}" -latestTime || status="reconstruct-failed"
  fi
  dp="$(pressure_drop "${case_dir}")"
  printf '%s,%s,%s,%s,%s\n' "${v}" "${dp}" "$(iterations "${case_dir}")" \
    "$(( $(date +%s) - started ))" "${status}" >> "${RESULTS}"
  # processor directories are large; the reconstructed fields are enough
  rm -rf "${case_dir}"/processor*
  log "  -> dp=${dp} Pa (${status})"
}

plot_results() {
  # optional: a quick dp(U) plot for the PR description
  command -v gnuplot >/dev/null || { log "gnuplot not installed; skipping plot"; return 0; }
  local png="${SWEEP_DIR}/dp_vs_U.png"
  awk -F, 'NR > 1 && $5 == "ok" && $2 != "nan" {print $1, $2}' "${RESULTS}" > "${SWEEP_DIR}/dp.dat"
  if [[ ! -s "${SWEEP_DIR}/dp.dat" ]]; then
    log "no successful runs to plot"
    return 0
  fi
  gnuplot <<EOF
set terminal pngcairo size 800,500
set output "${png}"
set xlabel "inlet velocity [m/s]"
set ylabel "pressure drop [Pa]"
set grid
plot "${SWEEP_DIR}/dp.dat" using 1:2 with linespoints title "simpleFoam, ${NP} ranks"
EOF
  log "plot: ${png#"${ROOT}/"}"
}

main() {
  reset_sweep_dir
  for v in "${VELOCITIES[@]}"; do
    run_one "${v}"
  done
  plot_results
  log "results:"
  column -s, -t < "${RESULTS}"
  if grep -q -v ',ok$' <(tail -n +2 "${RESULTS}"); then
    log "some runs failed; see build/sweep/U_*/log.*"
    exit 1
  fi
}

main
