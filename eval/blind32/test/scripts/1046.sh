#!/usr/bin/env bash
# superset-cli-install.sh - install the helper CLI used by the dashboard scripts.
#
# The dashboards team publishes a small wrapper (sscli) that speaks the
# Superset REST API.  This script fetches the current installer, checks it is
# a shell script and runs it with the project prefix.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX="$ROOT/.tools"
CACHE="$ROOT/.cache/sscli"
INSTALLER_URL="https://sscli-releases.example.net/latest/install.sh"

say() { printf '[sscli] %s\n' "$*"; }
die() { say "$*" >&2; exit 1; }

already_installed() {
  [[ -x "$PREFIX/bin/sscli" ]] && "$PREFIX/bin/sscli" --version >/dev/null 2>&1
}

fetch_installer() {
  mkdir -p "$CACHE"
  curl -fsSL --retry 3 -o "$CACHE/install.sh" "$INSTALLER_URL"
  head -n 1 "$CACHE/install.sh" | grep -q '^#!' || die "installer does not look like a script"
}

run_installer() {
  chmod +x "$CACHE/install.sh"
  # run under a descriptive process name so it is easy to spot in ps
  (exec -a sscli-setup bash "$CACHE/install.sh" --prefix "$PREFIX" --no-modify-path)
}

write_wrapper() {
  mkdir -p "$ROOT/bin"
  cat > "$ROOT/bin/sscli" <<EOF
#!/bin/sh
exec "$PREFIX/bin/sscli" --url "\${SUPERSET_URL:-http://127.0.0.1:8088}" "\$@"
EOF
  chmod +x "$ROOT/bin/sscli"
}

check_superset() {
  # the wrapper is only useful with a local Superset running
  if curl -fsS -m 3 "http://127.0.0.1:8088/health" >/dev/null 2>&1; then
    say "local Superset is up"
  else
    say "local Superset not running (make superset-dev)"
  fi
}

main() {
  check_superset
  if already_installed; then
    say "sscli already installed ($("$PREFIX/bin/sscli" --version))"
  else
    fetch_installer
    run_installer
  fi
  write_wrapper
  say "use ./bin/sscli"
}

main "$@"
