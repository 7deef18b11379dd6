#!/bin/bash
# Run the SAS programs of the annual report in order and collect their logs.
#
#   ./tools/sas_batch.sh                 # all programs listed in sas/manifest.txt
#   ./tools/sas_batch.sh 03_models       # only programs whose name contains 03_models
#   SAS_BIN=/opt/sas94/SASFoundation/9.4/sas ./tools/sas_batch.sh
#
# SAS in batch mode returns 0 (ok), 1 (warnings) or 2+ (errors). We also scan the
# logs because some procedures report data problems only as "NOTE:" lines that we
# treat as failures (uninitialized variables, missing values generated, merge with
# repeats of BY values). Logs and listings go to build/sas/, a summary to logs/.
set -u
set -o pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
sas_bin="${SAS_BIN:-sas}"
manifest="$root/sas/manifest.txt"
build="$root/build/sas"
logdir="$root/logs"
filter="${1:-}"
work=""
declare -a results=()

log() { echo "[sas_batch] $*"; }
die() { echo "[sas_batch] ERROR: $*" >&2; exit 1; }

cleanup() {
  # SAS leaves SAS_work* folders behind when it is killed; remove the ones in our work dir
  if [[ -n "$work" && -d "$work" ]]; then
    rm -rf -- "$work"
  fi
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT

command -v "$sas_bin" >/dev/null 2>&1 || die "SAS executable '$sas_bin' not found"
[[ -f "$manifest" ]] || die "missing $manifest"

mkdir -p "$build" "$logdir"
work="$(mktemp -d "$build/work.XXXXXX")"

# Patterns in the log that fail a step even when SAS exits 0 or 1.
read -r -d '' BAD_NOTES <<'EOF' || true
^ERROR
^ERROR:
NOTE: Variable .* is uninitialized
NOTE: Missing values were generated
NOTE: MERGE statement has more than one data set with repeats of BY values
NOTE: Invalid data for
WARNING: Apparent symbolic reference .* not resolved
EOF

scan_log() {
  local logfile=$1 pattern hits=0
  while IFS= read -r pattern; do
    [[ -z "$pattern" ]] && continue
    if grep -Eq "$pattern" "$logfile"; then
      grep -En "$pattern" "$logfile" | head -n 3 | sed 's/^/    /'
      hits=$((hits + 1))
    fi
  done <<< "$BAD_NOTES"
  return "$hits"
}

run_program() {
  local prog=$1 name rc started elapsed
  name="$(basename "$prog" .sas)"
  started=$(date +%s)
  log "running $name"
  "$sas_bin" -nodms -noterminal \
    -sysin "$prog" \
    -log "$build/$name.log" \
    -print "$build/$name.lst" \
    -work "$work" \
    -set PROJECT_ROOT "$root" \
    -sysparm "year=$(date +%Y)" \
    >/dev/null 2>&1
  rc=$?
  elapsed=$(( $(date +%s) - started ))
  local scan=0
  if [[ -f "$build/$name.log" ]]; then
    scan_log "$build/$name.log" || scan=$?
  else
    log "no log for $name"
    scan=99
  fi
  local status="ok"
  if (( rc >= 2 )); then
    status="error(rc=$rc)"
  elif (( scan > 0 )); then
    status="log-issues($scan)"
  elif (( rc == 1 )); then
    status="warnings"
  fi
  results+=("$name|$status|$elapsed")
  log "$name: $status in ${elapsed}s"
  [[ "$status" == ok || "$status" == warnings ]]
}

collect_outputs() {
  # The programs write ODS output into build/sas/ods/; make a dated copy for the report team.
  local src="$build/ods" dest
  dest="$root/reports/sas/$(date +%Y-%m-%d)"
  if [[ -d "$src" ]]; then
    mkdir -p "$dest"
    cp -a "$src/." "$dest/"
    log "copied ODS output to ${dest#$root/}"
  fi
}

write_summary() {
  local summary="$logdir/sas-$(date +%Y%m%d-%H%M).txt"
  {
    printf '%-32s %-20s %8s\n' program status seconds
    local r
    for r in "${results[@]}"; do
      IFS='|' read -r n s e <<< "$r"
      printf '%-32s %-20s %8s\n' "$n" "$s" "$e"
    done
  } | tee "$summary"
  log "summary: ${summary#$root/}"
}

check_license() {
  # An expired SETINIT makes every program fail with the same cryptic error; say so up front.
  local probe="$work/license_probe.sas" out="$work/license_probe.log"
  printf 'proc setinit; run;\n' > "$probe"
  "$sas_bin" -nodms -noterminal -sysin "$probe" -log "$out" -work "$work" >/dev/null 2>&1 || true
  if grep -q 'EXPIRATION' "$out" 2>/dev/null; then
    local exp
    exp="$(grep -m1 -o 'Expiration: *[0-9A-Z]*' "$out" || true)"
    log "licence ok (${exp:-expiration unknown})"
  else
    log "could not read SETINIT; continuing anyway"
  fi
}

compare_with_previous() {
  # Flag programs that got much slower than in the previous summary.
  local prev
  prev="$(ls -1t "$logdir"/sas-*.txt 2>/dev/null | sed -n '2p')"
  [[ -n "$prev" ]] || return 0
  local r n s e old
  for r in "${results[@]}"; do
    IFS='|' read -r n s e <<< "$r"
    old="$(awk -v p="$n" '$1 == p {print $3}' "$prev")"
    [[ -n "$old" && "$old" -gt 0 ]] || continue
    if (( e > old * 2 && e > 60 )); then
      log "note: $n took ${e}s, previous run ${old}s"
    fi
  done
}

check_license

programs=()
while IFS= read -r line; do
  line="${line%%#*}"
  line="$(echo "$line" | xargs)"
  [[ -z "$line" ]] && continue
  [[ -n "$filter" && "$line" != *"$filter"* ]] && continue
  [[ -f "$root/sas/$line" ]] || die "manifest entry sas/$line does not exist"
  programs+=("$root/sas/$line")
done < "$manifest"
(( ${#programs[@]} > 0 )) || die "no programs match '${filter}'"

failed=0
for prog in "${programs[@]}"; do
  if ! run_program "$prog"; then
    failed=1
    log "stopping after failure in $(basename "$prog")"
    break
  fi
done

write_summary
compare_with_previous
if (( failed == 0 )); then
  collect_outputs
  # Remove listings of successful runs; keep the logs.
  find "$build" -maxdepth 1 -name '*.lst' -size -1k -delete
fi
exit "$failed"
