#!/usr/bin/env bash
# trace-startup.sh - explain a slow or failing daemon start-up.
#
# Starts ./build/relayd itself (never attaches to anything already running) under
#   strace -f        -> syscall timeline, failed opens, slow calls
#   ltrace -c        -> library call summary (optional, --ltrace)
#   perf record -g   -> CPU profile of the start-up phase (optional, --perf)
#   valgrind         -> leak check of a start/stop cycle (optional, --valgrind)
# then stops the daemon (the PID we started) and summarises into
# build/startup-trace/<stamp>/.
set -Eeuo pipefail

die() { echo "trace-startup: $*" >&2; exit 1; }
log() { echo "trace-startup: $*" >&2; }

ROOT="$(git rev-parse --show-toplevel)"
BIN="$ROOT/build/relayd"
STAMP="$(date +%Y%m%d-%H%M%S)"
OUT="$ROOT/build/startup-trace/$STAMP"
PORT=0
WAIT_SECS=10
DO_LTRACE=0
DO_PERF=0
DO_VALGRIND=0
CHILD=""

while (( $# )); do
  case "$1" in
    --ltrace) DO_LTRACE=1 ;;
    --perf) DO_PERF=1 ;;
    --valgrind) DO_VALGRIND=1 ;;
    --wait) shift; WAIT_SECS="$1" ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

[[ -x "$BIN" ]] || die "$BIN not built (cmake --build build --target relayd)"
command -v strace >/dev/null || die "strace not installed"
mkdir -p "$OUT"

pick_port() {
  python3 - <<'EOF'
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
EOF
}

stop_child() {
  if [[ -n "$CHILD" ]] && kill -0 "$CHILD" 2>/dev/null; then
    kill -TERM "$CHILD" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 "$CHILD" 2>/dev/null || break
      sleep 0.5
    done
    kill -KILL "$CHILD" 2>/dev/null || true
    wait "$CHILD" 2>/dev/null || true
  fi
  CHILD=""
}
trap stop_child EXIT INT TERM

wait_ready() {
  local deadline=$(( SECONDS + WAIT_SECS ))
  while (( SECONDS < deadline )); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
      return 0
    fi
    kill -0 "$CHILD" 2>/dev/null || return 1
    sleep 0.2
  done
  return 1
}

check_ptrace_scope() {
  # strace of a child we start works at any yama level; we only report it
  local f=/proc/sys/kernel/yama/ptrace_scope
  [[ -r "$f" ]] || return 0
  case "$(<"$f")" in
    0|1) ;;
    2) log "ptrace_scope=2: only admin can trace; strace of our own child may fail" ;;
    3) die "ptrace_scope=3: tracing disabled on this machine" ;;
  esac
}
check_ptrace_scope

PORT="$(pick_port)"
ARGS=(--listen "127.0.0.1:$PORT" --config "$ROOT/config/dev.toml" --log-level debug)

# ---- strace -----------------------------------------------------------------
log "strace: starting relayd on 127.0.0.1:$PORT"
strace -f -tt -T -e trace=file,network,process -s 256 -o "$OUT/strace.txt" \
  "$BIN" "${ARGS[@]}" >"$OUT/relayd.stdout" 2>"$OUT/relayd.stderr" &
CHILD=$!
if wait_ready; then
  log "ready after tracing start-up"
else
  log "daemon did not become ready within ${WAIT_SECS}s"
fi
stop_child

{
  echo "## failed opens (ENOENT/EACCES)"
  grep -E 'open(at)?\(.*= -1 (ENOENT|EACCES)' "$OUT/strace.txt" \
    | sed -E 's/^[0-9]+ +[0-9:.]+ //' | sort | uniq -c | sort -rn | head -n 25
  echo
  echo "## slowest syscalls"
  awk -F'<' 'NF > 1 { t = $NF; sub(">", "", t); print t "\t" $0 }' "$OUT/strace.txt" \
    | sort -rn | head -n 15 | cut -f2- | cut -c1-200
  echo
  echo "## network"
  grep -E '(bind|listen|connect)\(' "$OUT/strace.txt" | head -n 20
} >"$OUT/strace-summary.txt"

