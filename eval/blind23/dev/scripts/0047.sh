#!/usr/bin/env bash
# make-dist.sh - configure, build, test and stage a relocatable install in ./dist
#
#   tools/make-dist.sh                         # Release build, install to ./dist
#   tools/make-dist.sh --preset linux-asan     # use a CMakePresets.json preset
#   tools/make-dist.sh --prefix dist/staging   # any prefix, but inside the repo
#   tools/make-dist.sh --vcpkg                 # resolve deps with vcpkg manifest mode
#
# After `cmake --install`, executables get an $ORIGIN-relative RUNPATH via
# patchelf so the tree can be copied anywhere, and every ELF is checked with
# ldd/readelf to ensure nothing still points into build/.
set -Eeuo pipefail

die() { printf 'make-dist: %s\n' "$*" >&2; exit 1; }
log() { printf '\n\033[1m>> %s\033[0m\n' "$*"; }

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

PRESET=""
PREFIX="dist"
BUILD_TYPE="Release"
USE_VCPKG=0
RUN_TESTS=1
JOBS="$(nproc)"

while (( $# )); do
  case "$1" in
    --preset) PRESET="$2"; shift 2 ;;
    --prefix) PREFIX="$2"; shift 2 ;;
    --debug) BUILD_TYPE="RelWithDebInfo"; shift ;;
    --vcpkg) USE_VCPKG=1; shift ;;
    --no-tests) RUN_TESTS=0; shift ;;
    -j) JOBS="$2"; shift 2 ;;
    *) die "unknown option $1" ;;
  esac
done

# The prefix must stay inside the repository: this script builds artefacts,
# it does not install software on the machine.
PREFIX_ABS="$(realpath -m -- "$PREFIX")"
case "$PREFIX_ABS" in
  "$ROOT"/*) ;;
  *) die "--prefix $PREFIX resolves to $PREFIX_ABS, which is outside $ROOT" ;;
esac

BUILD_DIR="$ROOT/build/dist-${PRESET:-$BUILD_TYPE}"
declare -a CONFIGURE=()

if [[ -n "$PRESET" ]]; then
  [[ -f CMakePresets.json ]] || die "no CMakePresets.json"
  jq -e --arg p "$PRESET" '.configurePresets[] | select(.name == $p)' CMakePresets.json \
    >/dev/null || die "preset $PRESET not found"
  CONFIGURE=(cmake --preset "$PRESET" -B "$BUILD_DIR")
else
  CONFIGURE=(cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE")
fi

if (( USE_VCPKG )); then
  [[ -n "${VCPKG_ROOT:-}" && -d "$VCPKG_ROOT" ]] || die "set VCPKG_ROOT to your vcpkg checkout"
  [[ -f vcpkg.json ]] || die "vcpkg.json manifest missing"
  CONFIGURE+=(-DCMAKE_TOOLCHAIN_FILE="$VCPKG_ROOT/scripts/buildsystems/vcpkg.cmake"
              -DVCPKG_INSTALLED_DIR="$ROOT/build/vcpkg_installed")
fi

if command -v ccache >/dev/null; then
  CONFIGURE+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  ccache -z >/dev/null
fi

preflight() {
  local missing=()
  for t in cmake ninja patchelf jq readelf objcopy; do
    command -v "$t" >/dev/null || missing+=("$t")
  done
  (( ${#missing[@]} == 0 )) || die "missing tools: ${missing[*]}"
  local avail
  avail="$(df --output=avail -B1M -- "$ROOT" | tail -n1)"
  (( avail > 2048 )) || die "less than 2 GiB free under $ROOT"
  if [[ -n "$(git status --porcelain -- src include CMakeLists.txt)" ]]; then
    log "warning: uncommitted source changes; the archive name will end in -dirty"
  fi
}
preflight

log "configure"
"${CONFIGURE[@]}"

log "build (-j $JOBS)"
cmake --build "$BUILD_DIR" -j "$JOBS" 2>&1 | tail -n 30

if command -v ccache >/dev/null; then
  ccache -s | grep -iE 'hits|misses' | sed 's/^/  ccache: /' || true
fi

if (( RUN_TESTS )); then
  log "ctest"
  ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS" --timeout 300
fi

log "install into ${PREFIX_ABS#"$ROOT"/}"
rm -rf -- "$PREFIX_ABS"
cmake --install "$BUILD_DIR" --prefix "$PREFIX_ABS" --strip

log "fix RUNPATH"
command -v patchelf >/dev/null || die "patchelf is required (apt install patchelf)"
is_elf() { [[ "$(head -c 4 -- "$1" | od -An -c | tr -d ' ')" == '177ELF' ]]; }

shopt -s nullglob
for exe in "$PREFIX_ABS"/bin/*; do
  [[ -f "$exe" && ! -L "$exe" ]] && is_elf "$exe" || continue
  patchelf --set-rpath '$ORIGIN/../lib' -- "$exe"
  printf '  %-28s %s\n' "${exe#"$PREFIX_ABS"/}" "$(patchelf --print-rpath -- "$exe")"
done
for lib in "$PREFIX_ABS"/lib/*.so*; do
  [[ -f "$lib" && ! -L "$lib" ]] && is_elf "$lib" || continue
  patchelf --set-rpath '$ORIGIN' -- "$lib"
done
shopt -u nullglob

log "verify"
problems=0
while IFS= read -r -d '' f; do
  is_elf "$f" || continue
  if ldd -- "$f" 2>/dev/null | grep -E 'not found|/build/' ; then
    printf '  ^ in %s\n' "${f#"$PREFIX_ABS"/}"
    problems=$(( problems + 1 ))
  fi
  if readelf -d -- "$f" 2>/dev/null | grep -q 'RPATH.*/build/'; then
    printf '  %s still has a build-tree RPATH\n' "${f#"$PREFIX_ABS"/}"
    problems=$(( problems + 1 ))
  fi
