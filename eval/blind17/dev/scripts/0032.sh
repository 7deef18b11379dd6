#!/bin/bash
# hpc/run_alignment.sh — submit the read-alignment array job and collect results.
#
#   hpc/run_alignment.sh submit samples.tsv   write the sbatch script, submit array
#   hpc/run_alignment.sh status               squeue/sacct for the recorded job id
#   hpc/run_alignment.sh cancel               scancel the recorded job id only
#   hpc/run_alignment.sh collect              rsync per-sample BAM stats to results/
#   hpc/run_alignment.sh clean                remove this run's scratch directory
#
# The job id of the last submission is kept in hpc/.last_job so cancel/status
# never touch other jobs of the user.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")/.." && pwd)"
RUN_NAME="${RUN_NAME:-align-$(date +%Y%m%d)}"
SCRATCH_BASE="${SCRATCH:-/scratch/$USER}"
RUN_SCRATCH="$SCRATCH_BASE/wgs-align/$RUN_NAME"
RESULTS="$PROJECT_DIR/results/$RUN_NAME"
JOBFILE="$PROJECT_DIR/hpc/.last_job"
SBATCH_FILE="$PROJECT_DIR/hpc/generated/$RUN_NAME.sbatch"
PARTITION="${PARTITION:-compute}"
MODULES=(bwa/0.7.17 samtools/1.19 apptainer/1.3)
CONTAINER="$PROJECT_DIR/containers/align.sif"

err() { echo "run_alignment: $*" >&2; exit 1; }

write_sbatch() {
  local samples="$1" n="$2"
  mkdir -p "$(dirname "$SBATCH_FILE")" "$RUN_SCRATCH/logs"
  cat >"$SBATCH_FILE" <<EOF
#!/bin/bash
#SBATCH --job-name=$RUN_NAME
#SBATCH --partition=$PARTITION
#SBATCH --array=1-$n%20
#SBATCH --cpus-per-task=16
#SBATCH --mem=48G
#SBATCH --time=08:00:00
#SBATCH --output=$RUN_SCRATCH/logs/%A_%a.out
set -euo pipefail
module purge
module load ${MODULES[*]}
line=\$(sed -n "\${SLURM_ARRAY_TASK_ID}p" "$samples")
sample=\$(cut -f1 <<<"\$line")
r1=\$(cut -f2 <<<"\$line")
r2=\$(cut -f3 <<<"\$line")
out="$RUN_SCRATCH/\$sample"
mkdir -p "\$out"
apptainer exec --bind "$PROJECT_DIR","$RUN_SCRATCH" "$CONTAINER" \\
  bash -c "bwa mem -t 16 ref/GRCh38.fa \$r1 \$r2 | samtools sort -@4 -o \$out/\$sample.bam - && samtools index \$out/\$sample.bam && samtools flagstat \$out/\$sample.bam > \$out/\$sample.flagstat"
EOF
}

cmd_submit() {
  local samples="${1:-}"
  [[ -f "$samples" ]] || err "usage: $0 submit <samples.tsv>"
  samples="$(readlink -f "$samples")"
  local n
  n="$(grep -cv '^\s*$' "$samples")"
  (( n > 0 )) || err "$samples has no samples"
  [[ -f "$CONTAINER" ]] || err "container image missing: $CONTAINER (see hpc/README.md)"
  write_sbatch "$samples" "$n"
  local jid
  jid="$(sbatch --parsable "$SBATCH_FILE")"
  jid="${jid%%;*}"
  printf '%s %s %s\n' "$jid" "$RUN_NAME" "$(date -Is)" >"$JOBFILE"
  echo "submitted $RUN_NAME: array job $jid with $n task(s)"
}

last_job() {
  [[ -f "$JOBFILE" ]] || err "no recorded job (submit first)"
  cut -d' ' -f1 "$JOBFILE"
}

cmd_status() {
  local jid
  jid="$(last_job)"
  echo "job $jid ($(cut -d' ' -f2 "$JOBFILE"))"
  squeue -j "$jid" -o '%.18i %.9P %.12j %.8T %.10M %R' 2>/dev/null || true
  sacct -j "$jid" -X --format=JobID%20,State,Elapsed,ExitCode --noheader \
    | awk '{ s[$2]++ } END { for (k in s) printf "  %-12s %d\n", k, s[k] }'
}

