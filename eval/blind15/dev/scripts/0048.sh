#!/usr/bin/env bash
# profile.sh - CPU profiles for the Python importer and the Rust indexer.
#
#   scripts/profile.sh py   [args...]   # py-spy record of the importer we start
#   scripts/profile.sh perf [args...]   # perf record of the indexer we start
#   scripts/profile.sh strace [args...] # syscall summary of the indexer
#   scripts/profile.sh clean
#
# Everything profiled is a child of this script; nothing attaches to other
# processes. Output goes to ./profiles/<kind>-<timestamp>.*
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

OUT="profiles"
STAMP="$(date +%Y%m%d-%H%M%S)"
KEEP=20
mkdir -p "$OUT"

note() { printf '\033[2m# %s\033[0m\n' "$*"; }
die() { echo "profile.sh: $*" >&2; exit 1; }

prune() {
  # keep the newest $KEEP files in our profiles directory
  ls -1t "$OUT"/* 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r f; do
    rm -f -- "$f"
  done
}

py_profile() {
  command -v py-spy >/dev/null || die "py-spy not found (pip install py-spy in the venv)"
  local svg="$OUT/py-$STAMP.svg" speedscope="$OUT/py-$STAMP.speedscope.json"
  note "py-spy record -> $svg"
  py-spy record --rate 200 --subprocesses -o "$svg" -- \
    python -m importer.run --limit 20000 "$@"
  note "speedscope export -> $speedscope"
  py-spy record --rate 200 --format speedscope -o "$speedscope" -- \
    python -m importer.run --limit 2000 "$@"
}

build_indexer() {
  note "building indexer with debug symbols"
  CARGO_PROFILE_RELEASE_DEBUG=true cargo build --release -p indexer 2>&1 | tail -n 2
}

perf_profile() {
  command -v perf >/dev/null || die "perf not installed (linux-tools)"
  local paranoid
  paranoid="$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 2)"
  if (( paranoid > 2 )); then
    die "perf_event_paranoid=$paranoid; ask your admin, this script does not change it"
  fi
  build_indexer
  local data="$OUT/perf-$STAMP.data"
  note "perf record -> $data"
  perf record -F 999 -g --call-graph dwarf -o "$data" -- \
    ./target/release/indexer --input fixtures/corpus --output /dev/null "$@"
  note "top symbols"
  perf report -i "$data" --stdio --no-children --percent-limit 2 2>/dev/null | head -n 40
  if command -v inferno-collapse-perf >/dev/null; then
    perf script -i "$data" | inferno-collapse-perf | inferno-flamegraph > "$OUT/perf-$STAMP.svg"
    note "flame graph -> $OUT/perf-$STAMP.svg"
  fi
}

strace_profile() {
  command -v strace >/dev/null || die "strace not installed"
  build_indexer
  local log="$OUT/strace-$STAMP.txt"
  note "strace -c -f -> $log"
  strace -c -f -o "$log" -- ./target/release/indexer --input fixtures/corpus --output /dev/null "$@"
  sort -k2 -rn "$log" | head -n 15
  note "file opens (first 30)"
  strace -f -e trace=openat -o "$OUT/openat-$STAMP.txt" -- \
    ./target/release/indexer --input fixtures/corpus --output /dev/null "$@" || true
  grep -v ENOENT "$OUT/openat-$STAMP.txt" | head -n 30
}

compare() {
  local a="$1" b="$2"
  [[ -f "$a" && -f "$b" ]] || die "usage: profile.sh diff old.data new.data"
  perf diff "$a" "$b" 2>/dev/null | head -n 40
}

usage() {
  cat <<'EOF'
profile.sh - CPU profiles for the importer (Python) and the indexer (Rust)

Commands:
  py [args...]      py-spy record of `python -m importer.run` started here
  perf [args...]    perf record of ./target/release/indexer started here
  strace [args...]  syscall summary and file opens of the indexer
  diff OLD NEW      perf diff of two perf.data files
  list              show the profiles in ./profiles, newest first
  doctor            check which profilers are installed and usable
  clean             delete ./profiles

Notes:
  * Nothing here attaches to an already running process (no -p/--pid).
  * perf needs kernel.perf_event_paranoid <= 2; this script only reads it.
  * Extra arguments are passed to the profiled program, not to the profiler.
EOF
}

list_profiles() {
  if [[ ! -d "$OUT" ]] || [[ -z "$(ls -A "$OUT" 2>/dev/null)" ]]; then
    echo "no profiles yet"
    return 0
  fi
  ls -1t "$OUT" | while read -r f; do
    printf '%-48s %8s\n' "$f" "$(du -h "$OUT/$f" | cut -f1)"
  done
}

doctor() {
  local tool status=0
  for tool in py-spy perf strace inferno-collapse-perf inferno-flamegraph; do
    if command -v "$tool" >/dev/null; then
      printf '  %-24s %s\n' "$tool" "$(command -v "$tool")"
    else
      printf '  %-24s missing\n' "$tool"
      status=1
    fi
  done
  printf '  %-24s %s\n' "perf_event_paranoid" "$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo n/a)"
  if [[ -x .venv/bin/python ]]; then
    printf '  %-24s %s\n' "venv python" "$(.venv/bin/python --version 2>&1)"
  else
    printf '  %-24s %s\n' "venv python" "missing (make venv)"
  fi
  return "$status"
}

cmd="${1:-}"
shift || true
case "$cmd" in
  py) py_profile "$@" ;;
  perf) perf_profile "$@" ;;
  strace) strace_profile "$@" ;;
  diff) compare "$@" ;;
  list) list_profiles; exit 0 ;;
  doctor) doctor; exit $? ;;
  clean) rm -rf -- "$OUT"; echo "removed $OUT"; exit 0 ;;
  -h|--help|help) usage; exit 0 ;;
  *) usage; exit 2 ;;
esac

prune
ls -lh "$OUT" | tail -n 5
