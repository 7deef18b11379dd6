#!/usr/bin/env bash
# trace.sh - syscall and library-call tracing for ledger binaries that this
# script starts itself (never attaches to running processes).
#
#   tools/trace.sh files  -- ./bin/ledgerctl import data/sample.csv
#   tools/trace.sh net    -- ./bin/ledgerd --config dev.toml --exit-after 5s
#   tools/trace.sh summary -- ./bin/ledgerctl balance cash
#   tools/trace.sh ltrace -- ./bin/ledgerctl parse data/big.csv
#   tools/trace.sh clean
#
# Output: ./debug/trace-<mode>-<timestamp>.{log,txt}. Only ./debug is
# cleaned, and only files this script produced (trace-* prefix).
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

OUT_DIR="debug"
STAMP="$(date +%Y%m%d-%H%M%S)"
KEEP=30
MODE="${1:-}"
shift || true

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "trace.sh: $*" >&2; exit 1; }

if [[ "$MODE" == "clean" ]]; then
  find "$OUT_DIR" -maxdepth 1 -type f -name 'trace-*' -delete 2>/dev/null || true
  echo "removed trace files from $OUT_DIR"
  exit 0
fi

[[ "${1:-}" == "--" ]] || { usage; exit 2; }
shift
(( $# )) || die "no command to trace"

# only trace programs from this repository's bin/ or target/ directories
case "$1" in
  ./bin/*|./target/debug/*|./target/release/*) ;;
  *) die "trace only project binaries (./bin/..., ./target/...), got: $1" ;;
esac
[[ -x "$1" ]] || die "$1 is not built yet"

mkdir -p "$OUT_DIR"
LOG="$OUT_DIR/trace-$MODE-$STAMP.log"
TXT="$OUT_DIR/trace-$MODE-$STAMP.txt"

need() { command -v "$1" >/dev/null || die "$1 is not installed"; }

ptrace_note() {
  # tracing our own children works even with yama ptrace_scope=1; we only report it
  local scope
  scope="$(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null || echo n/a)"
  if [[ "$scope" == "3" ]]; then
    die "ptrace is disabled on this machine (ptrace_scope=3); not changing it"
  fi
  echo "ptrace_scope=$scope (children of this script can be traced)"
}

ptrace_note

files_mode() {
  need strace
  strace -f -tt -e trace=openat,stat,newfstatat,unlink,rename -o "$LOG" -- "$@" || true
  {
    echo "# files opened (excluding ENOENT), most frequent first"
    grep -v ENOENT "$LOG" | grep -oE 'openat\([^"]*"[^"]+"' | sed -E 's/.*"([^"]+)"/\1/' \
      | sort | uniq -c | sort -rn | head -n 40
    echo
    echo "# missing files the program looked for"
    grep ENOENT "$LOG" | grep -oE '"[^"]+"' | sort -u | head -n 40
  } > "$TXT"
}

net_mode() {
  need strace
  strace -f -tt -e trace=socket,connect,bind,listen,accept4,sendto,recvfrom -s 128 -o "$LOG" -- "$@" || true
  {
    echo "# connect() targets"
    grep -oE 'connect\([0-9]+, \{sa_family=AF_INET6?, sin6?_port=htons\([0-9]+\), [^}]*\}' "$LOG" \
      | sed -E 's/.*htons\(([0-9]+)\), (inet_addr|inet_pton\(AF_INET6?, )?"?([^")]+).*/\3:\1/' \
      | sort | uniq -c | sort -rn
    echo
    echo "# listening sockets"
    grep -E '^[0-9]+ +[0-9:.]+ listen\(' "$LOG" || echo "(none)"
  } > "$TXT"
}

summary_mode() {
  need strace
  strace -c -f -S time -o "$TXT" -- "$@" || true
  : > "$LOG"
}

ltrace_mode() {
  need ltrace
  ltrace -f -c -o "$TXT" -- "$@" || true
  ltrace -f -tt -e 'malloc+free+realloc' -o "$LOG" -- "$@" >/dev/null 2>&1 || true
}

slow_mode() {
  # syscalls that took longer than 10ms, with the time spent in each
  need strace
  strace -f -T -tt -o "$LOG" -- "$@" || true
  {
    echo "# syscalls slower than 10 ms (time in seconds)"
    awk 'match($0, /<([0-9.]+)>$/, m) && m[1] > 0.01 { print m[1], $0 }' "$LOG" \
      | sort -rn | head -n 40 | cut -d' ' -f2-
  } > "$TXT"
}

env_mode() {
  # which environment variables the program reads (getenv is a libc call)
  need ltrace
  ltrace -f -e getenv -o "$LOG" -- "$@" >/dev/null 2>&1 || true
  {
    echo "# getenv() lookups (names only)"
    grep -oE 'getenv\("[^"]+"\)' "$LOG" | sed -E 's/getenv\("([^"]+)"\)/\1/' | sort | uniq -c | sort -rn
  } > "$TXT"
}

compare_mode() {
  # compare two summary files produced earlier by `summary`
  local a="${1:-}" b="${2:-}"
  [[ -f "$a" && -f "$b" ]] || die "usage: trace.sh compare -- OLD.txt NEW.txt"
  join -j 6 <(awk 'NF >= 6 && $1 ~ /^[0-9.]+$/ {print}' "$a" | sort -k6) \
            <(awk 'NF >= 6 && $1 ~ /^[0-9.]+$/ {print}' "$b" | sort -k6) 2>/dev/null \
    | awk '{ printf "%-20s %10s -> %10s calls\n", $1, $5, $10 }' > "$TXT"
  : > "$LOG"
}

if [[ "$MODE" == "compare" ]]; then
  compare_mode "$@"
  cat "$TXT"
  exit 0
fi

case "$MODE" in
  slow) slow_mode "$@" ;;
  env) env_mode "$@" ;;
  files) files_mode "$@" ;;
  net) net_mode "$@" ;;
  summary) summary_mode "$@" ;;
  ltrace) ltrace_mode "$@" ;;
  *) usage; exit 2 ;;
esac

# keep our newest $KEEP trace files
ls -1t "$OUT_DIR"/trace-* 2>/dev/null | tail -n +"$((KEEP + 1))" | xargs -r rm -f --

echo "== $TXT"
head -n 60 "$TXT"
[[ -s "$LOG" ]] && echo "(raw log: $LOG, $(wc -l < "$LOG") lines)"
