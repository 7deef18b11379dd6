#!/usr/bin/env bash
# ios-test.sh - run the Widgets UI tests on a fresh, throwaway simulator.
#
# Creates a simulator named "widgets-ci-<random>", boots it, runs xcodebuild
# test against it, collects the .xcresult bundle and then shuts down and
# deletes ONLY that simulator. Also removes simulators whose runtime is gone
# (`xcrun simctl delete unavailable`), which is always safe.
#
# Usage: scripts/ios-test.sh [--device "iPhone 15"] [--runtime iOS-17-5] [--keep-sim]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORKSPACE="$ROOT/ios/Widgets.xcworkspace"
SCHEME="Widgets"
DEVICE_TYPE="iPhone 15"
RUNTIME=""
KEEP_SIM=0
RESULTS_DIR="$ROOT/build/test-results/ios"
DERIVED="$ROOT/build/DerivedData"
SIM_NAME="widgets-ci-$(LC_ALL=C tr -dc 'a-z0-9' </dev/urandom | head -c 6)"
SIM_UDID=""

msg() { printf '\n\033[1m%s\033[0m\n' "$*"; }
err() { printf 'ios-test: %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --device) DEVICE_TYPE="$2"; shift 2 ;;
    --runtime) RUNTIME="$2"; shift 2 ;;
    --keep-sim) KEEP_SIM=1; shift ;;
    --scheme) SCHEME="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) err "unknown option $1"; exit 2 ;;
  esac
done

[[ "$(uname -s)" == Darwin ]] || { err "macOS only"; exit 1; }
# shellcheck disable=SC2034  # read by summarize/collect_screenshots
LAST_BUNDLE=""
command -v xcrun >/dev/null || { err "Xcode command line tools missing"; exit 1; }

teardown() {
  local rc=$?
  if [[ -n "$SIM_UDID" && "$KEEP_SIM" == 0 ]]; then
    msg "deleting simulator $SIM_NAME ($SIM_UDID)"
    xcrun simctl shutdown "$SIM_UDID" >/dev/null 2>&1 || true
    xcrun simctl delete "$SIM_UDID" >/dev/null 2>&1 || true
  elif [[ -n "$SIM_UDID" ]]; then
    msg "keeping simulator $SIM_NAME ($SIM_UDID)"
  fi
  exit "$rc"
}
trap teardown EXIT INT TERM

latest_runtime() {
  xcrun simctl list runtimes -j |
    python3 -c 'import json,sys; rs=[r for r in json.load(sys.stdin)["runtimes"] if r["isAvailable"] and r["platform"]=="iOS"]; print(sorted(rs, key=lambda r: r["version"])[-1]["identifier"])'
}

device_type_id() {
  xcrun simctl list devicetypes -j |
    python3 -c 'import json,sys; name=sys.argv[1]; print(next(d["identifier"] for d in json.load(sys.stdin)["devicetypes"] if d["name"]==name))' "$DEVICE_TYPE"
}

housekeeping() {
  msg "removing simulators with unavailable runtimes"
  xcrun simctl delete unavailable
  # leftovers from earlier runs of this script that crashed before teardown
  local stale
  stale="$(xcrun simctl list devices -j |
    python3 -c 'import json,sys; d=json.load(sys.stdin)["devices"]; print("\n".join(x["udid"] for v in d.values() for x in v if x["name"].startswith("widgets-ci-")))')"
  if [[ -n "$stale" ]]; then
    while IFS= read -r udid; do
      echo "  deleting stale widgets-ci simulator $udid"
      xcrun simctl delete "$udid" || true
    done <<<"$stale"
  fi
}

