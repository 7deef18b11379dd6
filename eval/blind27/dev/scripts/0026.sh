#!/usr/bin/env bash
# Equilibration pipeline for a solvated protein system with GROMACS.
#
#   scripts/equilibrate.sh -s systems/lysozyme -n 8 [-g] [-k] [-f]
#
# Stages: pdb2gmx -> editconf -> solvate -> genion -> em -> nvt -> npt.
# Everything is written to build/<system>/; the scratch dir created with
# mktemp is removed on exit unless -k is given.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MDP_DIR="$PROJECT_ROOT/mdp"
GMX="${GMX:-gmx}"
NT=4
USE_GPU=0
KEEP_TMP=0
FORCE=0
SYSTEM_DIR=""
FORCEFIELD="${FORCEFIELD:-charmm27}"
WATER="${WATER:-tip3p}"

log() { printf '%s [equil] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while getopts ":s:n:gkfh" opt; do
  case "$opt" in
    s) SYSTEM_DIR="$OPTARG" ;;
    n) NT="$OPTARG" ;;
    g) USE_GPU=1 ;;
    k) KEEP_TMP=1 ;;
    f) FORCE=1 ;;
    h) usage 0 ;;
    :) die "option -$OPTARG needs an argument" ;;
    \?) die "unknown option -$OPTARG" ;;
  esac
done

