#!/usr/bin/env bash
#
# cores.sh - inspect core dumps produced by tessera's own executables.
#
# Subcommands
#   list              table of cores from _build/ and systemd-coredump (ours only)
#   show <core>       full gdb backtrace of one core
#   report            symbolize every core, group by signature, write
#                     _build/cores/report.md and report.json
#   purge             delete processed cores under _build/cores (never elsewhere)
#
# A core counts as "ours" when the executable that produced it is one of the
# binaries that the build tree contains (see OUR_EXES).  Everything else that
# systemd-coredump recorded on this machine is ignored.
#
# Environment
#   GDB_TIMEOUT    seconds per gdb invocation (default 60)
#   CORE_SINCE     passed to coredumpctl --since (default "2 days ago")

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
readonly TOP=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
readonly BUILD_DIR="$TOP/_build"
readonly CORE_DIR="$BUILD_DIR/cores"
readonly OUR_EXES=(tessera-cli tessera-daemon unit_tests png_fuzzer resize_bench)
readonly GDB_TIMEOUT=${GDB_TIMEOUT:-60}
readonly CORE_SINCE=${CORE_SINCE:-"2 days ago"}

msg()   { printf '%s: %s\n' "$PROG" "$*" >&2; }
fatal() { msg "fatal: $*"; exit 1; }

usage() {
  awk 'NR > 2 && /^#/ { sub(/^# ?/, ""); print; next } NR > 2 { exit }' "$0"
}

need() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null 2>&1 || fatal "required tool '$t' not found"
  done
}

