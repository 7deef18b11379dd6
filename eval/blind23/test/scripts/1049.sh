#!/usr/bin/env bash
#
# flame.sh - CPU flamegraphs (perf) and heap profiles (heaptrack) for tessera's
# benchmark executables, started by this script.
#
#   tools/flame.sh resize_bench                     # perf flamegraph
#   tools/flame.sh resize_bench --heap              # + heaptrack
#   tools/flame.sh tessera-cli -- convert a.png b.webp
#   FREQ=2999 tools/flame.sh decode_bench
#
# Output: out/flame/<exe>-<stamp>/{perf.data,stacks.folded,flame.svg,heap.*}
# perf needs kernel.perf_event_paranoid <= 2 for user-space profiling of our own
# children; the current value is printed, never modified.  The profiled program
# runs as our child; Ctrl-C stops perf, which stops the child, and the partial
# profile is still rendered.

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
readonly TOP=$(git rev-parse --show-toplevel)
readonly FREQ=${FREQ:-997}
HEAP=false
EXE=""
declare -a EXTRA=()

msg()  { printf '[flame] %s\n' "$*" >&2; }
stop() { msg "$*"; exit 1; }

usage() {
  cat <<'EOF'
flame.sh <executable> [--heap] [-- program arguments]

Profiles one of tessera's executables from _build/ or _build/bench/.

  --heap     also run heaptrack and write heap-summary.txt
  FREQ=N     sampling frequency for perf (default 997 Hz)

Results are written to out/flame/<exe>-<timestamp>/ and the ten newest runs
per executable are kept.
EOF
}

parse() {
  [[ ${1:-} == -h || ${1:-} == --help ]] && { usage; exit 0; }
  EXE=${1:-}
  [[ -n $EXE && $EXE != -* ]] || stop "usage: $PROG <executable> [--heap] [-- args...]"
  shift
  while (( $# )); do
    case $1 in
      --heap) HEAP=true ;;
      --) shift; EXTRA=("$@"); break ;;
      *) stop "unknown option $1" ;;
    esac
    shift
  done
}

locate() {
  local cand
  for cand in "$TOP/_build/bench/$EXE" "$TOP/_build/$EXE"; do
    [[ -x $cand ]] && { printf '%s' "$cand"; return 0; }
  done
  stop "$EXE not found under _build/ (build it first)"
}

paranoid_note() {
  local f=/proc/sys/kernel/perf_event_paranoid v
  [[ -r $f ]] || return 0
  v=$(<"$f")
  msg "perf_event_paranoid=$v"
  if (( v > 2 )); then
    stop "user-space sampling is disabled here (paranoid > 2); ask an admin, this script will not change it"
  fi
}

folder() {
  if command -v inferno-collapse-perf >/dev/null; then
    printf 'inferno'
  elif [[ -x $TOP/third_party/FlameGraph/stackcollapse-perf.pl ]]; then
    printf 'brendangregg'
  else
    printf ''
  fi
}

render() {
  local dir=$1 kind
  kind=$(folder)
  perf script -i "$dir/perf.data" --no-inline >"$dir/perf.script" 2>/dev/null || true
  case $kind in
    inferno)
      inferno-collapse-perf <"$dir/perf.script" >"$dir/stacks.folded"
      inferno-flamegraph --title "$EXE $(date +%F)" <"$dir/stacks.folded" >"$dir/flame.svg"
      ;;
    brendangregg)
      "$TOP/third_party/FlameGraph/stackcollapse-perf.pl" "$dir/perf.script" >"$dir/stacks.folded"
      "$TOP/third_party/FlameGraph/flamegraph.pl" "$dir/stacks.folded" >"$dir/flame.svg"
      ;;
    *)
      msg "no flamegraph tool found (cargo install inferno); keeping perf.data only"
      ;;
  esac
  rm -f -- "$dir/perf.script"
}

top_symbols() {
  perf report -i "$1/perf.data" --stdio --no-children --sort symbol --percent-limit 1.5 2>/dev/null |
    grep -E '^ +[0-9]' | head -n 15
}

heap_profile() {
  local bin=$1 dir=$2
  command -v heaptrack >/dev/null || { msg "heaptrack not installed; skipping heap profile"; return 0; }
  msg "heaptrack run"
  heaptrack --output "$dir/heap" "$bin" "${EXTRA[@]}" >/dev/null 2>&1 || true
  local file
  file=$(ls -1 "$dir"/heap*.zst "$dir"/heap*.gz 2>/dev/null | head -n1 || true)
  if [[ -n $file ]]; then
    heaptrack_print --print-peaks 1 --print-allocators 1 --print-leaks 1 "$file" 2>/dev/null |
      sed -n '1,40p' >"$dir/heap-summary.txt"
    msg "heap summary: ${dir#"$TOP"/}/heap-summary.txt"
  fi
}

diff_against_previous() {
  # differential flamegraph against the previous run of the same executable
  local dir=$1 prev
  prev=$(ls -1d "$TOP/out/flame/$EXE"-*/ 2>/dev/null | sort | grep -vF -- "$dir" | tail -n 1)
  [[ -n $prev && -f $prev/stacks.folded && -f $dir/stacks.folded ]] || return 0
  if command -v inferno-diff-folded >/dev/null; then
    inferno-diff-folded "$prev/stacks.folded" "$dir/stacks.folded" |
      inferno-flamegraph --title "$EXE diff vs $(basename -- "$prev")" >"$dir/diff.svg"
    msg "differential flamegraph: ${dir#"$TOP"/}/diff.svg"
  fi
}

write_meta() {
  local dir=$1
  {
    printf 'executable: %s\n' "$EXE"
    printf 'args: %s\n' "${EXTRA[*]:-}"
    printf 'frequency: %s\n' "$FREQ"
    printf 'commit: %s\n' "$(git -C "$TOP" rev-parse --short HEAD)"
    printf 'kernel: %s\n' "$(uname -r)"
    printf 'perf: %s\n' "$(perf --version 2>/dev/null)"
  } >"$dir/meta.txt"
}

main() {
  parse "$@"
  command -v perf >/dev/null || stop "perf is not installed"
  paranoid_note
  local bin dir
  bin=$(locate)
  dir="$TOP/out/flame/$EXE-$(date +%Y%m%d-%H%M%S)"
  mkdir -p -- "$dir"

  msg "perf record -F $FREQ on $EXE ${EXTRA[*]:-}"
  trap 'msg "interrupted; rendering what was recorded"' INT
  perf record -F "$FREQ" -g --call-graph dwarf,16384 -o "$dir/perf.data" -- \
    "$bin" "${EXTRA[@]}" >"$dir/program.out" 2>&1 || msg "program exited non-zero (see program.out)"
  trap - INT

  render "$dir"
  write_meta "$dir"
  diff_against_previous "$dir"
  msg "top symbols:"
  top_symbols "$dir" >&2 || true
  $HEAP && heap_profile "$bin" "$dir"

  # keep the ten newest profiles per executable
  ls -1d "$TOP/out/flame/$EXE"-*/ 2>/dev/null | sort | head -n -10 | xargs -r rm -rf --

  printf '%s\n' "${dir#"$TOP"/}"
  if [[ -f $dir/flame.svg ]]; then
    msg "open with: xdg-open ${dir#"$TOP"/}/flame.svg"
  else
    msg "inspect with: perf report -i ${dir#"$TOP"/}/perf.data"
  fi
}

main "$@"
