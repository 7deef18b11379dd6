#!/usr/bin/env bash
#
# libfuzzer-run.sh - run tessera's libFuzzer targets with fork mode, then
# de-duplicate the crashes by stack signature.
#
#   tools/libfuzzer-run.sh                     # every target, 300 s each
#   tools/libfuzzer-run.sh png_fuzzer 1800     # one target, 30 min
#   FORKS=8 tools/libfuzzer-run.sh             # parallel fork workers
#
# Targets are the *_fuzzer executables in _build/fuzz (configure with
# -DTESSERA_FUZZ=ON).  Corpora live in fuzz/corpus/<target>, dictionaries in
# fuzz/dict/<target>.dict.  Crashes are collected in _build/fuzz/crashes/<target>
# and unique ones (by top-3 frames of the ASan report) are copied to
# tests/regressions/<target>/ where ctest picks them up.
#
# The fuzzer is run as a child of this script; on Ctrl-C it receives SIGINT
# (libFuzzer then writes its final stats) and the summary is still produced.

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
readonly TOP=$(git rev-parse --show-toplevel)
readonly FUZZ_BIN="$TOP/_build/fuzz"
readonly FORKS=${FORKS:-$(( $(nproc) > 2 ? $(nproc) - 2 : 1 ))}
readonly RSS_MB=${RSS_MB:-4096}

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*"; }
die() { printf '%s: %s\n' "$PROG" "$*" >&2; exit 1; }

child=""
interrupted=false

forward_int() {
  interrupted=true
  [[ -n $child ]] && kill -INT "$child" 2>/dev/null || true
}
trap forward_int INT

targets() {
  local f
  for f in "$FUZZ_BIN"/*_fuzzer; do
    [[ -x $f ]] && printf '%s\n' "${f##*/}"
  done
}

stack_sig() {
  # top three frames from an ASan/UBSan report, function names only
  grep -m 3 -E '^ +#[0-9]+ 0x' "$1" 2>/dev/null |
    sed -E 's/.* in ([^ ]+).*/\1/' | paste -sd '|' | sha256sum | cut -c1-12
}

replay() {
  local target=$1 input=$2 out=$3
  ASAN_OPTIONS=symbolize=1:detect_leaks=0 timeout 30 \
    "$FUZZ_BIN/$target" -runs=1 "$input" >"$out" 2>&1 || true
}

run_target() {
  local target=$1 seconds=$2
  local corpus="$TOP/fuzz/corpus/$target"
  local crashes="$TOP/_build/fuzz/crashes/$target"
  local dict="$TOP/fuzz/dict/$target.dict"
  local logdir="$TOP/_build/fuzz/logs/$target"
  mkdir -p -- "$corpus" "$crashes" "$logdir"

  local -a args=(
    "$corpus"
    -fork="$FORKS"
    -ignore_crashes=1
    -max_total_time="$seconds"
    -rss_limit_mb="$RSS_MB"
    -artifact_prefix="$crashes/"
    -print_final_stats=1
  )
  [[ -f $dict ]] && args+=(-dict="$dict")
  if [[ -d $TOP/fuzz/seeds/$target ]]; then
    args+=("$TOP/fuzz/seeds/$target")
  fi

  log "$target: ${seconds}s, $FORKS fork worker(s)"
  (
    cd -- "$logdir"
    exec "$FUZZ_BIN/$target" "${args[@]}"
  ) >"$logdir/run.log" 2>&1 &
  child=$!
  wait "$child" || true
  child=""

  grep -E 'stat::(number_of_executed_units|peak_rss_mb|new_units_added)' "$logdir/run.log" |
    sed "s/^/  $target /" || true
}

dedupe() {
  local target=$1
  local crashes="$TOP/_build/fuzz/crashes/$target"
  local regress="$TOP/tests/regressions/$target"
  local work
  work=$(mktemp -d "$TOP/_build/fuzz/.dedupe.XXXXXX")
  local -A seen=()
  local c sig new=0

  if [[ -d $regress ]]; then
    for c in "$regress"/*; do
      [[ -f $c && $c != *.txt ]] || continue
      replay "$target" "$c" "$work/known.txt"
      seen[$(stack_sig "$work/known.txt")]=1
    done
  fi

  for c in "$crashes"/crash-* "$crashes"/timeout-* "$crashes"/oom-*; do
    [[ -f $c ]] || continue
    replay "$target" "$c" "$work/report.txt"
    sig=$(stack_sig "$work/report.txt")
    if [[ -n ${seen[$sig]:-} ]]; then
      continue
    fi
    seen[$sig]=1
    mkdir -p -- "$regress"
    cp -- "$c" "$regress/${c##*/}"
    cp -- "$work/report.txt" "$regress/${c##*/}.txt"
    new=$((new + 1))
  done
  rm -rf -- "$work"
  log "$target: $new new unique crash(es)"
  return "$(( new > 0 ? 1 : 0 ))"
}

merge_corpus() {
  # shrink the corpus to inputs that add coverage; done in a scratch dir under
  # _build and swapped in only when the merge succeeded
  local target=$1 corpus="$TOP/fuzz/corpus/$1" tmp
  [[ -d $corpus ]] || return 0
  tmp=$(mktemp -d "$TOP/_build/fuzz/.merge.XXXXXX")
  if "$FUZZ_BIN/$target" -merge=1 "$tmp" "$corpus" >/dev/null 2>&1 &&
     [[ -n $(ls -A -- "$tmp") ]]; then
    local before after
    before=$(find "$corpus" -type f | wc -l)
    rm -rf -- "$corpus"
    mv -- "$tmp" "$corpus"
    after=$(find "$corpus" -type f | wc -l)
    log "$target: corpus $before -> $after inputs"
  else
    rm -rf -- "$tmp"
  fi
}

write_summary() {
  local out="$TOP/_build/fuzz/summary.md" t logf
  {
    printf '# libFuzzer run %s\n\n| target | execs | new units | peak RSS MB |\n|---|---:|---:|---:|\n' \
      "$(date '+%F %R')"
    for t in "$@"; do
      logf="$TOP/_build/fuzz/logs/$t/run.log"
      [[ -f $logf ]] || continue
      printf '| %s | %s | %s | %s |\n' "$t" \
        "$(sed -n 's/.*stat::number_of_executed_units: *//p' "$logf" | tail -n1)" \
        "$(sed -n 's/.*stat::new_units_added: *//p' "$logf" | tail -n1)" \
        "$(sed -n 's/.*stat::peak_rss_mb: *//p' "$logf" | tail -n1)"
    done
  } >"$out"
  log "summary: ${out#"$TOP"/}"
}

main() {
  [[ -d $FUZZ_BIN ]] || die "no $FUZZ_BIN; configure with -DTESSERA_FUZZ=ON and build"
  local only=${1:-} seconds=${2:-300}
  local -a list
  if [[ -n $only ]]; then
    [[ -x $FUZZ_BIN/$only ]] || die "no such target: $only"
    list=("$only")
  else
    mapfile -t list < <(targets)
  fi
  (( ${#list[@]} )) || die "no fuzz targets built"

  local t failed=0
  for t in "${list[@]}"; do
    $interrupted && break
    run_target "$t" "$seconds"
    dedupe "$t" || failed=1
    $interrupted || merge_corpus "$t"
  done
  write_summary "${list[@]}"
  log "done (${#list[@]} target(s))"
  exit "$failed"
}

main "$@"
