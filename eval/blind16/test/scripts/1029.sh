#!/usr/bin/env bash
# Build matrix for the Harbor Flutter app: analyze, test, and build the
# requested targets with per-flavor dart-defines.
#
#   tools/flutter_matrix.sh [--flavor dev|staging|prod] [--targets apk,appbundle,ios,web] [--clean]
#
# Dart defines come from config/<flavor>.json (the project's own files, passed
# with --dart-define-from-file). Android signing for appbundle uses the
# key.properties the Gradle build already reads; this script does not touch
# keys. --clean runs `flutter clean` and removes ./build/matrix only. Results and
# artefact sizes are summarised in build/matrix/summary.txt.
set -euo pipefail

APP_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$APP_ROOT"
MATRIX_OUT="$APP_ROOT/build/matrix"
flavor="dev"
targets="apk,web"
do_clean=0

while (( $# )); do
  case "$1" in
    --flavor) flavor="$2"; shift 2 ;;
    --targets) targets="$2"; shift 2 ;;
    --clean) do_clean=1; shift ;;
    -h|--help) sed -n '2,12p' "$0" | cut -c3-; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

case "$flavor" in dev|staging|prod) ;; *) echo "bad flavor $flavor" >&2; exit 2 ;; esac
DEFINES="config/$flavor.json"
[[ -f "$DEFINES" ]] || { echo "missing $DEFINES" >&2; exit 1; }
command -v flutter >/dev/null || { echo "flutter not on PATH" >&2; exit 1; }

declare -a RESULTS=()
record() { RESULTS+=("$(printf '%-10s %-8s %s' "$1" "$2" "${3:-}")"); }

human_size() {
  local bytes="$1"
  if (( bytes > 1048576 )); then
    printf '%d.%d MB' $(( bytes / 1048576 )) $(( bytes % 1048576 * 10 / 1048576 ))
  else
    printf '%d KB' $(( bytes / 1024 ))
  fi
}

size_of() {
  local path="$1"
  if [[ -d "$path" ]]; then
    du -sk "$path" | awk '{print $1 * 1024}'
  elif [[ -f "$path" ]]; then
    wc -c <"$path" | tr -d ' '
  else
    echo 0
  fi
}

prepare() {
  if (( do_clean )); then
    flutter clean >/dev/null
    rm -rf "$MATRIX_OUT"
  fi
  mkdir -p "$MATRIX_OUT"
  flutter pub get >/dev/null
}

analyze_and_test() {
  if flutter analyze --no-fatal-infos >"$MATRIX_OUT/analyze.log" 2>&1; then
    record analyze ok
  else
    record analyze FAIL "see build/matrix/analyze.log"
    return 1
  fi
  if flutter test --reporter expanded --dart-define-from-file="$DEFINES" >"$MATRIX_OUT/test.log" 2>&1; then
    record test ok "$(grep -c '^[0-9:+ ]*[✓+]' "$MATRIX_OUT/test.log" || true) passed"
  else
    record test FAIL "see build/matrix/test.log"
    return 1
  fi
}

build_target() {
  local target="$1" artefact args=(--dart-define-from-file="$DEFINES")
  case "$target" in
    apk)
      args+=(--flavor "$flavor" --release --split-per-abi)
      artefact="build/app/outputs/flutter-apk"
      ;;
    appbundle)
      args+=(--flavor "$flavor" --release)
      artefact="build/app/outputs/bundle/${flavor}Release/app-$flavor-release.aab"
      ;;
    ios)
      [[ "$(uname -s)" == "Darwin" ]] || { record ios skip "needs macOS"; return 0; }
      args+=(--flavor "$flavor" --release --no-codesign)
      artefact="build/ios/iphoneos/Runner.app"
      ;;
    web)
      args+=(--release --base-href "/")
      artefact="build/web"
      ;;
    *)
      record "$target" FAIL "unknown target"
      return 1
      ;;
  esac
  if flutter build "$target" "${args[@]}" >"$MATRIX_OUT/build-$target.log" 2>&1; then
    record "$target" ok "$(human_size "$(size_of "$artefact")") ($artefact)"
  else
    record "$target" FAIL "see build/matrix/build-$target.log"
    return 1
  fi
}

write_summary() {
  {
    echo "flavor: $flavor"
    echo "flutter: $(flutter --version --machine 2>/dev/null | grep -o '"frameworkVersion": *"[^"]*"' | cut -d'"' -f4)"
    echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo
    printf '%s\n' "${RESULTS[@]}"
  } >"$MATRIX_OUT/summary.txt"
  cat "$MATRIX_OUT/summary.txt"
}

check_lockfile() {
  # pubspec.lock must be committed and in sync; `flutter pub get` would silently rewrite it.
  if ! git ls-files --error-unmatch pubspec.lock >/dev/null 2>&1; then
    record lockfile FAIL "pubspec.lock is not committed"
    return 1
  fi
  if [[ -n "$(git status --porcelain -- pubspec.lock)" ]]; then
    record lockfile FAIL "pubspec.lock changed after pub get; commit the update"
    return 1
  fi
  record lockfile ok
}

main() {
  local failed=0 t
  prepare
  check_lockfile || failed=1
  analyze_and_test || failed=1
  IFS=',' read -r -a wanted <<<"$targets"
  for t in "${wanted[@]}"; do
    build_target "$t" || failed=1
  done
  write_summary
  exit "$failed"
}

main
