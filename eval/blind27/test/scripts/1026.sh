#!/usr/bin/env bash
# LAMMPS campaign runner for the grain-boundary study.
#
#   campaign/run.sh -m campaign/matrix.tsv [-p 4] [-t 2] [-r] [-n]
#
# matrix.tsv columns: tag  input  temperature  strain_rate
# Each row runs `lmp -in <input>` with -var overrides inside runs/<tag>/,
# up to -p runs in parallel, OMP threads -t each. -r re-runs tags whose
# directory already exists (the old directory is removed first), -n is a
# dry run. PIDs of started runs are tracked so Ctrl-C stops only them.
set -Eeuo pipefail

CAMPAIGN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TOP="$(dirname "$CAMPAIGN_DIR")"
RUNS="$TOP/runs"
MATRIX=""
PARALLEL=2
THREADS=2
RERUN=0
DRY=0
LMP="${LMP:-lmp}"
declare -a PIDS=()
declare -A PID_TAG=()

log()  { printf '%(%H:%M:%S)T [campaign] %s\n' -1 "$*"; }
warn() { printf '%(%H:%M:%S)T [campaign] WARN %s\n' -1 "$*" >&2; }
die()  { printf '%(%H:%M:%S)T [campaign] ERROR %s\n' -1 "$*" >&2; exit 1; }

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts ":m:p:t:rnh" opt; do
  case $opt in
    m) MATRIX="$OPTARG" ;;
    p) PARALLEL="$OPTARG" ;;
    t) THREADS="$OPTARG" ;;
    r) RERUN=1 ;;
    n) DRY=1 ;;
    h) usage 0 ;;
    :) die "-$OPTARG requires a value" ;;
    \?) die "unknown option -$OPTARG" ;;
  esac
done
[[ -n "$MATRIX" && -f "$MATRIX" ]] || usage 1
[[ "$PARALLEL" =~ ^[1-9][0-9]*$ ]] || die "-p must be a positive integer"
[[ "$THREADS" =~ ^[1-9][0-9]*$ ]] || die "-t must be a positive integer"
command -v "$LMP" >/dev/null || die "LAMMPS binary '$LMP' not found"

stop_runs() {
  local pid
  if (( ${#PIDS[@]} )); then
    warn "stopping ${#PIDS[@]} run(s) started by this script"
    for pid in "${PIDS[@]}"; do
      kill -TERM "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
  fi
}
trap 'stop_runs; exit 130' INT TERM
trap 'warn "command failed at line $LINENO"' ERR

reap() {
  # wait for any started run to finish and record its status
  local pid rc tag
  wait -n -p pid 2>/dev/null && rc=0 || rc=$?
  [[ -n "${pid:-}" ]] || return 0
  tag="${PID_TAG[$pid]:-?}"
  if (( rc == 0 )); then
    log "done: $tag"
    echo "ok" > "$RUNS/$tag/STATUS"
  else
    warn "failed: $tag (exit $rc, see runs/$tag/log.lammps)"
    echo "failed $rc" > "$RUNS/$tag/STATUS"
  fi
  local keep=() p
  for p in "${PIDS[@]}"; do
    [[ "$p" == "$pid" ]] || keep+=("$p")
  done
  PIDS=("${keep[@]+"${keep[@]}"}")
  unset "PID_TAG[$pid]"
}

launch() {
  local tag="$1" input="$2" temp="$3" rate="$4"
  local dir="$RUNS/$tag"
  if [[ -d "$dir" ]]; then
    if (( RERUN )); then
      case "$dir" in
        "$RUNS"/?*) rm -rf -- "$dir" ;;
        *) die "refusing to remove $dir" ;;
      esac
    else
      log "skip $tag (exists; use -r to re-run)"
      return 0
    fi
  fi
  local in_path="$TOP/$input"
  [[ -f "$in_path" ]] || { warn "$tag: input $input missing"; return 0; }
  local -a argv=("$LMP" -sf omp -pk omp "$THREADS" -in "$in_path"
                 -var T "$temp" -var rate "$rate" -var tag "$tag"
                 -log log.lammps -screen none)
  if (( DRY )); then
    printf '[dry-run] (cd runs/%s && %s)\n' "$tag" "${argv[*]}"
    return 0
  fi
  mkdir -p "$dir"
  cp -- "$in_path" "$dir/"
  printf '%s\n' "${argv[@]}" > "$dir/COMMAND"
  ( cd "$dir" && OMP_NUM_THREADS="$THREADS" exec "${argv[@]}" ) &
  local pid=$!
  PIDS+=("$pid")
  PID_TAG[$pid]="$tag"
  log "started $tag (pid $pid, T=$temp, rate=$rate)"
}

check_matrix() {
  # every input referenced by the matrix must exist before anything starts
  local missing=0 tag input _t _r
  while IFS=$'\t' read -r tag input _t _r; do
    [[ -z "$tag" || "$tag" == \#* || "$tag" == "tag" ]] && continue
    if [[ ! -f "$TOP/$input" ]]; then
      warn "matrix row $tag: $input not found"
      missing=$((missing + 1))
    fi
  done < "$MATRIX"
  (( missing == 0 )) || die "$missing input file(s) missing"
}

check_matrix
mkdir -p "$RUNS"
total=0
while IFS=$'\t' read -r tag input temp rate; do
  [[ -z "$tag" || "$tag" == \#* || "$tag" == "tag" ]] && continue
  [[ "$tag" =~ ^[A-Za-z0-9._-]+$ ]] || { warn "bad tag '$tag'"; continue; }
  while (( ${#PIDS[@]} >= PARALLEL )); do
    reap
  done
  launch "$tag" "$input" "$temp" "$rate"
  total=$((total + 1))
done < "$MATRIX"

while (( ${#PIDS[@]} )); do
  reap
done

summarise() {
  local d tag status loop
  printf '%-24s %-10s %s\n' "tag" "status" "loop time"
  for d in "$RUNS"/*/; do
    tag="$(basename "$d")"
    status="$(cat "$d/STATUS" 2>/dev/null || echo '-')"
    loop="$(grep -m1 '^Loop time' "$d/log.lammps" 2>/dev/null | awk '{print $4 "s"}' || true)"
    printf '%-24s %-10s %s\n' "$tag" "$status" "${loop:--}"
  done
}

collect_thermo() {
  # last thermo line of each run into one TSV for plotting
  local out="$TOP/build/campaign_thermo.tsv" d
  mkdir -p "$TOP/build"
  : > "$out"
  for d in "$RUNS"/*/; do
    [[ -f "$d/log.lammps" ]] || continue
    awk -v tag="$(basename "$d")" '
      /^ *Step / { header = 1; next }
      /^Loop time/ { header = 0 }
      header && NF > 3 { last = $0 }
      END { if (last != "") print tag "\t" last }' "$d/log.lammps" >> "$out"
  done
  log "thermo summary: ${out#$TOP/}"
}

if (( DRY )); then
  log "dry run: $total row(s) would be processed"
  exit 0
fi
summarise
collect_thermo
failed=$(grep -l '^failed' "$RUNS"/*/STATUS 2>/dev/null | wc -l || true)
log "$total row(s) processed, $failed failed"
(( failed == 0 ))
