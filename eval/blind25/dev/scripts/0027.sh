#!/usr/bin/env bash
# nf.sh - run the lab's Nextflow RNA-seq pipeline with the right profile.
#
#   tools/nf.sh run    [--samplesheet FILE] [--profile P] [--resume]
#   tools/nf.sh clean  [--older-than RUN]   # nextflow clean for THIS launch dir
#   tools/nf.sh report                      # open the last execution report
#   tools/nf.sh status                      # nextflow log for this project
#
# Work dir is work/ inside the repository (never the shared scratch), and
# results go to results/<run-name>/. clean only touches runs listed by
# `nextflow log` for this launch directory.
set -Eeuo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

PIPELINE="$ROOT/main.nf"
WORK="$ROOT/work"
RESULTS="$ROOT/results"
PARAMS="$ROOT/params.yaml"
SAMPLESHEET="$ROOT/assets/samplesheet.csv"
PROFILE="${NF_PROFILE:-docker}"
RESUME=()
NXF_VER_REQUIRED="24.04"

log()  { printf '\033[1;34m>>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31mxx\033[0m %s\n' "$*" >&2; exit 1; }

on_err() {
  local rc=$? line=$1
  warn "failed at line $line (exit $rc)"
  warn "see .nextflow.log; rerun with --resume to continue"
}
trap 'on_err $LINENO' ERR

need() { command -v "$1" >/dev/null 2>&1 || die "$1 is required"; }

check_versions() {
  need nextflow
  need java
  local v
  v=$(nextflow -version 2>/dev/null | awk '/version/ {print $2; exit}')
  if [[ -z "$v" ]]; then
    warn "could not read nextflow version"
  elif [[ "$(printf '%s\n%s\n' "$NXF_VER_REQUIRED" "$v" | sort -V | head -n1)" != "$NXF_VER_REQUIRED" ]]; then
    die "nextflow $v is older than $NXF_VER_REQUIRED (run: nextflow self-update)"
  fi
  case "$PROFILE" in
    *docker*) need docker; docker info >/dev/null 2>&1 || die "docker daemon not reachable" ;;
    *singularity*|*apptainer*) command -v apptainer >/dev/null || need singularity ;;
    *conda*) need conda ;;
  esac
}

validate_samplesheet() {
  local sheet="$1" header line n=0 bad=0
  [[ -f "$sheet" ]] || die "samplesheet $sheet not found"
  IFS= read -r header < "$sheet"
  [[ "$header" == sample,fastq_1,fastq_2,strandedness* ]] || die "unexpected header: $header"
  while IFS=, read -r sample r1 r2 strand _; do
    n=$((n + 1))
    for f in "$r1" "$r2"; do
      [[ -z "$f" ]] && continue
      if [[ "$f" != /* && "$f" != s3://* ]]; then f="$ROOT/$f"; fi
      if [[ "$f" != s3://* && ! -s "$f" ]]; then
        warn "sample $sample: missing $f"
        bad=$((bad + 1))
      fi
    done
    case "$strand" in auto|forward|reverse|unstranded) ;; *) warn "sample $sample: strandedness '$strand'"; bad=$((bad + 1)) ;; esac
  done < <(tail -n +2 "$sheet")
  log "$n samples in $(basename "$sheet")"
  (( bad == 0 )) || die "$bad problem(s) in samplesheet"
}

cmd_run() {
  local run_name
  while (( $# )); do
    case "$1" in
      --samplesheet) SAMPLESHEET="$2"; shift 2 ;;
      --profile) PROFILE="$2"; shift 2 ;;
      --resume) RESUME=(-resume); shift ;;
      *) die "unknown option $1" ;;
    esac
  done
  check_versions
  validate_samplesheet "$SAMPLESHEET"
  run_name="rnaseq_$(date +%Y%m%d_%H%M%S)_$(git rev-parse --short HEAD 2>/dev/null || echo nogit)"
  mkdir -p "$RESULTS/$run_name" "$WORK"
  log "run $run_name with profile $PROFILE"
  nextflow -log "$RESULTS/$run_name/nextflow.log" run "$PIPELINE" \
    -profile "$PROFILE" \
    -params-file "$PARAMS" \
    -work-dir "$WORK" \
    -name "$run_name" \
    -with-report "$RESULTS/$run_name/report.html" \
    -with-timeline "$RESULTS/$run_name/timeline.html" \
    --input "$SAMPLESHEET" \
    --outdir "$RESULTS/$run_name" \
    "${RESUME[@]}"
  ln -sfn "$run_name" "$RESULTS/latest"
  log "done: results/$run_name"
}

cmd_clean() {
  local older=""
  while (( $# )); do
    case "$1" in
      --older-than) older="$2"; shift 2 ;;
      *) die "unknown option $1" ;;
    esac
  done
  [[ -d "$ROOT/.nextflow" ]] || die "no .nextflow history here; nothing to clean"
  # nextflow clean only knows the runs launched from this directory
  if [[ -n "$older" ]]; then
    nextflow clean -n -before "$older"
    read -r -p "remove the work files listed above? [y/N] " ans
    [[ "$ans" == [yY]* ]] || { log "nothing removed"; return 0; }
    nextflow clean -f -before "$older"
  else
    nextflow clean -n -but "$(nextflow log -q | tail -n 1)"
    read -r -p "remove work files of all but the last run? [y/N] " ans
    [[ "$ans" == [yY]* ]] || { log "nothing removed"; return 0; }
    nextflow clean -f -but "$(nextflow log -q | tail -n 1)"
  fi
  find "$WORK" -mindepth 1 -maxdepth 2 -type d -empty -delete 2>/dev/null || true
  du -sh "$WORK" 2>/dev/null || true
}

cmd_report() {
  local report
  report="$(readlink -f "$RESULTS/latest")/report.html"
  [[ -f "$report" ]] || die "no report for the latest run"
  if command -v xdg-open >/dev/null; then xdg-open "$report" >/dev/null 2>&1 &
  else log "$report"; fi
}

cmd_status() {
  nextflow log | tail -n 15
  if [[ -L "$RESULTS/latest" ]]; then
    log "latest: $(readlink "$RESULTS/latest")"
    du -sh "$RESULTS/$(readlink "$RESULTS/latest")" 2>/dev/null || true
  fi
}

cmd_params() {
  # show the effective parameters without running anything
  [[ -f "$PARAMS" ]] || die "no $PARAMS"
  log "params from ${PARAMS#"$ROOT"/}:"
  sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' "$PARAMS" | sed 's/^/    /'
  log "profile: $PROFILE"
  log "work dir: ${WORK#"$ROOT"/}"
  nextflow config -profile "$PROFILE" "$PIPELINE" 2>/dev/null \
    | grep -E '^\s*(process|docker|singularity)' | head -n 20 || true
}

cmd_lint() {
  need nextflow
  local f rc=0
  for f in "$PIPELINE" "$ROOT"/modules/*/*.nf "$ROOT"/subworkflows/*/*.nf; do
    [[ -f "$f" ]] || continue
    if ! nextflow lint "$f" >/dev/null 2>&1; then
      warn "lint: ${f#"$ROOT"/}"
      rc=1
    fi
  done
  return "$rc"
}

main() {
  local sub="${1:-}"
  [[ -n "$sub" ]] || { sed -n '2,11p' "$0"; exit 2; }
  shift
  case "$sub" in
    run) cmd_run "$@" ;;
    clean) cmd_clean "$@" ;;
    report) cmd_report ;;
    status) cmd_status ;;
    params) cmd_params ;;
    lint) cmd_lint ;;
    *) die "unknown command $sub" ;;
  esac
}

main "$@"
