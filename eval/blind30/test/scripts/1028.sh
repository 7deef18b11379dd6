#!/usr/bin/env bash
# stata_pipeline.sh - run the Stata do-files of the wage study in order
#
#   ./stata_pipeline.sh              full run (do/*.do in numeric order)
#   ./stata_pipeline.sh 03 05        only do-files whose number is given
#   STATA=stata-se ./stata_pipeline.sh
#
# Stata in batch mode (-b) writes <name>.log into the current directory and exits 0
# even after an error, so every do-file runs inside its own folder under
# build/stata/<name>/ and the log is checked for "r(###);" lines and a proper
# "end of do-file". Logs are copied to logs/stata/ with a timestamp. Temporary
# folders created by this script are removed at exit.
set -Eeuo pipefail
shopt -s nullglob

readonly ROOT=$(cd "$(dirname "$0")/.." && pwd)
readonly STATA=${STATA:-stata-mp}
readonly WORK="$ROOT/build/stata"
readonly LOGS="$ROOT/logs/stata"
readonly STAMP=$(date +%Y%m%d-%H%M%S)
readonly MAX_MINUTES=${STATA_MAX_MINUTES:-120}
declare -a results=()
tmp_ado=""

note() { echo "[stata] $*"; }
abort() { echo "[stata] ERROR: $*" >&2; exit 1; }

cleanup() {
  [[ -n $tmp_ado && -d $tmp_ado ]] && rm -rf -- "$tmp_ado"
}
trap cleanup EXIT

command -v "$STATA" >/dev/null || abort "$STATA not on PATH (module load stata?)"
mkdir -p "$WORK" "$LOGS"

# Project-local ado directory: the do-files use reghdfe/ftools from ado/ in the repo.
# Stata reads S_ADO from the environment; we prepend the repository copy.
tmp_ado=$(mktemp -d)
cp -R "$ROOT/ado/." "$tmp_ado/"
export S_ADO="\"$tmp_ado\";BASE;SITE;PLUS;PERSONAL"

select_files() {
  local -a all=("$ROOT"/do/[0-9][0-9]_*.do)
  (( ${#all[@]} )) || abort "no do-files in do/"
  if (( $# == 0 )); then
    printf '%s\n' "${all[@]}"
    return
  fi
  local f n
  for f in "${all[@]}"; do
    for n in "$@"; do
      [[ $(basename "$f") == "$n"_* ]] && printf '%s\n' "$f"
    done
  done
}

check_log() {
  local log=$1
  [[ -f $log ]] || { echo "no-log"; return; }
  local errors
  errors=$(grep -cE '^r\([0-9]+\);' "$log" || true)
  if (( errors > 0 )); then
    echo "error:$(grep -oE '^r\([0-9]+\);' "$log" | head -n1)"
  elif ! tail -n 5 "$log" | grep -q 'end of do-file'; then
    echo "incomplete"
  else
    echo "ok"
  fi
}

run_do() {
  local file=$1 name dir started status
  name=$(basename "$file" .do)
  dir="$WORK/$name"
  rm -rf -- "$dir"
  mkdir -p "$dir"
  started=$SECONDS
  note "$name"
  (
    cd "$dir"
    timeout "$((MAX_MINUTES * 60))" "$STATA" -b do "$file" "$ROOT"
  ) || true
  status=$(check_log "$dir/$name.log")
  if [[ -f $dir/$name.log ]]; then
    cp -- "$dir/$name.log" "$LOGS/$STAMP-$name.log"
    ln -sfn "$STAMP-$name.log" "$LOGS/latest-$name.log"
  fi
  results+=("$name|$status|$((SECONDS - started))")
  note "$name: $status ($((SECONDS - started))s)"
  [[ $status == ok ]]
}

collect_outputs() {
  # do-files export tables/figures into their working folder; gather them in output/
  local dest="$ROOT/output/$STAMP"
  mkdir -p "$dest"
  local f
  for f in "$WORK"/*/*.{tex,csv,png,pdf,xlsx}; do
    cp -- "$f" "$dest/"
  done
  ln -sfn "$STAMP" "$ROOT/output/latest"
  note "outputs in output/$STAMP ($(ls -1 "$dest" | wc -l | tr -d ' ') files)"
}

table() {
  printf '\n%-36s %-18s %8s\n' do-file status seconds
  local r n s t
  for r in "${results[@]}"; do
    IFS='|' read -r n s t <<<"$r"
    printf '%-36s %-18s %8s\n' "$n" "$s" "$t"
  done
}

write_json() {
  local out="$LOGS/$STAMP-summary.json" r n s t first=1
  {
    printf '{"run":"%s","stata":"%s","steps":[' "$STAMP" "$STATA"
    for r in "${results[@]}"; do
      IFS='|' read -r n s t <<<"$r"
      (( first )) || printf ','
      printf '{"name":"%s","status":"%s","seconds":%s}' "$n" "$s" "$t"
      first=0
    done
    printf ']}\n'
  } > "$out"
}

prune_logs() {
  # keep the newest 20 runs of logs; names start with the timestamp
  local -a stamps
  mapfile -t stamps < <(ls -1 "$LOGS" | grep -E '^[0-9]{8}-[0-9]{6}-' | cut -c1-15 | sort -u)
  local n=${#stamps[@]} i
  (( n > 20 )) || return 0
  for (( i = 0; i < n - 20; i++ )); do
    rm -f -- "$LOGS/${stamps[i]}"-*
  done
}

check_data() {
  # The pipeline expects the raw extracts listed in data/MANIFEST with matching sizes.
  local manifest="$ROOT/data/MANIFEST" file size actual missing=0
  [[ -f $manifest ]] || { note "no data/MANIFEST, skipping data check"; return 0; }
  while read -r file size; do
    [[ -z $file || $file == \#* ]] && continue
    if [[ ! -f $ROOT/data/$file ]]; then
      note "missing data/$file"
      missing=$((missing + 1))
      continue
    fi
    actual=$(wc -c < "$ROOT/data/$file" | tr -d ' ')
    if [[ $actual != "$size" ]]; then
      note "data/$file has $actual bytes, manifest says $size"
      missing=$((missing + 1))
    fi
  done < "$manifest"
  (( missing == 0 )) || abort "$missing data problem(s); fetch the extracts first (make data)"
}

stata_version() {
  # `stata-mp -q -e` is not portable; read the version from a tiny batch run instead.
  local d
  d=$(mktemp -d)
  printf 'display c(stata_version)\n' > "$d/v.do"
  ( cd "$d" && "$STATA" -b do v.do ) >/dev/null 2>&1 || true
  if [[ -f $d/v.log ]]; then
    note "Stata $(grep -E '^[0-9]+(\.[0-9]+)?$' "$d/v.log" | head -n1)"
  fi
  rm -rf -- "$d"
}

check_data
stata_version
mapfile -t files < <(select_files "$@")
(( ${#files[@]} )) || abort "nothing selected"
ok=1
for f in "${files[@]}"; do
  if ! run_do "$f"; then
    ok=0
    note "stopping after failure"
    break
  fi
done
table
write_json
prune_logs
if (( ok )); then
  collect_outputs
else
  exit 1
fi