[[ -n "$SYSTEM_DIR" ]] || usage 1
SYSTEM_DIR="$(cd "$PROJECT_ROOT/$SYSTEM_DIR" 2>/dev/null && pwd)" || die "no such system dir"
case "$SYSTEM_DIR" in
  "$PROJECT_ROOT"/*) ;;
  *) die "system dir must be inside the project" ;;
esac
NAME="$(basename "$SYSTEM_DIR")"
OUT="$PROJECT_ROOT/build/$NAME"
command -v "$GMX" >/dev/null || die "$GMX not found; source GMXRC first"

if [[ -d "$OUT" ]]; then
  if (( FORCE )); then
    log "removing previous outputs in build/$NAME"
    rm -rf -- "$OUT"
  else
    die "build/$NAME exists; pass -f to overwrite"
  fi
fi
mkdir -p "$OUT"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/equil.${NAME}.XXXXXX")"
cleanup() {
  local rc=$?
  if (( KEEP_TMP )); then
    log "scratch kept in $TMP"
  else
    rm -rf -- "$TMP"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'die "interrupted"' INT TERM

MDRUN_ARGS=(-nt "$NT")
if (( USE_GPU )); then
  MDRUN_ARGS+=(-nb gpu -pme gpu -bonded gpu)
fi

gmx_step() {
  local label="$1"; shift
  local logf="$OUT/${label}.log"
  log "stage $label"
  if ! "$GMX" -quiet "$@" >"$logf" 2>&1; then
    tail -n 30 "$logf" >&2
    die "stage $label failed (log: build/$NAME/${label}.log)"
  fi
}

gmx_step_input() {
  local label="$1" input="$2"; shift 2
  local logf="$OUT/${label}.log"
  log "stage $label"
  if ! printf '%s\n' "$input" | "$GMX" -quiet "$@" >"$logf" 2>&1; then
    tail -n 30 "$logf" >&2
    die "stage $label failed"
  fi
}

check_mdp() {
  local f
  for f in ions em nvt npt; do
    [[ -f "$MDP_DIR/$f.mdp" ]] || die "missing mdp/$f.mdp"
  done
  # the protocol requires position restraints during NVT/NPT
  for f in nvt npt; do
    grep -q '^define.*-DPOSRES' "$MDP_DIR/$f.mdp" \
      || log "warning: mdp/$f.mdp does not define -DPOSRES"
  done
}

count_waters() {
  grep -c ' SOL ' "$1" || true
}

check_mdp
PDB="$(find "$SYSTEM_DIR" -maxdepth 1 -name '*.pdb' | head -n 1)"
[[ -n "$PDB" ]] || die "no .pdb in $SYSTEM_DIR"
cp -- "$PDB" "$TMP/input.pdb"
grep -v -E '^HETATM.*HOH' "$TMP/input.pdb" > "$TMP/clean.pdb"

cd "$TMP"
gmx_step pdb2gmx pdb2gmx -f clean.pdb -o processed.gro -p topol.top \
  -ff "$FORCEFIELD" -water "$WATER" -ignh
gmx_step editconf editconf -f processed.gro -o boxed.gro -c -d 1.0 -bt dodecahedron
gmx_step solvate solvate -cp boxed.gro -cs spc216.gro -o solv.gro -p topol.top
log "waters added: $(count_waters solv.gro)"
gmx_step grompp_ions grompp -f "$MDP_DIR/ions.mdp" -c solv.gro -p topol.top -o ions.tpr -maxwarn 1
gmx_step_input genion SOL genion -s ions.tpr -o solv_ions.gro -p topol.top \
  -pname NA -nname CL -neutral -conc 0.15

gmx_step grompp_em grompp -f "$MDP_DIR/em.mdp" -c solv_ions.gro -p topol.top -o em.tpr
gmx_step mdrun_em mdrun -deffnm em "${MDRUN_ARGS[@]}"
gmx_step_input energy_em Potential energy -f em.edr -o em_potential.xvg

gmx_step grompp_nvt grompp -f "$MDP_DIR/nvt.mdp" -c em.gro -r em.gro -p topol.top -o nvt.tpr
gmx_step mdrun_nvt mdrun -deffnm nvt "${MDRUN_ARGS[@]}"
gmx_step_input energy_nvt Temperature energy -f nvt.edr -o nvt_temperature.xvg

gmx_step grompp_npt grompp -f "$MDP_DIR/npt.mdp" -c nvt.gro -r nvt.gro -t nvt.cpt \
  -p topol.top -o npt.tpr
gmx_step mdrun_npt mdrun -deffnm npt "${MDRUN_ARGS[@]}"
gmx_step_input energy_npt "Pressure Density" energy -f npt.edr -o npt_pd.xvg

summarise_xvg() {
  awk '!/^[#@]/ { n++; s += $2 } END { if (n) printf "%.3f", s / n; else printf "nan" }' "$1"
}

log "copying results to build/$NAME"
for f in topol.top posre*.itp em.gro nvt.gro npt.gro npt.cpt npt.tpr \
         em_potential.xvg nvt_temperature.xvg npt_pd.xvg; do
  # shellcheck disable=SC2086
  cp -- $f "$OUT/" 2>/dev/null || log "note: $f not produced"
done

{
  printf 'system\t%s\n' "$NAME"
  printf 'forcefield\t%s\n' "$FORCEFIELD"
  printf 'water\t%s\n' "$WATER"
  printf 'mean_T_nvt\t%s\n' "$(summarise_xvg nvt_temperature.xvg)"
  printf 'mean_P_npt\t%s\n' "$(summarise_xvg npt_pd.xvg)"
  printf 'gmx\t%s\n' "$("$GMX" --version 2>/dev/null | awk -F: '/GROMACS version/ {gsub(/ /,"",$2); print $2}')"
  printf 'git\t%s\n' "$(git -C "$PROJECT_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
} > "$OUT/summary.tsv"

log "done: build/$NAME/summary.tsv"
column -t -s $'\t' "$OUT/summary.tsv" >&2 || cat "$OUT/summary.tsv" >&2

# Report large intermediate files left in the scratch dir when -k was given
if (( KEEP_TMP )); then
  log "largest scratch files:"
  du -ah "$TMP" | sort -rh | head -n 5 >&2
fi

# Sanity thresholds from the lab protocol
T_MEAN="$(summarise_xvg nvt_temperature.xvg)"
if awk -v t="$T_MEAN" 'BEGIN { exit !(t < 290 || t > 310) }'; then
  log "WARNING: mean NVT temperature $T_MEAN K outside 290-310 K"
fi

log "next: gmx grompp -f mdp/md.mdp -c build/$NAME/npt.gro -t build/$NAME/npt.cpt -p build/$NAME/topol.top -o build/$NAME/md.tpr"
exit 0