cmd_cancel() {
  local jid
  jid="$(last_job)"
  read -r -p "cancel job $jid? [y/N] " a
  [[ "$a" == [yY] ]] || exit 1
  scancel "$jid"
  echo "cancelled $jid"
}

cmd_collect() {
  mkdir -p "$RESULTS"
  # copy only the small per-sample stats; BAMs stay on scratch
  rsync -a --prune-empty-dirs \
    --include '*/' --include '*.flagstat' --include '*.bai' --exclude '*' \
    "$RUN_SCRATCH/" "$RESULTS/"
  local total
  total="$(find "$RESULTS" -name '*.flagstat' | wc -l)"
  echo "collected $total flagstat file(s) into ${RESULTS#"$PROJECT_DIR"/}"
  summarize
}

summarize() {
  local f sample mapped
  printf '%-24s %s\n' sample mapped%
  for f in "$RESULTS"/*/*.flagstat; do
    [[ -f "$f" ]] || continue
    sample="$(basename "$f" .flagstat)"
    mapped="$(grep -m1 ' mapped (' "$f" | sed -E 's/.*\(([0-9.]+)%.*/\1/')"
    printf '%-24s %s\n' "$sample" "${mapped:-?}"
  done | tee "$RESULTS/summary.tsv"
}

cmd_clean() {
  [[ -d "$RUN_SCRATCH" ]] || { echo "nothing to clean"; return; }
  case "$RUN_SCRATCH" in
    "$SCRATCH_BASE"/wgs-align/?*) ;;
    *) err "refusing to remove unexpected path $RUN_SCRATCH" ;;
  esac
  echo "removing $RUN_SCRATCH"
  rm -rf -- "$RUN_SCRATCH"
}

cmd_resubmit_failed() {
  # resubmit only the array indices that failed in the recorded job
  local jid failed
  jid="$(last_job)"
  failed="$(sacct -j "$jid" --format=JobID%30,State --noheader --parsable2 \
    | awk -F'|' '$2 ~ /FAILED|TIMEOUT|OUT_OF_MEMORY/ { split($1, a, "_"); if (a[2] ~ /^[0-9]+$/) print a[2] }' \
    | sort -n | paste -sd, -)"
  if [[ -z "$failed" ]]; then
    echo "no failed tasks in $jid"
    return 0
  fi
  echo "resubmitting tasks $failed of $jid"
  local new
  new="$(sbatch --parsable --array="$failed" "$SBATCH_FILE")"
  new="${new%%;*}"
  printf '%s %s %s\n' "$new" "$RUN_NAME" "$(date -Is)" >"$JOBFILE"
  echo "resubmitted as $new"
}

cmd_logs() {
  # show the tail of the log files of failed tasks
  local jid f
  jid="$(last_job)"
  for f in "$RUN_SCRATCH"/logs/"${jid}"_*.out; do
    [[ -f "$f" ]] || continue
    if grep -qiE 'error|killed|oom' "$f"; then
      echo "== $(basename "$f")"
      tail -n 15 "$f"
    fi
  done
}

cmd_usage() {
  # quota of the scratch filesystem and size of this run
  if command -v lfs >/dev/null 2>&1; then
    lfs quota -h -u "$USER" "$SCRATCH_BASE" || true
  fi
  du -sh "$RUN_SCRATCH" 2>/dev/null || echo "no scratch dir yet"
}

main() {
  command -v sbatch >/dev/null || err "not on a Slurm login node"
  local cmd="${1:-}"; shift || true
  case "$cmd" in
    submit) cmd_submit "$@" ;;
    status) cmd_status ;;
    cancel) cmd_cancel ;;
    collect) cmd_collect ;;
    clean) cmd_clean ;;
    resubmit-failed) cmd_resubmit_failed ;;
    logs) cmd_logs ;;
    usage) cmd_usage ;;
    *) sed -n '2,11p' "$0"; exit 2 ;;
  esac
}

main "$@"
