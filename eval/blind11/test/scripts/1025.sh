#!/usr/bin/env bash
# test/cli/run-tests.sh - black-box tests for the `fleetops` CLI binary.
# Every test runs in its own scratch HOME and work dir under one mktemp root.
set -uo pipefail

BIN="${FLEETOPS_BIN:-$(pwd)/target/release/fleetops}"
SCRATCH="$(mktemp -d -t fleetops-cli.XXXXXXXX)"
declare -i passed=0 failed=0
declare -a failures=()

finish() {
  rm -rf -- "$SCRATCH"
  printf '\n%d passed, %d failed\n' "$passed" "$failed"
  if (( failed > 0 )); then
    printf '  %s\n' "${failures[@]}"
    exit 1
  fi
}
trap finish EXIT

sandbox() {
  local dir="$SCRATCH/$1"
  mkdir -p "$dir/home" "$dir/work"
  echo "$dir"
}

expect_eq() {
  if [[ "$1" != "$2" ]]; then
    echo "    expected: $2"
    echo "    actual:   $1"
    return 1
  fi
}

run_fleetops() {
  local box="$1"; shift
  (cd "$box/work" && HOME="$box/home" XDG_CONFIG_HOME="$box/home/.config" "$BIN" "$@")
}

t_version() {
  local box out
  box="$(sandbox version)"
  out="$(run_fleetops "$box" --version)"
  [[ "$out" =~ ^fleetops\ [0-9]+\.[0-9]+\.[0-9]+ ]]
}

t_init_writes_config() {
  local box
  box="$(sandbox init)"
  run_fleetops "$box" init --org demo --yes >/dev/null || return 1
  [[ -f "$box/home/.config/fleetops/config.toml" ]] || return 1
  grep -q 'org = "demo"' "$box/home/.config/fleetops/config.toml"
}

t_unknown_flag_fails() {
  local box code
  box="$(sandbox badflag)"
  run_fleetops "$box" --definitely-not-a-flag >/dev/null 2>&1
  code=$?
  expect_eq "$code" "2"
}

t_plan_is_readonly() {
  local box before after
  box="$(sandbox plan)"
  cp -R test/cli/fixtures/fleet "$box/work/"
  before="$(cd "$box/work" && find . -type f -exec md5sum {} + | sort)"
  run_fleetops "$box" plan fleet/ >/dev/null || return 1
  after="$(cd "$box/work" && find . -type f -exec md5sum {} + | sort)"
  expect_eq "$after" "$before"
}

run() {
  local name="$1"
  if "$name"; then
    passed+=1
    echo "ok   $name"
  else
    failed+=1
    failures+=("$name")
    echo "FAIL $name"
  fi
}

[[ -x "$BIN" ]] || { echo "build first: cargo build --release" >&2; exit 2; }
for t in $(declare -F | awk '{print $3}' | grep '^t_'); do
  run "$t"
done
