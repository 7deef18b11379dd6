#!/usr/bin/env bash
# Golden-file tests for `fernctl render`. Each test runs in a private directory made
# with mktemp -d; the directories are tracked in an array and deleted on exit.
set -uo pipefail

FERNCTL="${FERNCTL:-$PWD/_build/dev/rel/fernctl/bin/fernctl}"
GOLDEN_DIR="$PWD/test/golden"
declare -a scratch_dirs=()
declare -i ok=0 bad=0
update=0
[[ "${1:-}" == "--update" ]] && update=1

remove_scratch() {
  local d
  for d in "${scratch_dirs[@]:-}"; do
    if [[ -n "$d" && -d "$d" && "$d" == */fernctl-golden.* ]]; then
      rm -rf -- "$d"
    fi
  done
}
trap remove_scratch EXIT HUP INT TERM

scratch() {
  local d
  d="$(mktemp -d -t fernctl-golden.XXXXXXXX)"
  scratch_dirs+=("$d")
  printf '%s' "$d"
}

render_case() {
  local name="$1" input="$GOLDEN_DIR/$1.input.yml" expected="$GOLDEN_DIR/$1.expected.txt" work out
  work="$(scratch)"
  out="$work/actual.txt"
  ( cd "$work" && HOME="$work" "$FERNCTL" render "$input" > "$out" 2>"$work/stderr" )
  local status=$?
  if (( status != 0 )); then
    echo "  render exited $status"
    sed 's/^/    /' "$work/stderr"
    return 1
  fi
  if (( update )); then
    cp "$out" "$expected"
    echo "  updated golden file"
    return 0
  fi
  if ! diff -u "$expected" "$out" > "$work/diff"; then
    head -n 40 "$work/diff" | sed 's/^/    /'
    return 1
  fi
}

run_all() {
  local f name
  for f in "$GOLDEN_DIR"/*.input.yml; do
    [[ -e "$f" ]] || { echo "no golden inputs in $GOLDEN_DIR"; return 1; }
    name="$(basename "$f" .input.yml)"
    printf '%-36s ' "$name"
    if render_case "$name" > "${TMPDIR:-/tmp}/fernctl-last.$$" 2>&1; then
      echo PASS
      ok+=1
    else
      echo FAIL
      cat "${TMPDIR:-/tmp}/fernctl-last.$$"
      bad+=1
    fi
    rm -f "${TMPDIR:-/tmp}/fernctl-last.$$"
  done
}

check_binary() {
  if [[ ! -x "$FERNCTL" ]]; then
    echo "building fernctl release first"
    MIX_ENV=dev mix release fernctl --overwrite --quiet || exit 1
  fi
}

check_binary
run_all
printf '\n%d passed, %d failed\n' "$ok" "$bad"
(( bad == 0 ))
