#!/usr/bin/env bash
# crash-triage.sh - collect core dumps of this project's binaries and symbolize them.
#
# Looks for cores in three places:
#   1. build/ and build/tests/ (our ctest fixture sets `ulimit -c unlimited` and
#      kernel.core_pattern is left at the distro default "core" => cwd)
#   2. systemd-coredump, filtered to executables that live under build/
#   3. a directory passed with --from DIR (must be inside the repository)
#
# For each core it runs `gdb -batch` with a fixed command list and writes
#   build/crash-reports/<stamp>/<core>.txt   full gdb output
#   build/crash-reports/<stamp>/SUMMARY.md   grouped by top-of-stack signature
#
# Usage: tools/crash-triage.sh [--since "2 days ago"] [--from DIR] [--open]
set -Eeuo pipefail

die() { printf 'crash-triage: error: %s\n' "$*" >&2; exit 1; }
log() { printf 'crash-triage: %s\n' "$*" >&2; }

ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || die "run inside the repository"
BUILD="$ROOT/build"
STAMP="$(date +%Y%m%d-%H%M%S)"
OUT="$BUILD/crash-reports/$STAMP"
SINCE="7 days ago"
EXTRA_DIR=""
OPEN_REPORT=0
GDB_TIMEOUT=90
OUR_BINARIES=(relayd relay-cli unit_tests integration_test)
TMP_DIR=""

cleanup() {
  local rc=$?
  if [[ -n "$TMP_DIR" && -d "$TMP_DIR" ]]; then
    rm -rf -- "$TMP_DIR"
  fi
  if (( rc != 0 )); then
    log "failed (exit $rc); partial output kept in ${OUT#"$ROOT"/}"
  fi
}
trap cleanup EXIT

usage() {
  sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while (( $# )); do
  case "$1" in
    --since) SINCE="${2:?--since needs a value}"; shift 2 ;;
    --from)  EXTRA_DIR="${2:?--from needs a directory}"; shift 2 ;;
    --open)  OPEN_REPORT=1; shift ;;
    --gdb-timeout) GDB_TIMEOUT="${2:?}"; shift 2 ;;
    -h|--help) usage 0 ;;
    *) log "unknown option: $1"; usage 2 ;;
  esac
done

command -v gdb >/dev/null || die "gdb is not installed"

