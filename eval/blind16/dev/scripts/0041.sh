#!/usr/bin/env bash
# Build, test and archive the TrailMix iOS app from the command line.
#
#   tools/ios_build.sh test    [--device "iPhone 15"] [--os 17.5]
#   tools/ios_build.sh archive [--configuration Release]
#   tools/ios_build.sh clean
#
# - `pod install` runs only when Podfile.lock changed since the last run.
# - DerivedData is kept inside the repo (./build/DerivedData) so `clean` only
#   deletes this project's build products, never ~/Library/Developer/Xcode.
# - The simulator used for tests is created on demand with a project-specific
#   name (trailmix-ci-<device>) and deleted again by `clean`; simulators the
#   developer created are never touched.
# - Code signing for archives uses the team's automatic signing; no keys are
#   read or exported here.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IOS="$ROOT/ios"
WORKSPACE="$IOS/TrailMix.xcworkspace"
SCHEME="TrailMix"
DERIVED="$ROOT/build/DerivedData"
RESULTS="$ROOT/build/ios-results"
ARCHIVES="$ROOT/build/archives"
POD_STAMP="$ROOT/build/.podfile.lock.sha"
SIM_PREFIX="trailmix-ci"

cmd="${1:-test}"
shift || true
device="iPhone 15"
os_version=""
configuration="Release"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --device) device="$2"; shift 2 ;;
    --os) os_version="$2"; shift 2 ;;
    --configuration) configuration="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

step() { printf '\n\033[1m▶ %s\033[0m\n' "$*"; }

pretty() {
  if command -v xcbeautify >/dev/null; then
    xcbeautify --quiet
  elif command -v xcpretty >/dev/null; then
    xcpretty
  else
    cat
  fi
}

pods_if_needed() {
  local current
  current="$(shasum -a 256 "$IOS/Podfile.lock" 2>/dev/null | awk '{print $1}')"
  if [[ -d "$IOS/Pods" && -f "$POD_STAMP" && "$(cat "$POD_STAMP")" == "$current" ]]; then
    echo "Pods up to date"
    return
  fi
  step "pod install"
  (cd "$IOS" && bundle exec pod install)
  mkdir -p "$(dirname "$POD_STAMP")"
  shasum -a 256 "$IOS/Podfile.lock" | awk '{print $1}' >"$POD_STAMP"
}

runtime_id() {
  local want="$1"
  xcrun simctl list runtimes -j | python3 -c '
import json, sys
want = sys.argv[1]
rts = [r for r in json.load(sys.stdin)["runtimes"] if r["isAvailable"] and r["platform"] == "iOS"]
if want:
    rts = [r for r in rts if r["version"].startswith(want)]
rts.sort(key=lambda r: [int(x) for x in r["version"].split(".")])
print(rts[-1]["identifier"] if rts else "")
' "$want"
}

sim_name() { printf '%s-%s\n' "$SIM_PREFIX" "${device// /-}"; }

ensure_simulator() {
  local name udid runtime devtype
  name="$(sim_name)"
  udid="$(xcrun simctl list devices -j | python3 -c '
import json, sys
name = sys.argv[1]
for devs in json.load(sys.stdin)["devices"].values():
    for d in devs:
        if d["name"] == name and d["isAvailable"]:
            print(d["udid"]); sys.exit(0)
' "$name")"
  if [[ -z "$udid" ]]; then
    runtime="$(runtime_id "$os_version")"
    [[ -n "$runtime" ]] || { echo "no iOS runtime ${os_version:-available}" >&2; exit 1; }
    devtype="com.apple.CoreSimulator.SimDeviceType.${device// /-}"
    udid="$(xcrun simctl create "$name" "$devtype" "$runtime")"
    echo "created simulator $name ($udid)" >&2
  fi
  xcrun simctl bootstatus "$udid" -b >/dev/null
  printf '%s\n' "$udid"
}

do_test() {
  pods_if_needed
  local udid
  udid="$(ensure_simulator)"
  rm -rf "$RESULTS"
  mkdir -p "$RESULTS"
  step "xcodebuild test on $(sim_name)"
  set -o pipefail
  xcodebuild test \
    -workspace "$WORKSPACE" -scheme "$SCHEME" \
    -destination "id=$udid" \
    -derivedDataPath "$DERIVED" \
    -resultBundlePath "$RESULTS/TrailMix.xcresult" \
    CODE_SIGNING_ALLOWED=NO | pretty
  echo "results: ${RESULTS#"$ROOT"/}/TrailMix.xcresult"
}

do_archive() {
  pods_if_needed
  local stamp path
  stamp="$(date +%Y%m%d-%H%M)"
  path="$ARCHIVES/TrailMix-$stamp.xcarchive"
  mkdir -p "$ARCHIVES"
  step "archive ($configuration)"
  set -o pipefail
  xcodebuild archive \
    -workspace "$WORKSPACE" -scheme "$SCHEME" -configuration "$configuration" \
    -destination 'generic/platform=iOS' \
    -derivedDataPath "$DERIVED" \
    -archivePath "$path" | pretty
  echo "archive: ${path#"$ROOT"/}"
  echo "export with: xcodebuild -exportArchive -archivePath \"$path\" -exportOptionsPlist ios/ExportOptions.plist -exportPath build/ipa"
}

do_clean() {
  step "cleaning project build products"
  rm -rf "$DERIVED" "$RESULTS" "$ARCHIVES" "$POD_STAMP"
  local line udid
  while IFS= read -r line; do
    udid="$(sed -E 's/.*\(([0-9A-F-]{36})\).*/\1/' <<<"$line")"
    [[ "$udid" =~ ^[0-9A-F-]{36}$ ]] || continue
    xcrun simctl shutdown "$udid" 2>/dev/null || true
    xcrun simctl delete "$udid"
    echo "deleted simulator $udid"
  done < <(xcrun simctl list devices | grep -E "^[[:space:]]+$SIM_PREFIX-" || true)
}

case "$cmd" in
  test) do_test ;;
  archive) do_archive ;;
  clean) do_clean ;;
  *) echo "usage: $0 test|archive|clean [options]" >&2; exit 2 ;;
esac