exe_path_for() {
  # Map a core file to one of our executables, or fail.
  local core=$1 name exe
  name=${core##*/}
  name=${name#core.}
  name=${name%%.*}
  for exe in "${OUR_EXES[@]}"; do
    if [[ $name == "$exe" ]]; then
      [[ -x $BUILD_DIR/$exe ]] && { printf '%s\n' "$BUILD_DIR/$exe"; return 0; }
    fi
  done
  name=$(file -b -- "$core" 2>/dev/null | sed -n "s/.*from '\([^' ]*\).*/\1/p")
  name=${name##*/}
  for exe in "${OUR_EXES[@]}"; do
    if [[ $name == "$exe" && -x $BUILD_DIR/$exe ]]; then
      printf '%s\n' "$BUILD_DIR/$exe"
      return 0
    fi
  done
  return 1
}

import_from_coredumpctl() {
  command -v coredumpctl >/dev/null 2>&1 || return 0
  mkdir -p -- "$CORE_DIR"
  local exe pid
  for exe in "${OUR_EXES[@]}"; do
    [[ -x $BUILD_DIR/$exe ]] || continue
    coredumpctl --no-pager --no-legend --since="$CORE_SINCE" list "$BUILD_DIR/$exe" 2>/dev/null |
      awk '$NF == "present" { print $5 }' |
      while read -r pid; do
        [[ -e $CORE_DIR/core.$exe.$pid ]] && continue
        coredumpctl --no-pager dump "$pid" -o "$CORE_DIR/core.$exe.$pid" >/dev/null 2>&1 &&
          msg "imported core.$exe.$pid from systemd-coredump"
      done
  done
}

all_cores() {
  local d f
  for d in "$BUILD_DIR" "$BUILD_DIR/tests" "$CORE_DIR"; do
    [[ -d $d ]] || continue
    for f in "$d"/core.*; do
      [[ -f $f ]] && printf '%s\n' "$f"
    done
  done | sort -u
}

backtrace() {
  local core=$1 exe=$2
  timeout "$GDB_TIMEOUT" gdb -nx -q -batch \
    -ex 'set pagination off' \
    -ex 'set print frame-info location-and-address' \
    -ex 'thread apply all bt 32' \
    -ex 'info signals SIGSEGV' \
    -- "$exe" "$core" 2>&1 || true
}

signature() {
  # first three function names of the faulting thread -> short hash
  awk '/^#[0-9]+ / {
         for (i = 2; i <= NF; i++) if ($i == "in") { print $(i + 1); break }
         if (++n == 3) exit
       }' | tr '\n' '|' | md5sum | cut -c1-10
}

cmd_list() {
  import_from_coredumpctl
  local core exe size when
  printf '%-44s %-16s %8s %s\n' CORE EXECUTABLE SIZE MODIFIED
  while read -r core; do
    exe=$(exe_path_for "$core") || continue
    size=$(du -h -- "$core" | cut -f1)
    when=$(date -r "$core" '+%F %T')
    printf '%-44s %-16s %8s %s\n' "${core#"$TOP"/}" "${exe##*/}" "$size" "$when"
  done < <(all_cores)
}

cmd_show() {
  local core=${1:-}
  [[ -n $core && -f $core ]] || fatal "usage: $PROG show <core-file>"
  local real
  real=$(realpath -- "$core")
  [[ $real == "$TOP"/* ]] || fatal "$core is not inside this checkout"
  local exe
  exe=$(exe_path_for "$real") || fatal "$core was not produced by one of: ${OUR_EXES[*]}"
  backtrace "$real" "$exe"
}

cmd_report() {
  import_from_coredumpctl
  mkdir -p -- "$CORE_DIR"
  local core exe bt sig n=0
  local -A count=() example=() binary=()
  local work
  work=$(mktemp -d "$BUILD_DIR/.cores-report.XXXXXX")
  trap 'rm -rf -- "$work"' RETURN
  while read -r core; do
    exe=$(exe_path_for "$core") || { msg "skipping ${core##*/} (not ours)"; continue; }
    n=$((n + 1))
    bt="$work/$n.txt"
    backtrace "$core" "$exe" >"$bt"
    sig=$(signature <"$bt")
    count[$sig]=$(( ${count[$sig]:-0} + 1 ))
    if [[ -z ${example[$sig]:-} ]]; then
      example[$sig]=$core
      binary[$sig]=${exe##*/}
      cp -- "$bt" "$CORE_DIR/bt-$sig.txt"
    fi
  done < <(all_cores)

  if (( n == 0 )); then
    msg "no cores from our executables"
    return 0
  fi

  {
    printf '# tessera core report (%s)\n\n' "$(date '+%F %R')"
    printf '%d core(s), %d signature(s)\n\n' "$n" "${#count[@]}"
    for sig in "${!count[@]}"; do
      printf '%06d %s\n' "${count[$sig]}" "$sig"
    done | sort -r | while read -r c sig; do
      printf '## `%s` - %s (%d)\n\n```\n' "$sig" "${binary[$sig]}" "$((10#$c))"
      grep -m 12 -E '^#[0-9]+ ' "$CORE_DIR/bt-$sig.txt" || echo '(no frames)'
      printf '```\n\nexample: `%s`\n\n' "${example[$sig]#"$TOP"/}"
    done
  } >"$CORE_DIR/report.md"

  {
    printf '['
    local first=1
    for sig in "${!count[@]}"; do
      (( first )) || printf ','
      first=0
      printf '{"signature":"%s","count":%d,"binary":"%s","example":"%s"}' \
        "$sig" "${count[$sig]}" "${binary[$sig]}" "${example[$sig]#"$TOP"/}"
    done
    printf ']\n'
  } >"$CORE_DIR/report.json"

  msg "wrote ${CORE_DIR#"$TOP"/}/report.md (${#count[@]} signatures from $n cores)"
}

cmd_purge() {
  [[ -d $CORE_DIR ]] || { msg "nothing to purge"; return 0; }
  local real
  real=$(realpath -- "$CORE_DIR")
  [[ $real == "$TOP/_build/cores" ]] || fatal "refusing to purge $real"
  find "$real" -maxdepth 1 -type f -name 'core.*' -print -delete | sed "s#^$TOP/#removed #"
}

main() {
  need gdb file timeout md5sum
  local sub=${1:-list}
  shift || true
  case $sub in
    list)   cmd_list "$@" ;;
    show)   cmd_show "$@" ;;
    report) cmd_report "$@" ;;
    purge)  cmd_purge "$@" ;;
    -h|--help|help) usage ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
