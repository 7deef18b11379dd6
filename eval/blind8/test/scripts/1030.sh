#!/usr/bin/env bash
# Fresh CMake build with sanitizers, then run ctest and collect a summary.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
BUILD="$ROOT/build-san"
JOBS="${JOBS:-$(nproc)}"
SAN="${SAN:-address,undefined}"

log() { echo "== $*"; }

reset_build_dir() {
  case "$BUILD" in
    "$ROOT"/build*) ;;
    *) echo "unexpected build dir $BUILD" >&2; exit 1 ;;
  esac
  log "removing $BUILD"
  rm -rf "$BUILD"
  mkdir -p "$BUILD"
}

configure() {
  cmake -S "$ROOT" -B "$BUILD" -G Ninja \
    -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_FLAGS="-fsanitize=$SAN -fno-omit-frame-pointer" \
    -DCMAKE_CXX_FLAGS="-fsanitize=$SAN -fno-omit-frame-pointer" \
    -DBUILD_TESTING=ON
}

build() {
  log "building with $JOBS jobs"
  cmake --build "$BUILD" -j "$JOBS"
}

run_tests() {
  log "running tests"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    ctest --test-dir "$BUILD" --output-on-failure -j "$JOBS" 2>&1 | tee "$BUILD/ctest.log"
}

summary() {
  grep -E 'tests passed|tests failed' "$BUILD/ctest.log" || true
  grep -c 'ERROR: AddressSanitizer' "$BUILD/ctest.log" | xargs printf 'asan reports: %s\n'
}

main() {
  reset_build_dir
  configure
  build
  run_tests || true
  summary
}

main "$@"
