#!/usr/bin/env bash
#
# cross-stage.sh - cross-compile tessera for aarch64 against the sysroot kept in
# the repository (toolchains/aarch64/sysroot, fetched by `make sysroot`) and
# stage a relocatable tree under out/stage-aarch64.
#
#   tools/cross-stage.sh                   # Release, default toolchain file
#   tools/cross-stage.sh --debug --qemu    # RelWithDebInfo + run tests via qemu-user
#   tools/cross-stage.sh --clean
#
# Nothing is installed on the host: the install prefix is inside the repository
# and every staged ELF is checked for architecture, RUNPATH and unresolved
# NEEDED entries (resolved against the staged lib/ plus the sysroot).

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
readonly TOP=$(git rev-parse --show-toplevel)
readonly TRIPLE=aarch64-linux-gnu
readonly SYSROOT="$TOP/toolchains/aarch64/sysroot"
readonly TOOLCHAIN_FILE="$TOP/toolchains/aarch64/toolchain.cmake"
readonly BUILD="$TOP/_build/cross-aarch64"
readonly STAGE="$TOP/out/stage-aarch64"
CONFIG=Release
QEMU=false
CLEAN=false

hdr()  { printf '\n--- %s\n' "$*"; }
ohno() { printf '%s: %s\n' "$PROG" "$*" >&2; exit 1; }

while (( $# )); do
  case $1 in
    --debug) CONFIG=RelWithDebInfo ;;
    --qemu) QEMU=true ;;
    --clean) CLEAN=true ;;
    -h|--help) usage; exit 0 ;;
    *) ohno "unknown option $1" ;;
  esac
  shift
done

usage() {
  cat <<'EOF'
cross-stage.sh [--debug] [--qemu] [--clean]

  --debug   RelWithDebInfo instead of Release
  --qemu    build the tests too and run them with qemu-aarch64 (qemu-user)
  --clean   remove _build/cross-aarch64 and out/stage-aarch64 first

Output:
  out/stage-aarch64/                 relocatable install tree
  out/debug-aarch64/*.debug          split debug info
  out/tessera-<ver>-aarch64-linux-gnu.tar.zst
EOF
}

sysroot_sanity() {
  # the sysroot must contain a libc for the target, not the host
  local libc
  libc=$(find "$SYSROOT" -maxdepth 4 -name 'libc.so.6' -print -quit 2>/dev/null)
  [[ -n $libc ]] || ohno "sysroot has no libc.so.6"
  if ! file -b -- "$(readlink -f -- "$libc")" | grep -q 'aarch64'; then
    ohno "sysroot libc is not aarch64: $libc"
  fi
}

for t in cmake ninja "$TRIPLE-gcc" "$TRIPLE-readelf" patchelf; do
  command -v "$t" >/dev/null || ohno "missing tool: $t"
done
[[ -d $SYSROOT/usr/lib ]] || ohno "sysroot missing; run: make sysroot"
[[ -f $TOOLCHAIN_FILE ]] || ohno "toolchain file missing: ${TOOLCHAIN_FILE#"$TOP"/}"
sysroot_sanity

case $STAGE in
  "$TOP"/out/*) ;;
  *) ohno "stage dir must live under out/" ;;
esac

if $CLEAN; then
  rm -rf -- "$BUILD" "$STAGE"
  printf 'removed %s and %s\n' "${BUILD#"$TOP"/}" "${STAGE#"$TOP"/}"
fi

hdr "configure ($CONFIG)"
cmake -S "$TOP" -B "$BUILD" -G Ninja \
  -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN_FILE" \
  -DCMAKE_SYSROOT="$SYSROOT" \
  -DCMAKE_BUILD_TYPE="$CONFIG" \
  -DCMAKE_INSTALL_RPATH='$ORIGIN/../lib' \
  -DTESSERA_TESTS="$($QEMU && echo ON || echo OFF)" >/dev/null

hdr "build"
cmake --build "$BUILD" --parallel "$(nproc)" 2>&1 | tail -n 15

if $QEMU; then
  hdr "tests under qemu-aarch64"
  command -v qemu-aarch64 >/dev/null || ohno "qemu-user (qemu-aarch64) not installed"
  QEMU_LD_PREFIX="$SYSROOT" CTEST_OUTPUT_ON_FAILURE=1 \
    ctest --test-dir "$BUILD" -j "$(nproc)" --timeout 600 \
      -E 'Benchmark|Perf' || ohno "tests failed under qemu"
fi

hdr "stage into ${STAGE#"$TOP"/}"
rm -rf -- "$STAGE"
cmake --install "$BUILD" --prefix "$STAGE" --strip

is_elf() { [[ $(head -c 4 -- "$1" | od -An -tx1 | tr -d ' \n') == 7f454c46 ]]; }

hdr "fix RUNPATH"
shopt -s nullglob
for f in "$STAGE"/bin/* "$STAGE"/lib/*.so*; do
  [[ -f $f && ! -L $f ]] || continue
  is_elf "$f" || continue
  case $f in
    "$STAGE"/bin/*) patchelf --set-rpath '$ORIGIN/../lib' -- "$f" ;;
    *)              patchelf --set-rpath '$ORIGIN' -- "$f" ;;
  esac
done
shopt -u nullglob

hdr "verify"
problems=0
declare -A provided=()
while IFS= read -r -d '' lib; do
  provided[${lib##*/}]=1
