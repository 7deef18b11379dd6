#!/usr/bin/env bash
# Run the checks CI runs, locally, with optional selection.
set -euo pipefail

RUN_LINT=1
RUN_TYPES=1
RUN_TESTS=1
PYTEST_ARGS=()

usage() {
  cat <<'EOF'
usage: ci-local.sh [--no-lint] [--no-types] [--no-tests] [-- pytest args...]
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --no-lint) RUN_LINT=0 ;;
    --no-types) RUN_TYPES=0 ;;
    --no-tests) RUN_TESTS=0 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; PYTEST_ARGS=("$@"); break ;;
    *) echo "unknown option $1" >&2; usage; exit 2 ;;
  esac
  shift
done

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
FAILED=()

step() {
  local name="$1"; shift
  printf '\n\033[1m== %s\033[0m\n' "$name"
  if "$@"; then
    echo "ok: $name"
  else
    echo "FAILED: $name"
    FAILED+=("$name")
  fi
}

if [ "$RUN_LINT" -eq 1 ]; then
  step "ruff" uv run ruff check src tests
  step "format" uv run ruff format --check src tests
fi
if [ "$RUN_TYPES" -eq 1 ]; then
  step "mypy" uv run mypy src
fi
if [ "$RUN_TESTS" -eq 1 ]; then
  step "pytest" uv run pytest -q ${PYTEST_ARGS[@]+"${PYTEST_ARGS[@]}"}
fi

echo
if [ ${#FAILED[@]} -gt 0 ]; then
  echo "failed steps: ${FAILED[*]}"
  exit 1
fi
echo "all selected checks passed"
