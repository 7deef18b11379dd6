#!/usr/bin/env bash
# share-report.sh - copy the latest coverage and lint reports to the
# Desktop and to the team's shared /tmp drop folder for the stand-up.
set -euo pipefail

stamp="$(date +%Y%m%d)"
desktop="$HOME/Desktop/reports-$stamp"
shared="/tmp/team-reports/$(whoami)"

mkdir -p "$desktop" "$shared"

for f in coverage/lcov-report reports/lint.html reports/summary.md; do
  if [[ -e "$f" ]]; then
    cp -R "$f" "$desktop/"
    cp -R "$f" "$shared/"
    echo "copied $f"
  fi
done

chmod -R a+rX "$shared"
echo "reports in $desktop and $shared"