done < <(find "$PREFIX_ABS" -type f -print0)
(( problems == 0 )) || die "$problems problem(s) in the staged tree"

log "symbols"
for exe in "$PREFIX_ABS"/bin/*; do
  [[ -f "$exe" ]] || continue
  n="$(nm -D --defined-only -- "$exe" 2>/dev/null | wc -l)"
  printf '  %-28s %5d exported dynamic symbols\n' "$(basename -- "$exe")" "$n"
done

log "licenses and notices"
# Third-party notices must ship with the binaries; vcpkg and conan both leave
# copyright files we can collect into share/doc.
notice_dir="$PREFIX_ABS/share/doc/relay"
mkdir -p "$notice_dir"
cp -- LICENSE "$notice_dir/" 2>/dev/null || log "warning: no top-level LICENSE"
if (( USE_VCPKG )) && [[ -d "$ROOT/build/vcpkg_installed" ]]; then
  while IFS= read -r -d '' c; do
    pkg="$(basename -- "$(dirname -- "$c")")"
    cp -- "$c" "$notice_dir/THIRD_PARTY.$pkg.txt"
  done < <(find "$ROOT/build/vcpkg_installed" -path '*/share/*/copyright' -print0)
fi
printf '  %d notice file(s) staged\n' "$(find "$notice_dir" -type f | wc -l)"

log "debug symbols"
# --strip removed symbols from the staged binaries; keep separate .debug files
# in build/ so crash reports from users can still be symbolized.
debug_dir="$ROOT/build/debug-symbols"
mkdir -p "$debug_dir"
for exe in "$BUILD_DIR"/relayd "$BUILD_DIR"/relay-cli; do
  [[ -x "$exe" ]] || continue
  name="$(basename -- "$exe")"
  objcopy --only-keep-debug -- "$exe" "$debug_dir/$name.debug"
  build_id="$(readelf -n -- "$exe" | awk '/Build ID/ {print $3}')"
  printf '  %-12s build-id %s\n' "$name" "${build_id:-unknown}"
done

log "smoke test of the staged tree"
if [[ -x "$PREFIX_ABS/bin/relay-cli" ]]; then
  env -i PATH=/usr/bin:/bin "$PREFIX_ABS/bin/relay-cli" --version \
    || die "staged relay-cli does not start outside the build environment"
fi

version="$(git describe --tags --always --dirty)"
arch="$(uname -m)"
tarball="$ROOT/build/relay-$version-$arch.tar.gz"
tar -C "$(dirname -- "$PREFIX_ABS")" -czf "$tarball" "$(basename -- "$PREFIX_ABS")"
sha256sum -- "$tarball" | sed "s#$ROOT/##" >"$tarball.sha256"

log "done"
printf '  staged:  %s\n  archive: %s\n  sha256:  %s\n' \
  "${PREFIX_ABS#"$ROOT"/}" "${tarball#"$ROOT"/}" "$(cut -d' ' -f1 <"$tarball.sha256")"
