#!/usr/bin/env bash
# ci-local.sh - reproduce the Haskell + OCaml CI matrix on a laptop.
#
# For every GHC version in .github/ghc-versions (installed via ghcup) and every
# OCaml switch listed in ocaml/switches, build and test the respective parts of
# the repo. Build products go to per-version directories so the matrix entries
# do not trample each other; --clean removes exactly those directories first.
#
# Usage: scripts/ci-local.sh [--clean] [--haskell-only|--ocaml-only] [--jobs N]
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
HS_DIR="$ROOT/haskell"
ML_DIR="$ROOT/ocaml"
LOG_DIR="$ROOT/.ci-local/logs"
JOBS="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 4)"
DO_HS=1
DO_ML=1
CLEAN=0
declare -a RESULTS=()

while [[ $# -gt 0 ]]; do
  case "$1" in
    --clean) CLEAN=1 ;;
    --haskell-only) DO_ML=0 ;;
    --ocaml-only) DO_HS=0 ;;
    --jobs) JOBS="$2"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

banner() { printf '\n==== %s ====\n' "$*"; }
record() { RESULTS+=("$(printf '%-28s %s' "$1" "$2")"); }

versions_from() {
  local file="$1"
  [[ -f "$file" ]] || return 0
  grep -vE '^\s*(#|$)' "$file"
}

clean_dirs() {
  banner "cleaning matrix build directories"
  local d
  for d in "$HS_DIR"/dist-newstyle-* "$ML_DIR"/_build-* "$ROOT/.ci-local"; do
    [[ -e "$d" ]] || continue
    echo "rm -rf ${d#"$ROOT"/}"
    rm -rf -- "$d"
  done
  (cd "$HS_DIR" && cabal clean >/dev/null 2>&1) || true
  (cd "$ML_DIR" && dune clean >/dev/null 2>&1) || true
}

ghc_available() {
  ghcup whereis ghc "$1" >/dev/null 2>&1
}

haskell_matrix() {
  command -v ghcup >/dev/null || { record haskell "SKIP (no ghcup)"; return; }
  local v builddir log rc
  while read -r v; do
    banner "GHC $v"
    if ! ghc_available "$v"; then
      echo "ghc $v is not installed; install with: ghcup install ghc $v"
      record "ghc-$v" "SKIP (not installed)"
      continue
    fi
    builddir="$HS_DIR/dist-newstyle-$v"
    log="$LOG_DIR/ghc-$v.log"
    (
      cd "$HS_DIR" &&
      cabal build all --enable-tests -w "ghc-$v" --builddir "$builddir" -j"$JOBS" &&
      cabal test all -w "ghc-$v" --builddir "$builddir" --test-show-details=streaming
    ) >"$log" 2>&1
    rc=$?
    tail -n 15 "$log"
    if ((rc == 0)); then record "ghc-$v" ok; else record "ghc-$v" "FAIL (see ${log#"$ROOT"/})"; fi
  done < <(versions_from "$ROOT/.github/ghc-versions")
}

stack_check() {
  command -v stack >/dev/null || return 0
  banner "stack (lts from stack.yaml)"
  local log="$LOG_DIR/stack.log"
  if (cd "$HS_DIR" && stack build --fast --test --no-run-tests --jobs "$JOBS") >"$log" 2>&1; then
    record stack ok
  else
    tail -n 20 "$log"
    record stack "FAIL (see ${log#"$ROOT"/})"
  fi
}

switch_exists() {
  opam switch list --short 2>/dev/null | grep -qx "$1"
}

ocaml_matrix() {
  command -v opam >/dev/null || { record ocaml "SKIP (no opam)"; return; }
  local sw log rc
  while read -r sw; do
    banner "OCaml switch $sw"
    if ! switch_exists "$sw"; then
      echo "switch $sw missing; create with: opam switch create $sw --no-install"
      record "ocaml-$sw" "SKIP (no switch)"
      continue
    fi
    log="$LOG_DIR/ocaml-$sw.log"
    (
      cd "$ML_DIR" &&
      opam exec --switch "$sw" -- dune build @install @runtest --build-dir "_build-$sw" -j "$JOBS"
    ) >"$log" 2>&1
    rc=$?
    tail -n 15 "$log"
    if ((rc == 0)); then record "ocaml-$sw" ok; else record "ocaml-$sw" "FAIL (see ${log#"$ROOT"/})"; fi
  done < <(versions_from "$ML_DIR/switches")
}

ocaml_format() {
  command -v opam >/dev/null || return 0
  banner "ocamlformat"
  if (cd "$ML_DIR" && opam exec -- dune build @fmt --build-dir _build-fmt) >"$LOG_DIR/fmt.log" 2>&1; then
    record ocamlformat ok
  else
    head -n 30 "$LOG_DIR/fmt.log"
    record ocamlformat "FAIL (run: dune fmt)"
  fi
}

hlint_check() {
  command -v hlint >/dev/null || { record hlint "SKIP (not installed)"; return; }
  banner "hlint"
  if hlint "$HS_DIR/src" "$HS_DIR/test" --no-exit-code --report="$LOG_DIR/hlint.html" >"$LOG_DIR/hlint.log"; then
    local hints
    hints="$(grep -c '^.*: \(Warning\|Error\|Suggestion\)' "$LOG_DIR/hlint.log" || true)"
    record hlint "ok ($hints hint(s))"
  else
    record hlint FAIL
  fi
}

toolchain_report() {
  banner "toolchains"
  {
    command -v ghcup >/dev/null && echo "ghcup  $(ghcup --numeric-version)"
    command -v cabal >/dev/null && echo "cabal  $(cabal --numeric-version)"
    command -v stack >/dev/null && echo "stack  $(stack --numeric-version)"
    command -v opam >/dev/null && echo "opam   $(opam --version)"
    command -v dune >/dev/null && echo "dune   $(dune --version)"
  } | tee "$LOG_DIR/toolchains.txt"
}

summary() {
  banner "summary"
  printf '%s\n' "${RESULTS[@]}"
  if printf '%s\n' "${RESULTS[@]}" | grep -q FAIL; then
    return 1
  fi
  return 0
}

main() {
  ((CLEAN)) && clean_dirs
  mkdir -p "$LOG_DIR"
  local started=$SECONDS
  toolchain_report
  if ((DO_HS)); then
    haskell_matrix
    stack_check
    hlint_check
  fi
  if ((DO_ML)); then
    ocaml_matrix
    ocaml_format
  fi
  echo
  echo "elapsed: $((SECONDS - started))s, logs in ${LOG_DIR#"$ROOT"/}"
  summary
}

main
exit $?
