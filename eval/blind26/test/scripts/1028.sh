#!/usr/bin/env bash
# esphome-ci.sh - what the CI job runs for the ESPHome device repo.
#
#   1. every `!secret name` used in devices/*.yaml exists in the secrets file
#      (key names only - values are never printed)
#   2. `esphome config` for every device
#   3. parallel `esphome compile` with xargs -P, logs per device
#   4. optional --clean removes this repo's .esphome/build/<device> dirs
#
# In CI, devices/secrets.yaml does not exist; tools/ci-secrets.yaml with dummy
# values is used instead (copied into place and removed again on exit).
set -uo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
DEV_DIR="$REPO/devices"
LOGS="$REPO/build/esphome-ci"
JOBS="${JOBS:-$(nproc)}"
CLEAN=0
PLACED_DUMMY=0
FAILED=0

msg() { printf '%s %s\n' "$(date +%T)" "$*"; }
err() { printf '%s ERROR %s\n' "$(date +%T)" "$*" >&2; }

finish() {
  if (( PLACED_DUMMY )); then
    rm -f -- "$DEV_DIR/secrets.yaml"
    msg "removed CI dummy secrets.yaml"
  fi
}
trap finish EXIT

while (( $# )); do
  case "$1" in
    --clean) CLEAN=1 ;;
    -j) JOBS="$2"; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) err "unknown option $1"; exit 2 ;;
  esac
  shift
done

device_list() {
  find "$DEV_DIR" -maxdepth 1 -name '*.yaml' ! -name 'secrets.yaml' ! -name '.*' -printf '%f\n' | sort
}

used_secrets() {
  grep -hoE '!secret[[:space:]]+[A-Za-z0-9_]+' "$DEV_DIR"/*.yaml "$DEV_DIR"/common/*.yaml 2>/dev/null \
    | awk '{print $2}' | sort -u
}

defined_secrets() {
  grep -oE '^[A-Za-z0-9_]+:' "$1" | tr -d ':' | sort -u
}

ensure_secrets() {
  if [[ -f "$DEV_DIR/secrets.yaml" ]]; then
    return 0
  fi
  if [[ -n "${CI:-}" && -f "$REPO/tools/ci-secrets.yaml" ]]; then
    cp "$REPO/tools/ci-secrets.yaml" "$DEV_DIR/secrets.yaml"
    PLACED_DUMMY=1
    msg "using tools/ci-secrets.yaml (dummy values)"
    return 0
  fi
  err "devices/secrets.yaml missing; copy devices/secrets.example.yaml"
  exit 1
}

check_secret_keys() {
  local missing
  missing="$(comm -23 <(used_secrets) <(defined_secrets "$DEV_DIR/secrets.yaml"))"
  if [[ -n "$missing" ]]; then
    err "secrets referenced but not defined: $(tr '\n' ' ' <<<"$missing")"
    return 1
  fi
  msg "all $(used_secrets | wc -l) secret references are defined"
}

config_all() {
  local dev bad=0
  while IFS= read -r dev; do
    if ! esphome config "$DEV_DIR/$dev" >"$LOGS/${dev%.yaml}.config.log" 2>&1; then
      err "config invalid: $dev"
      tail -n 8 "$LOGS/${dev%.yaml}.config.log" >&2
      bad=$((bad + 1))
    fi
  done < <(device_list)
  (( bad == 0 ))
}

compile_one() {
  # called by xargs; $1 = device file name
  local dev="$1" name="${1%.yaml}"
  if esphome compile "$DEV_DIR/$dev" >"$LOGS/$name.compile.log" 2>&1; then
    echo "ok $name"
  else
    echo "FAIL $name"
  fi
}
export -f compile_one
export DEV_DIR LOGS

compile_all() {
  local results
  results="$(device_list | tr '\n' '\0' | xargs -0 -P "$JOBS" -I{} bash -c 'compile_one "$@"' _ {})"
  printf '%s\n' "$results" | sort
  if grep -q '^FAIL' <<<"$results"; then
    FAILED=$(grep -c '^FAIL' <<<"$results")
    return 1
  fi
}

clean_builds() {
  local build_root="$DEV_DIR/.esphome/build" dev name
  [[ -d "$build_root" ]] || return 0
  while IFS= read -r dev; do
    name="${dev%.yaml}"
    # only the build dirs of devices in this repo
    if [[ -d "$build_root/$name" ]]; then
      rm -rf -- "${build_root:?}/$name"
      msg "cleaned build dir for $name"
    fi
  done < <(device_list)
}

firmware_sizes() {
  local f
  for f in "$DEV_DIR"/.esphome/build/*/.pioenvs/*/firmware.bin; do
    [[ -e "$f" ]] || continue
    printf '%8d KiB  %s\n' "$(( $(stat -c %s "$f") / 1024 ))" "$(basename "$(dirname "$f")")"
  done | sort -rn
}

junit_report() {
  # minimal JUnit XML so the CI UI shows one test case per device
  local out="$LOGS/junit.xml" dev name
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<testsuite name=\"esphome\" tests=\"$(device_list | wc -l)\" failures=\"$FAILED\">"
    while IFS= read -r dev; do
      name="${dev%.yaml}"
      if grep -qi 'error' "$LOGS/$name.compile.log" 2>/dev/null && ! grep -q 'SUCCESS' "$LOGS/$name.compile.log"; then
        echo "  <testcase name=\"$name\"><failure message=\"compile failed\"/></testcase>"
      else
        echo "  <testcase name=\"$name\"/>"
      fi
    done < <(device_list)
    echo '</testsuite>'
  } >"$out"
}

check_substitutions() {
  # every device must set the name/friendly_name substitutions used by common/
  local dev missing=0
  while IFS= read -r dev; do
    if ! grep -qE '^[[:space:]]+name:' "$DEV_DIR/$dev"; then
      err "$dev: no 'name' substitution"
      missing=$((missing + 1))
    fi
  done < <(device_list)
  (( missing == 0 ))
}

main() {
  command -v esphome >/dev/null || { err "esphome not installed"; exit 1; }
  check_substitutions || exit 1
  mkdir -p "$LOGS"
  ensure_secrets
  check_secret_keys || exit 1
  (( CLEAN )) && clean_builds
  msg "validating configs"
  config_all || { err "fix config errors first"; exit 1; }
  msg "compiling with $JOBS parallel job(s)"
  local rc=0
  compile_all || rc=1
  firmware_sizes
  junit_report
  if (( rc )); then
    err "$FAILED device(s) failed to compile; logs in build/esphome-ci/"
  else
    msg "all devices compiled"
  fi
  exit "$rc"
}

main