# ---- ltrace ------------------------------------------------------------------
if (( DO_LTRACE )) && command -v ltrace >/dev/null; then
  log "ltrace -c"
  timeout "$WAIT_SECS" ltrace -c -f -o "$OUT/ltrace.txt" "$BIN" "${ARGS[@]}" --exit-after-start \
    >/dev/null 2>&1 || true
fi

# ---- perf --------------------------------------------------------------------
if (( DO_PERF )) && command -v perf >/dev/null; then
  log "perf record"
  perf record -g -o "$OUT/perf.data" -- "$BIN" "${ARGS[@]}" --exit-after-start \
    >/dev/null 2>&1 || log "perf record failed (check kernel.perf_event_paranoid)"
  if [[ -f "$OUT/perf.data" ]]; then
    perf report -i "$OUT/perf.data" --stdio --no-children --percent-limit 2 \
      >"$OUT/perf-report.txt" 2>/dev/null || true
  fi
fi

# ---- valgrind ----------------------------------------------------------------
if (( DO_VALGRIND )) && command -v valgrind >/dev/null; then
  log "valgrind memcheck (start + immediate shutdown)"
  valgrind --leak-check=full --show-leak-kinds=definite,indirect \
    --error-exitcode=3 --log-file="$OUT/valgrind.txt" \
    "$BIN" "${ARGS[@]}" --exit-after-start >/dev/null 2>&1 || true
  grep -E 'definitely lost|indirectly lost|ERROR SUMMARY' "$OUT/valgrind.txt" \
    | sed 's/^==[0-9]*== /  /' || true
fi

# ---- loader diagnostics -------------------------------------------------------
# A surprising number of slow starts are the dynamic loader searching paths.
log "loader: LD_DEBUG=libs (our process only)"
LD_DEBUG=libs LD_DEBUG_OUTPUT="$OUT/ld-debug" timeout "$WAIT_SECS" \
  "$BIN" "${ARGS[@]}" --exit-after-start >/dev/null 2>&1 || true
shopt -s nullglob
ld_files=("$OUT"/ld-debug.*)
shopt -u nullglob
if (( ${#ld_files[@]} )); then
  {
    echo "## dynamic loader"
    printf 'search attempts: %s\n' "$(grep -c 'trying file=' "${ld_files[@]}" | awk -F: '{s+=$NF} END {print s}')"
    grep -h 'calling init:' "${ld_files[@]}" | awk '{print $NF}' | sort -u | sed 's/^/init: /'
  } >>"$OUT/strace-summary.txt"
fi
ldd -- "$BIN" >"$OUT/ldd.txt" 2>&1 || true
readelf -d -- "$BIN" | grep -E 'NEEDED|RUNPATH|RPATH' >"$OUT/dynamic.txt" || true

# ---- config sanity ------------------------------------------------------------
# Files the daemon tried to open but could not, filtered to our repository, are
# almost always a wrong working directory or a missing `make dev-config`.
missing_in_repo="$(grep -oE "\"$ROOT/[^\"]+\"" "$OUT/strace.txt" 2>/dev/null \
  | tr -d '"' | sort -u | while read -r p; do [[ -e "$p" ]] || echo "$p"; done)"
if [[ -n "$missing_in_repo" ]]; then
  {
    echo
    echo "## project files that were looked up but do not exist"
    printf '%s\n' "$missing_in_repo" | sed "s#^$ROOT/#  #"
  } >>"$OUT/strace-summary.txt"
fi

# ---- timing ---------------------------------------------------------------------
first="$(head -n1 "$OUT/strace.txt" | awk '{print $2}')"
listen="$(grep -m1 -E 'listen\(' "$OUT/strace.txt" | awk '{print $2}')"
if [[ -n "$first" && -n "$listen" ]]; then
  to_ms() { awk -F: '{ printf "%d", ($1 * 3600 + $2 * 60 + $3) * 1000 }' <<<"$1"; }
  printf '\nstart -> listen: %d ms\n' $(( $(to_ms "$listen") - $(to_ms "$first") )) \
    >>"$OUT/strace-summary.txt"
fi

log "results in ${OUT#"$ROOT"/}"
cat "$OUT/strace-summary.txt"
