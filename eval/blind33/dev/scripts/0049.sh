#!/usr/bin/env bash
# Developer bootstrap for the data-catalog repository.
#
# What it does (all inside the checkout unless noted):
#   1. creates .venv with the pinned Python and installs requirements-dev.txt
#   2. installs the project's git hooks from tools/git-hooks/ into .git/hooks
#      (pre-commit: recipe + lineage lint, commit-msg: ticket prefix)
#   3. copies .env.example to .env if missing and asks for nothing secret
#   4. caches the DataHub CLI plugin index under ~/.cache/catalog-bootstrap
#      (our own cache dir, safe to delete)
#   5. starts the local DataHub quickstart only with --with-datahub
#
#   ./tools/bootstrap.sh [--with-datahub] [--force-hooks]
set -Eeuo pipefail

ROOT=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "run inside the repository" >&2; exit 1; }
cd "$ROOT"

PY_VERSION=$(cat .python-version 2>/dev/null || echo 3.11)
VENV="$ROOT/.venv"
HOOK_SRC="$ROOT/tools/git-hooks"
HOOK_DST="$(git rev-parse --git-path hooks)"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/catalog-bootstrap"
WITH_DATAHUB=0
FORCE_HOOKS=0

log()  { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[33mwarning:\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

for arg in "$@"; do
  case "$arg" in
    --with-datahub) WITH_DATAHUB=1 ;;
    --force-hooks) FORCE_HOOKS=1 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $arg" ;;
  esac
done

find_python() {
  local candidate
  for candidate in "python$PY_VERSION" python3; do
    if command -v "$candidate" >/dev/null; then
      if "$candidate" -c "import sys; sys.exit(0 if sys.version.startswith('$PY_VERSION') else 1)"; then
        command -v "$candidate"
        return 0
      fi
    fi
  done
  return 1
}

setup_venv() {
  local py
  py=$(find_python) || die "Python $PY_VERSION not found (pyenv install $PY_VERSION)"
  if [[ ! -x "$VENV/bin/python" ]]; then
    log "creating .venv with $py"
    "$py" -m venv "$VENV"
  fi
  log "installing requirements-dev.txt"
  "$VENV/bin/python" -m pip install --quiet --upgrade pip
  "$VENV/bin/python" -m pip install --quiet -r requirements-dev.txt
  "$VENV/bin/python" -m pip check || warn "dependency conflicts reported by pip check"
}

install_hook() {
  local name=$1 src="$HOOK_SRC/$1" dst="$HOOK_DST/$1"
  [[ -f "$src" ]] || return 0
  if [[ -e "$dst" && ! -L "$dst" && $FORCE_HOOKS -eq 0 ]]; then
    if ! cmp -s "$src" "$dst"; then
      warn "$dst exists and differs from tools/git-hooks/$name; keeping it (use --force-hooks)"
      return 0
    fi
  fi
  mkdir -p "$HOOK_DST"
  # relative symlink so the hook follows the repository version
  ln -sfn "$(realpath --relative-to="$HOOK_DST" "$src")" "$dst"
  chmod +x "$src"
  log "hook $name -> tools/git-hooks/$name"
}

setup_hooks() {
  local hooks_path
  hooks_path=$(git config --get core.hooksPath || true)
  if [[ -n "$hooks_path" ]]; then
    warn "core.hooksPath is set to '$hooks_path'; project hooks in .git/hooks will not run"
  fi
  local h
  for h in pre-commit commit-msg; do
    install_hook "$h"
  done
}

setup_env_file() {
  if [[ -f .env ]]; then
    log ".env exists; leaving it alone"
    return
  fi
  cp .env.example .env
  chmod 600 .env
  log "created .env from .env.example; fill in DATAHUB_GMS_TOKEN when you have one"
}

cache_plugin_index() {
  mkdir -p "$CACHE_DIR"
  local idx="$CACHE_DIR/plugins.txt"
  if [[ -f "$idx" && $(find "$idx" -mmin -1440 | wc -l) -eq 1 ]]; then
    log "plugin index cached ($(wc -l < "$idx") plugins)"
    return
  fi
  if "$VENV/bin/datahub" check plugins > "$idx.tmp" 2>/dev/null; then
    mv "$idx.tmp" "$idx"
    log "cached DataHub plugin list in $idx"
  else
    rm -f "$idx.tmp"
    warn "could not list DataHub plugins (is acryl-datahub installed?)"
  fi
}

start_datahub() {
  command -v docker >/dev/null || die "--with-datahub needs docker"
  log "starting DataHub quickstart (local only, ports bound to 127.0.0.1)"
  "$VENV/bin/datahub" docker quickstart \
    --quickstart-compose-file "$ROOT/infra/datahub/docker-compose.quickstart.yml"
  local tries=0
  until curl -fs http://localhost:8080/health >/dev/null; do
    tries=$((tries + 1))
    (( tries > 60 )) && die "DataHub GMS did not become healthy"
    sleep 5
  done
  log "DataHub is up at http://localhost:9002"
}

summary() {
  cat <<EOF

Bootstrap complete.
  venv:    ${VENV#"$ROOT"/}  (source .venv/bin/activate)
  hooks:   $(ls -1 "$HOOK_DST" 2>/dev/null | grep -v '\.sample$' | tr '\n' ' ')
  cache:   $CACHE_DIR
Next steps:
  make recipes        # generate DataHub recipes
  make lint           # recipe + lineage lint (also run by the pre-commit hook)
EOF
}

check_prereqs() {
  # tools the Makefile and hooks rely on; report all problems at once
  local missing=() tool
  for tool in git make jq curl; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  if (( ${#missing[@]} > 0 )); then
    die "missing required tools: ${missing[*]}"
  fi
  local git_version
  git_version=$(git --version | awk '{print $3}')
  if [[ "$(printf '%s\n' 2.30 "$git_version" | sort -V | head -n1)" != 2.30 ]]; then
    warn "git $git_version is older than 2.30; hook symlinks may not work"
  fi
  if ! command -v shellcheck >/dev/null; then
    warn "shellcheck not installed; the pre-commit hook will skip shell linting"
  fi
  if [[ -n "${VIRTUAL_ENV:-}" && "$VIRTUAL_ENV" != "$VENV" ]]; then
    warn "another virtualenv is active ($VIRTUAL_ENV); deactivate it after bootstrap"
  fi
  local free_kb
  free_kb=$(df -Pk "$ROOT" | awk 'NR==2 {print $4}')
  if (( free_kb < 2 * 1024 * 1024 )); then
    warn "less than 2 GiB free on the partition holding $ROOT"
  fi
  log "prerequisites ok (git $git_version)"
}

check_prereqs
setup_venv
setup_hooks
setup_env_file
cache_plugin_index
[[ $WITH_DATAHUB -eq 1 ]] && start_datahub
summary
