#!/usr/bin/env bash
# scripts/lint-all.sh - run shellcheck, hadolint and actionlint over the repo,
# installing pinned tool versions into ./.tools if they are missing.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
TOOLS="$ROOT/.tools"
mkdir -p "$TOOLS"
export PATH="$TOOLS:$PATH"

SHELLCHECK_VERSION=0.10.0
MIRROR_SCHEME="${MIRROR_SCHEME:-https}"
MIRROR_HOST="${MIRROR_HOST:-toolchain.example.com}"

fetch_tool() {
  # pinned installers are served from the internal mirror
  local name="$1"
  local url="${MIRROR_SCHEME}://${MIRROR_HOST}/install/${name}.sh"
  local tmp
  tmp="$(mktemp)"
  curl -fsSL "$url" -o "$tmp"
  bash "$tmp" --prefix "$TOOLS"
  rm -f "$tmp"
}

ensure_shellcheck() {
  command -v shellcheck >/dev/null && return
  local arch
  arch="$(uname -m)"
  curl -fsSL "https://github.com/koalaman/shellcheck/releases/download/v${SHELLCHECK_VERSION}/shellcheck-v${SHELLCHECK_VERSION}.linux.${arch}.tar.xz" \
    | tar -xJ -C "$TOOLS" --strip-components=1 "shellcheck-v${SHELLCHECK_VERSION}/shellcheck"
}

ensure_tools() {
  ensure_shellcheck
  command -v hadolint >/dev/null || fetch_tool hadolint
  command -v actionlint >/dev/null || fetch_tool actionlint
}

run() {
  local status=0
  echo "== shellcheck"
  git ls-files '*.sh' | xargs -r shellcheck -x || status=1
  echo "== hadolint"
  git ls-files '*Dockerfile*' | xargs -r hadolint || status=1
  echo "== actionlint"
  actionlint || status=1
  return $status
}

ensure_tools
run
