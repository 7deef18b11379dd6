#!/usr/bin/env bash
# CI helper: retry flaky network steps and collect test reports into one folder.
set -euo pipefail

REPORT_DIR="build/ci-reports"
MAX_TRIES="${MAX_TRIES:-3}"

retry() {
  local n=1
  until "$@"; do
    if [ "$n" -ge "$MAX_TRIES" ]; then
      echo "failed after $n attempts: $*" >&2
      return 1
    fi
    echo "attempt $n failed; retrying in $((n * 5))s" >&2
    sleep $((n * 5))
    n=$((n + 1))
  done
}

collect_reports() {
  mkdir -p "$REPORT_DIR"
  find . -path ./node_modules -prune -o \
       \( -name 'TEST-*.xml' -o -name 'junit*.xml' \) -type f -print0 |
    while IFS= read -r -d '' f; do
      dest="$REPORT_DIR/$(echo "${f#./}" | tr '/' '_')"
      cp "$f" "$dest"
    done
  echo "collected $(ls "$REPORT_DIR" | wc -l) reports"
}

main() {
  retry ./gradlew --no-daemon dependencies > /dev/null
  retry npm ci --prefer-offline
  set +e
  ./gradlew --no-daemon test
  gradle_status=$?
  npm test -- --ci
  npm_status=$?
  set -e
  collect_reports
  if [ $gradle_status -ne 0 ] || [ $npm_status -ne 0 ]; then
    echo "tests failed (gradle=$gradle_status npm=$npm_status)"
    exit 1
  fi
  echo "all tests passed"
}

main "$@"
