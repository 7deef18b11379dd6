#!/usr/bin/env bash
# CI helper: run only the test suites affected by the current diff.
set -euo pipefail

BASE="${BASE_REF:-origin/main}"
LOG_DIR="build/ci-logs"
mkdir -p "$LOG_DIR"

git fetch --quiet origin "${BASE#origin/}"
changed=$(git diff --name-only "$BASE"...HEAD)

if [ -z "$changed" ]; then
  echo "no changes against $BASE"
  exit 0
fi

declare -A suites=()
while IFS= read -r f; do
  case "$f" in
    services/*/*)
      svc="${f#services/}"; svc="${svc%%/*}"
      suites["services/$svc"]=1 ;;
    libs/*/*)
      lib="${f#libs/}"; lib="${lib%%/*}"
      suites["libs/$lib"]=1 ;;
    go.mod|go.sum)
      suites["all"]=1 ;;
  esac
done <<< "$changed"

if [ -n "${suites[all]:-}" ]; then
  go test ./... 2>&1 | tee "$LOG_DIR/all.log"
  exit "${PIPESTATUS[0]}"
fi

status=0
for s in "${!suites[@]}"; do
  name="${s//\//_}"
  echo "::group::$s"
  if ! (cd "$s" && go test ./... ) > "$LOG_DIR/$name.log" 2>&1; then
    status=1
    tail -50 "$LOG_DIR/$name.log"
  fi
  echo "::endgroup::"
done
exit $status
