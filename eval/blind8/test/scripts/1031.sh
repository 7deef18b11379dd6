#!/usr/bin/env bash
# Build all Gradle modules, run tests with a timeout, and copy reports into build/ci.
set -euo pipefail

MODULES=("$@")
TIMEOUT="${TIMEOUT:-1200}"
REPORTS="build/ci"

info() { echo "[gradle-ci] $*"; }

modules() {
  if [ ${#MODULES[@]} -gt 0 ]; then
    printf '%s\n' "${MODULES[@]}"
  else
    ./gradlew -q projects 2>/dev/null | sed -n "s/.*Project ':\([^']*\)'.*/\1/p"
  fi
}

clean_outputs() {
  rm -rf "./$REPORTS"
  ./gradlew --quiet clean
}

build_module() {
  local m="$1"
  info "building :$m"
  timeout "$TIMEOUT" ./gradlew ":$m:build" --no-daemon --stacktrace -Pci=true
}

collect_reports() {
  mkdir -p "$REPORTS"
  find . -path '*/build/test-results/test/*.xml' -not -path "./$REPORTS/*" -exec cp {} "$REPORTS/" \;
  find . -path '*/build/reports/jacoco/test/jacocoTestReport.xml' -exec sh -c \
    'cp "$1" "'"$REPORTS"'/$(echo "$1" | cut -d/ -f2)-jacoco.xml"' _ {} \;
  info "$(ls "$REPORTS" | wc -l) report files in $REPORTS"
}

main() {
  [ -x ./gradlew ] || { echo "run from the repo root" >&2; exit 1; }
  clean_outputs
  local failed=()
  while read -r m; do
    [ -n "$m" ] || continue
    build_module "$m" || failed+=("$m")
  done < <(modules)
  collect_reports
  if [ ${#failed[@]} -gt 0 ]; then
    info "failed modules: ${failed[*]}"
    exit 1
  fi
  info "all modules green"
}

main