create_sim() {
  local runtime_id type_id
  runtime_id="${RUNTIME:+com.apple.CoreSimulator.SimRuntime.$RUNTIME}"
  runtime_id="${runtime_id:-$(latest_runtime)}"
  type_id="$(device_type_id)"
  msg "creating $SIM_NAME ($DEVICE_TYPE, ${runtime_id##*.})"
  SIM_UDID="$(xcrun simctl create "$SIM_NAME" "$type_id" "$runtime_id")"
  xcrun simctl boot "$SIM_UDID"
  xcrun simctl bootstatus "$SIM_UDID" -b >/dev/null
  # deterministic screenshots: fixed status bar and locale
  xcrun simctl status_bar "$SIM_UDID" override --time "9:41" --batteryState charged --batteryLevel 100
  xcrun simctl spawn "$SIM_UDID" defaults write -g AppleLanguages -array en
}

resolve_packages() {
  msg "resolving Swift packages"
  xcodebuild -resolvePackageDependencies -workspace "$WORKSPACE" -scheme "$SCHEME" \
    -derivedDataPath "$DERIVED" -quiet
}

run_tests() {
  local bundle="$RESULTS_DIR/$SCHEME-$(date +%Y%m%d-%H%M%S).xcresult"
  mkdir -p "$RESULTS_DIR"
  msg "running tests on $SIM_NAME"
  set +e
  xcodebuild test \
    -workspace "$WORKSPACE" \
    -scheme "$SCHEME" \
    -destination "id=$SIM_UDID" \
    -derivedDataPath "$DERIVED" \
    -resultBundlePath "$bundle" \
    -parallel-testing-enabled NO \
    CODE_SIGNING_ALLOWED=NO 2>&1 | tee "$RESULTS_DIR/xcodebuild.log" | (command -v xcpretty >/dev/null && xcpretty || cat)
  local rc=${PIPESTATUS[0]}
  set -e
  LAST_BUNDLE="$bundle"
  return "$rc"
}

summarize() {
  [[ -d "${LAST_BUNDLE:-}" ]] || return 0
  msg "summary"
  xcrun xcresulttool get --legacy --format json --path "$LAST_BUNDLE" |
    python3 -c '
import json, sys
doc = json.load(sys.stdin)
m = doc.get("metrics", {})
def v(k):
    return int(m.get(k, {}).get("_value", 0))
print(f"tests: {v(\"testsCount\")}  failed: {v(\"testsFailedCount\")}  skipped: {v(\"testsSkippedCount\")}")
'
}

prune_results() {
  # keep the five newest result bundles in build/
  local old
  while IFS= read -r old; do
    rm -rf -- "$old"
  done < <(ls -1dt "$RESULTS_DIR"/*.xcresult 2>/dev/null | tail -n +6)
}

collect_screenshots() {
  # export attachments (UI test screenshots) from the newest result bundle
  [[ -d "${LAST_BUNDLE:-}" ]] || return 0
  local out="$RESULTS_DIR/screenshots"
  rm -rf "$out"
  mkdir -p "$out"
  if xcrun xcresulttool export attachments --help >/dev/null 2>&1; then
    xcrun xcresulttool export attachments --path "$LAST_BUNDLE" --output-path "$out" >/dev/null
    echo "screenshots exported to ${out#"$ROOT"/}"
  else
    echo "xcresulttool too old to export attachments; open the bundle in Xcode"
  fi
}

capture_sim_log() {
  # last minutes of the simulator's system log, handy when the app crashed
  [[ -n "$SIM_UDID" ]] || return 0
  xcrun simctl spawn "$SIM_UDID" log show --last 5m --style compact \
    --predicate 'process == "Widgets"' > "$RESULTS_DIR/simulator.log" 2>/dev/null || true
  echo "simulator log: ${RESULTS_DIR#"$ROOT"/}/simulator.log"
}

main() {
  housekeeping
  create_sim
  resolve_packages
  local rc=0
  run_tests || rc=$?
  summarize
  if ((rc != 0)); then
    collect_screenshots
    capture_sim_log
  fi
  prune_results
  if ((rc != 0)); then
    err "tests failed (xcodebuild exit $rc); log: ${RESULTS_DIR#"$ROOT"/}/xcodebuild.log"
  fi
  return "$rc"
}

main
