#!/usr/bin/env bash
# elmer-cases.sh — run the Elmer FEM regression cases under sims/ and compare
# the probe values with the reference numbers in sims/<case>/reference.dat.
#
#   tools/elmer-cases.sh                 # every case with a case.sif
#   tools/elmer-cases.sh coil heatsink   # selected cases
#   NP=4 tools/elmer-cases.sh heatsink   # parallel run (ElmerGrid partitioning + mpirun)
#
# Each case is copied to build/elmer/<case>/ (sims/ stays pristine), meshed
# with ElmerGrid from the case's mesh source (.grd or gmsh .msh), solved with
# ElmerSolver, and the SaveScalars output is compared with tolerance RTOL.
# A solver that exceeds TIMEOUT seconds is stopped via its own PID.
#
# reference.dat format (one pair per line, names as in scalars.dat.names with
# non-alphanumerics replaced by "_"):
#   max_temperature  351.2
#   mean_heat_flux   1824.0
#
# Exit code: 0 when every case is "ok".

set -uo pipefail

ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
SIMS="${ROOT}/sims"
WORK="${ROOT}/build/elmer"
NP="${NP:-1}"
RTOL="${RTOL:-0.02}"
TIMEOUT="${TIMEOUT:-1800}"
RESULTS=()
CURRENT_PID=""

print() { printf '%s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
abort() { printf 'error: %s\n' "$*" >&2; exit 2; }

on_interrupt() {
  if [[ -n "${CURRENT_PID}" ]] && kill -0 "${CURRENT_PID}" 2>/dev/null; then
    kill "${CURRENT_PID}" 2>/dev/null
    wait "${CURRENT_PID}" 2>/dev/null
  fi
  abort "interrupted"
}
trap on_interrupt INT TERM

for t in ElmerSolver ElmerGrid awk; do
  command -v "${t}" >/dev/null || abort "${t} not found"
done
if (( NP > 1 )); then
  command -v mpirun >/dev/null || abort "NP=${NP} needs mpirun"
  command -v ElmerSolver_mpi >/dev/null || abort "NP=${NP} needs ElmerSolver_mpi"
fi

case_list() {
  if (( $# )); then
    printf '%s\n' "$@"
  else
    find "${SIMS}" -mindepth 2 -maxdepth 2 -name case.sif -printf '%h\n' | xargs -n1 basename | sort
  fi
}

prepare() {
  local name="$1" dest="${WORK}/$1"
  [[ -d "${SIMS}/${name}" ]] || { warn "no case ${name}"; return 1; }
  rm -rf -- "${dest}"
  mkdir -p "${dest}"
  cp -a "${SIMS}/${name}/." "${dest}/"
  printf '%s\n' "${dest}"
}

mesh() {
  local dir="$1"
  if [[ -f "${dir}/mesh.grd" ]]; then
    ElmerGrid 1 2 "${dir}/mesh.grd" -out "${dir}/mesh" > "${dir}/elmergrid.log" 2>&1
  elif [[ -f "${dir}/mesh.msh" ]]; then
    ElmerGrid 14 2 "${dir}/mesh.msh" -autoclean -out "${dir}/mesh" > "${dir}/elmergrid.log" 2>&1
  else
    warn "$(basename "${dir}"): no mesh.grd or mesh.msh"
    return 1
  fi
  if (( NP > 1 )); then
    ElmerGrid 2 2 "${dir}/mesh" -metis "${NP}" 4 >> "${dir}/elmergrid.log" 2>&1
  fi
}

solve() {
  local dir="$1" waited=0
  (
    cd "${dir}" || exit 1
    echo "case.sif" > ELMERSOLVER_STARTINFO
    if (( NP > 1 )); then
      exec mpirun -np "${NP}" ElmerSolver_mpi
    else
      exec ElmerSolver case.sif
    fi
  ) > "${dir}/solver.log" 2>&1 &
  CURRENT_PID=$!
  while kill -0 "${CURRENT_PID}" 2>/dev/null; do
    sleep 2
    waited=$(( waited + 2 ))
    if (( waited >= TIMEOUT )); then
      warn "timeout after ${TIMEOUT}s; stopping pid ${CURRENT_PID}"
      kill "${CURRENT_PID}" 2>/dev/null
      wait "${CURRENT_PID}" 2>/dev/null
      CURRENT_PID=""
      return 124
    fi
  done
  wait "${CURRENT_PID}"
  local rc=$?
  CURRENT_PID=""
  return "${rc}"
}

compare() {
  # reference.dat: one "name value" pair per line; scalars.dat: values in the order of scalars.dat.names
  local dir="$1"
  local ref="${dir}/reference.dat" got="${dir}/scalars.dat" names="${dir}/scalars.dat.names"
  [[ -f "${ref}" ]] || { print "    no reference.dat; skipping comparison"; return 0; }
  [[ -f "${got}" && -f "${names}" ]] || { warn "solver wrote no scalars.dat"; return 1; }
  awk -v rtol="${RTOL}" '
    FILENAME == ARGV[1] { ref[$1] = $2; next }
    FILENAME == ARGV[2] && /^ *[0-9]+:/ { sub(/^ *[0-9]+: */, ""); order[++n] = $0; next }
    FILENAME == ARGV[3] { for (i = 1; i <= NF; i++) last[i] = $i }
    END {
      bad = 0
      for (i = 1; i <= n; i++) {
        name = order[i]; gsub(/[^A-Za-z0-9_]+/, "_", name)
        if (!(name in ref)) continue
        diff = (last[i] - ref[name]) / (ref[name] == 0 ? 1 : ref[name])
        if (diff < 0) diff = -diff
        status = diff <= rtol ? "ok" : "OFF"
        if (status == "OFF") bad++
        printf "    %-4s %-32s got %-14g ref %-14g (%.2f%%)\n", status, name, last[i], ref[name], diff * 100
      }
      exit bad > 0
    }' "${ref}" "${names}" "${got}"
}

run_case() {
  local name="$1" dir started rc status
  print "== ${name}"
  dir="$(prepare "${name}")" || { RESULTS+=("${name}:missing"); return; }
  started=$(date +%s)
  if ! mesh "${dir}"; then
    RESULTS+=("${name}:mesh-failed")
    return
  fi
  solve "${dir}"
  rc=$?
  if (( rc == 124 )); then
    status="timeout"
  elif (( rc != 0 )); then
    status="solver-failed"
    tail -n 15 "${dir}/solver.log" | sed 's/^/    /'
  elif compare "${dir}"; then
    status="ok"
  else
    status="mismatch"
  fi
  print "    ${status} in $(( $(date +%s) - started ))s"
  RESULTS+=("${name}:${status}")
}

main() {
  mkdir -p "${WORK}"
  local name
  while IFS= read -r name; do
    run_case "${name}"
  done < <(case_list "$@")
  print ""
  print "summary:"
  local failed=0 r
  for r in "${RESULTS[@]}"; do
    print "  ${r%%:*}: ${r#*:}"
    [[ "${r#*:}" == ok ]] || failed=$(( failed + 1 ))
  done
  (( failed == 0 ))
}

main "$@"
