#!/usr/bin/env bash
# dist.sh - build release binaries of `fqtool` for every supported target.
#
# Rust targets are built with `cross` (docker based) or plain cargo for the host
# triple; the Zig helper library is built with `zig build` for each target.
# Archives and SHA256SUMS land in dist/<version>/. Everything temporary is under
# a mktemp dir that the EXIT trap removes. Nothing is uploaded: attaching the
# archives to a GitHub release is done by the release workflow.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
VERSION="$(cargo metadata --no-deps --format-version 1 --manifest-path "$REPO/Cargo.toml" |
  jq -r '.packages[] | select(.name == "fqtool") | .version')"
DIST="$REPO/dist/$VERSION"
STAGE="$(mktemp -d "${TMPDIR:-/tmp}/fqtool-dist.XXXXXX")"
HOST_TRIPLE="$(rustc -vV | sed -n 's/^host: //p')"
JOBS="${JOBS:-$(nproc 2>/dev/null || sysctl -n hw.ncpu)}"

TARGETS=(
  x86_64-unknown-linux-gnu
  x86_64-unknown-linux-musl
  aarch64-unknown-linux-gnu
  aarch64-unknown-linux-musl
  x86_64-apple-darwin
  aarch64-apple-darwin
  x86_64-pc-windows-gnu
)

declare -A ZIG_TARGET=(
  [x86_64-unknown-linux-gnu]=x86_64-linux-gnu
  [x86_64-unknown-linux-musl]=x86_64-linux-musl
  [aarch64-unknown-linux-gnu]=aarch64-linux-gnu
  [aarch64-unknown-linux-musl]=aarch64-linux-musl
  [x86_64-apple-darwin]=x86_64-macos
  [aarch64-apple-darwin]=aarch64-macos
  [x86_64-pc-windows-gnu]=x86_64-windows-gnu
)

declare -a BUILT=() SKIPPED=()

trap 'rm -rf "$STAGE"' EXIT

log() { printf '%s  %s\n' "$(date +%T)" "$*"; }

usage() {
  echo "usage: $0 [--only TRIPLE]... [--clean] [--no-zig]"
  exit 2
}

ONLY=()
CLEAN=0
NO_ZIG=0
while (($#)); do
  case "$1" in
    --only) ONLY+=("$2"); shift ;;
    --clean) CLEAN=1 ;;
    --no-zig) NO_ZIG=1 ;;
    *) usage ;;
  esac
  shift
done
((${#ONLY[@]})) && TARGETS=("${ONLY[@]}")

can_build() {
  local t="$1"
  case "$t" in
    *-apple-darwin)
      # cross cannot build darwin targets; only possible on a mac host
      [[ "$(uname -s)" == Darwin ]] ;;
    "$HOST_TRIPLE") return 0 ;;
    *) command -v cross >/dev/null && docker info >/dev/null 2>&1 ;;
  esac
}

build_zig_helper() {
  local t="$1" zt="${ZIG_TARGET[$1]:-}"
  ((NO_ZIG)) && return 0
  [[ -n "$zt" ]] || { log "no zig mapping for $t"; return 1; }
  log "zig build ($zt)"
  (cd "$REPO/native/fqz" &&
    zig build -Dtarget="$zt" -Doptimize=ReleaseSafe --prefix "$STAGE/zig/$t" \
      --cache-dir "$STAGE/zig-cache")
  export FQZ_LIB_DIR="$STAGE/zig/$t/lib"
}

build_rust() {
  local t="$1" tool=cargo
  if [[ "$t" != "$HOST_TRIPLE" && "$t" != *-apple-darwin ]]; then
    tool=cross
  fi
  log "$tool build --release --target $t"
  "$tool" build --release --locked --target "$t" -p fqtool -j "$JOBS" \
    --target-dir "$REPO/target/dist" 2>&1 | grep -E '^(error|warning: unused)|Finished' || true
  local exe="fqtool"
  [[ "$t" == *windows* ]] && exe="fqtool.exe"
  local bin="$REPO/target/dist/$t/release/$exe"
  [[ -f "$bin" ]] || { log "no binary produced for $t"; return 1; }
  echo "$bin"
}

package() {
  local t="$1" bin="$2" name="fqtool-$VERSION-$t"
  local dir="$STAGE/pkg/$name"
  mkdir -p "$dir"
  cp "$bin" "$dir/"
  cp "$REPO/README.md" "$REPO/LICENSE-MIT" "$REPO/LICENSE-APACHE" "$dir/"
  if [[ -d "$STAGE/zig/$t/lib" ]]; then
    mkdir -p "$dir/lib"
    cp "$STAGE/zig/$t/lib/"* "$dir/lib/"
  fi
  if [[ "$t" == *windows* ]]; then
    (cd "$STAGE/pkg" && zip -qr "$DIST/$name.zip" "$name")
  else
    tar -C "$STAGE/pkg" -czf "$DIST/$name.tar.gz" "$name"
  fi
}

strip_binary() {
  # smaller archives; only for ELF binaries built for linux targets
  local t="$1" bin="$2"
  [[ "$t" == *linux* ]] || return 0
  command -v llvm-strip >/dev/null || return 0
  llvm-strip --strip-unneeded "$bin" 2>/dev/null || log "could not strip $bin"
}

checksums() {
  (cd "$DIST" && {
    if command -v sha256sum >/dev/null; then
      sha256sum fqtool-* > SHA256SUMS
    else
      shasum -a 256 fqtool-* > SHA256SUMS
    fi
  })
  log "wrote $(wc -l < "$DIST/SHA256SUMS" | tr -d ' ') checksums"
}

smoke_host() {
  local archive="$DIST/fqtool-$VERSION-$HOST_TRIPLE.tar.gz"
  [[ -f "$archive" ]] || return 0
  local dir="$STAGE/smoke"
  mkdir -p "$dir"
  tar -xzf "$archive" -C "$dir"
  local out
  out="$("$dir/fqtool-$VERSION-$HOST_TRIPLE/fqtool" --version)"
  [[ "$out" == *"$VERSION"* ]] || { log "smoke test failed: $out"; return 1; }
  log "smoke test ok: $out"
}

main() {
  [[ -n "$VERSION" && "$VERSION" != null ]] || { log "could not read fqtool version"; exit 1; }
  if ((CLEAN)); then
    log "removing dist/$VERSION and target/dist"
    rm -rf "$DIST" "$REPO/target/dist"
  fi
  mkdir -p "$DIST"
  log "fqtool $VERSION, host $HOST_TRIPLE, ${#TARGETS[@]} target(s)"
  local t bin
  for t in "${TARGETS[@]}"; do
    if ! can_build "$t"; then
      SKIPPED+=("$t")
      log "skipping $t (toolchain not available here)"
      continue
    fi
    build_zig_helper "$t" || { SKIPPED+=("$t"); continue; }
    if bin="$(build_rust "$t" | tail -n 1)" && [[ -f "$bin" ]]; then
      strip_binary "$t" "$bin"
      package "$t" "$bin"
      BUILT+=("$t")
    else
      SKIPPED+=("$t")
    fi
    unset FQZ_LIB_DIR
  done
  ((${#BUILT[@]})) || { log "nothing was built"; exit 1; }
  checksums
  smoke_host
  echo
  log "built:   ${BUILT[*]}"
  ((${#SKIPPED[@]})) && log "skipped: ${SKIPPED[*]}"
  log "artifacts in ${DIST#"$REPO"/}"
}

main
