#!/usr/bin/env bash
# Snapshot tests for the `orbit` CLI output.
# Each case runs in its own `mktemp -d` HOME so user config never leaks
# in; all sandboxes live under one parent that the EXIT trap deletes.
set -Eeuo pipefail

readonly ROOT=$(git rev-parse --show-toplevel)
readonly CASES_DIR="$ROOT/tests/snapshots"
update=false
filter=
keep=false

print_help() {
  printf 'usage: %s [-u] [-f NAME] [-k]\n' "${0##*/}"
  printf '  -u  update snapshots instead of comparing\n'
  printf '  -f  run only cases whose file name contains NAME\n'
  printf '  -k  keep sandboxes for debugging\n'
}

while getopts "uf:kh" flag; do
  case $flag in
    u) update=true ;;
    f) filter=$OPTARG ;;
    k) keep=true ;;
    h) print_help; exit 0 ;;
    *) print_help >&2; exit 64 ;;
  esac
done

sandbox_parent=$(mktemp -d -t orbit-snap.XXXXXXXX)

on_exit() {
  local status=$?
  if $keep; then
    printf 'sandboxes kept in %s\n' "$sandbox_parent"
  else
    case $sandbox_parent in
      */orbit-snap.*) rm -rf -- "$sandbox_parent" ;;
      *) printf 'not removing unexpected path %s\n' "$sandbox_parent" >&2 ;;
    esac
  fi
  exit "$status"
}
trap on_exit EXIT
trap 'printf "failed at line %s\n" "$LINENO" >&2' ERR

cli="$ROOT/bin/orbit"
[[ -x $cli ]] || { printf 'build the CLI first (make cli)\n' >&2; exit 1; }

mapfile -d '' case_files < <(find "$CASES_DIR" -name '*.args' -print0 | sort -z)

pass=0 fail=0 updated=0
for args_file in "${case_files[@]}"; do
  name=$(basename "$args_file" .args)
  [[ -z $filter || $name == *"$filter"* ]] || continue
  expected="${args_file%.args}.out"
  box=$(mktemp -d "$sandbox_parent/$name.XXXX")
  mapfile -t argv < "$args_file"
  actual="$box/actual.out"
  HOME="$box" XDG_CONFIG_HOME="$box/.config" NO_COLOR=1 \
    "$cli" "${argv[@]}" >"$actual" 2>&1 || true

  if $update; then
    cp "$actual" "$expected"
    updated=$((updated + 1))
    continue
  fi
  if diff -u "$expected" "$actual" >"$box/diff" 2>&1; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    printf '\n--- %s ---\n' "$name"
    head -n 40 "$box/diff"
  fi
done

if $update; then
  printf 'updated %d snapshot(s)\n' "$updated"
  exit 0
fi
printf '\n%d passed, %d failed\n' "$pass" "$fail"
(( fail == 0 ))