inside_repo() {
  local p
  p="$(realpath -m -- "$1")"
  [[ "$p" == "$ROOT" || "$p" == "$ROOT"/* ]]
}

if [[ -n "$EXTRA_DIR" ]]; then
  inside_repo "$EXTRA_DIR" || die "--from must point inside $ROOT"
fi

mkdir -p "$OUT"
TMP_DIR="$(mktemp -d "${TMPDIR:-/tmp}/crash-triage.XXXXXX")"

is_our_binary() {
  local name
  name="$(basename -- "$1")"
  local b
  for b in "${OUR_BINARIES[@]}"; do
    [[ "$name" == "$b" ]] && return 0
  done
  return 1
}

binary_for_core() {
  # core.<exe>.<pid> naming from our test fixture, else ask `file`
  local core="$1" base exe
  base="$(basename -- "$core")"
  IFS=. read -r _ exe _ <<<"$base"
  if [[ -n "${exe:-}" ]] && is_our_binary "$exe" && [[ -x "$BUILD/$exe" ]]; then
    printf '%s\n' "$BUILD/$exe"
    return 0
  fi
  exe="$(file -b -- "$core" | sed -n "s/.*execfn: '\([^']*\)'.*/\1/p")"
  if [[ -n "$exe" ]] && is_our_binary "$exe" && [[ -x "$BUILD/$(basename -- "$exe")" ]]; then
    printf '%s\n' "$BUILD/$(basename -- "$exe")"
    return 0
  fi
  return 1
}

declare -a CORES=()
declare -A BINARY_OF=()

collect_local() {
  local dir core exe
  for dir in "$BUILD" "$BUILD/tests" ${EXTRA_DIR:+"$EXTRA_DIR"}; do
    [[ -d "$dir" ]] || continue
    while IFS= read -r -d '' core; do
      if exe="$(binary_for_core "$core")"; then
        CORES+=("$core")
        BINARY_OF["$core"]="$exe"
      else
        log "skipping ${core#"$ROOT"/}: not from one of our binaries"
      fi
    done < <(find "$dir" -maxdepth 1 -type f -name 'core*' -newermt "$SINCE" -print0)
  done
}

collect_coredumpctl() {
  command -v coredumpctl >/dev/null || return 0
  local name exe pid target
  for name in "${OUR_BINARIES[@]}"; do
    exe="$BUILD/$name"
    [[ -x "$exe" ]] || continue
    while read -r pid; do
      [[ -n "$pid" ]] || continue
      target="$TMP_DIR/core.$name.$pid"
      if coredumpctl --no-pager -q dump "$pid" -o "$target" >/dev/null 2>&1; then
        CORES+=("$target")
        BINARY_OF["$target"]="$exe"
      fi
    done < <(coredumpctl --no-pager --no-legend -q list --since="$SINCE" "$exe" 2>/dev/null \
               | awk '{print $5}')
  done
}

symbolize() {
  local core="$1" exe="$2" report="$3"
  timeout "$GDB_TIMEOUT" gdb -q -nx -batch \
    -ex 'set pagination off' \
    -ex 'set print thread-events off' \
    -ex 'info sharedlibrary' \
    -ex 'thread apply all bt 30' \
    -ex 'info registers rip rsp' \
    "$exe" "$core" >"$report" 2>&1 || printf '\n<gdb exited with %s>\n' "$?" >>"$report"
}

signature_of() {
  # first three function names of the crashing thread, hashed
  grep -m 3 -E '^#[0-9]+ ' "$1" \
    | sed -E 's/^#[0-9]+ +(0x[0-9a-f]+ in )?([^ (]+).*/\2/' \
    | paste -sd '|' - \
    | sha1sum | cut -c1-12
}

collect_local
collect_coredumpctl

if (( ${#CORES[@]} == 0 )); then
  log "no cores from our binaries since '$SINCE'"
  rmdir "$OUT" 2>/dev/null || true
  exit 0
fi

declare -A COUNT=() EXAMPLE=()
for core in "${CORES[@]}"; do
  exe="${BINARY_OF[$core]}"
  report="$OUT/$(basename -- "$core").txt"
  log "gdb: $(basename -- "$core") <- ${exe#"$ROOT"/}"
  symbolize "$core" "$exe" "$report"
  sig="$(signature_of "$report")"
  COUNT["$sig"]=$(( ${COUNT[$sig]:-0} + 1 ))
  EXAMPLE["$sig"]="$report"
done

{
  printf '# Crash triage %s\n\n' "$STAMP"
  printf '%d core(s), %d distinct signature(s), since %s\n\n' \
    "${#CORES[@]}" "${#COUNT[@]}" "$SINCE"
  for sig in "${!COUNT[@]}"; do
    printf '%s %s\n' "${COUNT[$sig]}" "$sig"
  done | sort -rn | while read -r n sig; do
    printf '## %s (x%s)\n\n```\n' "$sig" "$n"
    grep -m 15 -E '^#[0-9]+ ' "${EXAMPLE[$sig]}" || printf '<no frames>\n'
    printf '```\n\nfull output: `%s`\n\n' "${EXAMPLE[$sig]#"$ROOT"/}"
  done
} >"$OUT/SUMMARY.md"

log "summary: ${OUT#"$ROOT"/}/SUMMARY.md"
if (( OPEN_REPORT )) && command -v xdg-open >/dev/null; then
  xdg-open "$OUT/SUMMARY.md" >/dev/null 2>&1 &
fi