done < <(find "$STAGE/lib" "$SYSROOT/lib" "$SYSROOT/usr/lib" "$SYSROOT/lib/$TRIPLE" \
              "$SYSROOT/usr/lib/$TRIPLE" -maxdepth 1 -name '*.so*' -print0 2>/dev/null)

while IFS= read -r -d '' f; do
  is_elf "$f" || continue
  rel=${f#"$STAGE"/}
  machine=$("$TRIPLE-readelf" -h -- "$f" | awk -F: '/Machine/ {gsub(/^ +/, "", $2); print $2}')
  if [[ $machine != *AArch64* ]]; then
    printf '  %s: wrong machine (%s)\n' "$rel" "$machine"
    problems=$((problems + 1))
  fi
  runpath=$("$TRIPLE-readelf" -d -- "$f" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
  if [[ $runpath == *"$TOP"* ]]; then
    printf '  %s: RUNPATH leaks build path (%s)\n' "$rel" "$runpath"
    problems=$((problems + 1))
  fi
  while read -r needed; do
    [[ -n ${provided[$needed]:-} ]] && continue
    printf '  %s: NEEDED %s not found in stage or sysroot\n' "$rel" "$needed"
    problems=$((problems + 1))
  done < <("$TRIPLE-readelf" -d -- "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
done < <(find "$STAGE" -type f -print0)

(( problems == 0 )) || ohno "$problems problem(s) in the staged tree"
printf 'staged tree OK: %s\n' "${STAGE#"$TOP"/}"

hdr "size report"
# per-file sizes of the staged tree, biggest first, and a comparison with the
# previous staging if one was recorded
sizes="$TOP/out/stage-aarch64.sizes"
find "$STAGE" -type f -printf '%s\t%P\n' | sort -rn >"$sizes.new"
head -n 10 -- "$sizes.new" | while IFS=$'\t' read -r bytes rel; do
  printf '  %10s  %s\n' "$(numfmt --to=iec-i --suffix=B "$bytes")" "$rel"
done
if [[ -f $sizes ]]; then
  old_total=$(awk -F'\t' '{s += $1} END {print s + 0}' "$sizes")
  new_total=$(awk -F'\t' '{s += $1} END {print s + 0}' "$sizes.new")
  printf '  total %s -> %s\n' "$(numfmt --to=iec-i --suffix=B "$old_total")" \
    "$(numfmt --to=iec-i --suffix=B "$new_total")"
fi
mv -- "$sizes.new" "$sizes"

hdr "debug symbols"
# the stripped stage is shipped; keep split debug info next to the build for
# symbolizing crash reports from devices
dbg="$TOP/out/debug-aarch64"
mkdir -p -- "$dbg"
for f in "$BUILD"/tessera-cli "$BUILD"/tessera-daemon; do
  [[ -f $f ]] || continue
  "$TRIPLE-objcopy" --only-keep-debug -- "$f" "$dbg/${f##*/}.debug"
  printf '  %s build-id %s\n' "${f##*/}" \
    "$("$TRIPLE-readelf" -n -- "$f" | awk '/Build ID/ {print $3}')"
done

hdr "archive"
ver=$(git -C "$TOP" describe --tags --always --dirty)
archive="$TOP/out/tessera-$ver-$TRIPLE.tar.zst"
tar -C "$(dirname -- "$STAGE")" --zstd -cf "$archive" "$(basename -- "$STAGE")"
printf '%s  %s\n' "$(sha256sum -- "$archive" | cut -c1-16)" "${archive#"$TOP"/}"
