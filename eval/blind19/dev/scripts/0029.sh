#!/usr/bin/env bash
# ci/unity-build.sh - headless Unity build and test for the Tidewater project.
#
# Usage: ci/unity-build.sh [--tests-only] [--target StandaloneLinux64|StandaloneWindows64|WebGL]
#
# Runs EditMode and PlayMode tests in batch mode, then calls the project's own
# build entry point (Assets/Editor/BuildPipeline/CiBuild.cs, in this repo)
# with -executeMethod. Output goes to Builds/<target>; the Library cache is
# kept between runs unless --clean is given.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")/.." && pwd)"
UNITY_VERSION="$(sed -n 's/^m_EditorVersion: //p' "$PROJECT_DIR/ProjectSettings/ProjectVersion.txt")"
UNITY_HUB_ROOT="${UNITY_HUB_ROOT:-$HOME/Unity/Hub/Editor}"
UNITY="${UNITY_BIN:-$UNITY_HUB_ROOT/$UNITY_VERSION/Editor/Unity}"
BUILD_METHOD="Tidewater.EditorTools.CiBuild.Run"
ARTIFACTS="$PROJECT_DIR/Builds"
RESULTS="$PROJECT_DIR/TestResults"
LOGS="$PROJECT_DIR/Logs/ci"

target="StandaloneLinux64"
tests_only=0
clean=0

die() { echo "unity-build: $*" >&2; exit 1; }
stamp() { date +%H:%M:%S; }
say() { echo "[$(stamp)] $*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --target) target="$2"; shift ;;
    --tests-only) tests_only=1 ;;
    --clean) clean=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

case "$target" in
  StandaloneLinux64|StandaloneWindows64|WebGL) ;;
  *) die "unsupported target $target" ;;
esac

[[ -x "$UNITY" ]] || die "Unity $UNITY_VERSION not found at $UNITY (set UNITY_BIN)"
[[ -f "$PROJECT_DIR/Assets/Editor/BuildPipeline/CiBuild.cs" ]] || die "build entry point missing"

mkdir -p "$RESULTS" "$LOGS" "$ARTIFACTS"

if ((clean)); then
  say "removing Library/ and Temp/ caches"
  rm -rf "$PROJECT_DIR/Library" "$PROJECT_DIR/Temp" "$PROJECT_DIR/obj"
fi

unity_pid=""
cleanup() {
  # only the editor we launched; other Unity instances are left alone
  if [[ -n "$unity_pid" ]] && kill -0 "$unity_pid" 2>/dev/null; then
    say "stopping Unity (pid $unity_pid)"
    kill "$unity_pid" 2>/dev/null || true
    wait "$unity_pid" 2>/dev/null || true
  fi
  rm -f "$PROJECT_DIR/Temp/UnityLockfile"
}
trap cleanup EXIT INT TERM

run_unity() {
  local log="$1"; shift
  "$UNITY" -batchmode -nographics -silent-crashes \
    -projectPath "$PROJECT_DIR" \
    -logFile "$log" "$@" &
  unity_pid=$!
  local rc=0
  wait "$unity_pid" || rc=$?
  unity_pid=""
  return "$rc"
}

count_results() {
  local xml="$1"
  [[ -f "$xml" ]] || { echo "0 0 0"; return; }
  local total passed failed
  total=$(grep -o 'total="[0-9]*"' "$xml" | head -n1 | tr -dc 0-9)
  passed=$(grep -o 'passed="[0-9]*"' "$xml" | head -n1 | tr -dc 0-9)
  failed=$(grep -o 'failed="[0-9]*"' "$xml" | head -n1 | tr -dc 0-9)
  echo "${total:-0} ${passed:-0} ${failed:-0}"
}

run_tests() {
  local platform="$1"
  local xml="$RESULTS/$platform.xml"
  say "running $platform tests"
  local rc=0
  run_unity "$LOGS/tests-$platform.log" -runTests -testPlatform "$platform" -testResults "$xml" || rc=$?
  read -r total passed failed < <(count_results "$xml")
  say "$platform: $passed passed, $failed failed (of $total)"
  if [[ $rc -ne 0 || $failed -ne 0 ]]; then
    grep -E '^(Error|Exception|Assertion)' "$LOGS/tests-$platform.log" | head -n 30 || true
    return 1
  fi
}

build_player() {
  local out="$ARTIFACTS/$target"
  rm -rf "$out"
  mkdir -p "$out"
  say "building $target into ${out#$PROJECT_DIR/}"
  run_unity "$LOGS/build-$target.log" \
    -buildTarget "$target" \
    -executeMethod "$BUILD_METHOD" \
    -customBuildPath "$out" \
    -quit || {
      tail -n 80 "$LOGS/build-$target.log" >&2
      die "build failed"
    }
  say "build size: $(du -sh "$out" | cut -f1)"
}

package() {
  local out="$ARTIFACTS/$target"
  local version
  version="$(git -C "$PROJECT_DIR" describe --tags --always)"
  local archive="$ARTIFACTS/tidewater-$version-$target.tar.gz"
  tar -C "$ARTIFACTS" -czf "$archive" "$target"
  sha256sum "$archive" > "$archive.sha256"
  say "packaged ${archive#$PROJECT_DIR/}"
}

check_license() {
  # batch mode fails late and cryptically without an activated license
  local ulf="$HOME/.local/share/unity3d/Unity/Unity_lic.ulf"
  if [[ -n "${UNITY_SERIAL:-}" ]]; then
    say "using serial from UNITY_SERIAL"
    return 0
  fi
  if [[ ! -f "$ulf" ]]; then
    die "no Unity license at $ulf; activate the editor once or set UNITY_SERIAL"
  fi
}

check_disk() {
  local free_kb
  free_kb="$(df -Pk "$PROJECT_DIR" | awk 'NR==2 {print $4}')"
  if (( free_kb < 20 * 1024 * 1024 )); then
    say "warning: less than 20 GB free; Library import may fail"
  fi
}

write_build_info() {
  local out="$ARTIFACTS/$target/build-info.json"
  cat > "$out" <<EOF
{
  "target": "$target",
  "unity": "$UNITY_VERSION",
  "commit": "$(git -C "$PROJECT_DIR" rev-parse HEAD)",
  "built_at": "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
}
EOF
}

prune_old_packages() {
  # keep the five newest archives per target
  ls -1t "$ARTIFACTS"/tidewater-*-"$target".tar.gz 2>/dev/null | tail -n +6 | while read -r old; do
    rm -f -- "$old" "$old.sha256"
  done
}

check_license
check_disk
status=0
run_tests EditMode || status=1
run_tests PlayMode || status=1
if ((status)); then
  die "tests failed; see $LOGS"
fi
if ((tests_only)); then
  say "tests only; done"
  exit 0
fi
build_player
write_build_info
package
prune_old_packages
say "done"
