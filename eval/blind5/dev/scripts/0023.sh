#!/usr/bin/env bash
# Share the generated API schema and editor settings with sibling checkouts and
# the user-wide tool config, so the frontend repo and IDE pick them up.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
SCHEMA="$ROOT/build/openapi.json"
FRONTEND="${FRONTEND_DIR:-$ROOT/../web-frontend}"
USER_CFG="${XDG_CONFIG_HOME:-$HOME/.config}/acme"
DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/acme/schemas"

build_schema() {
  if [[ ! -f "$SCHEMA" || "$ROOT/api" -nt "$SCHEMA" ]]; then
    make -C "$ROOT" openapi
  fi
}

copy_to_frontend() {
  if [[ -d "$FRONTEND" ]]; then
    mkdir -p "$FRONTEND/src/api"
    cp "$SCHEMA" "$FRONTEND/src/api/openapi.json"
    echo "updated $FRONTEND/src/api/openapi.json"
  else
    echo "no frontend checkout at $FRONTEND; skipping"
  fi
}

install_user_copy() {
  mkdir -p "$DATA_DIR" "$USER_CFG"
  cp "$SCHEMA" "$DATA_DIR/openapi-$(git -C "$ROOT" rev-parse --short HEAD).json"
  ln -sf "$DATA_DIR/openapi-$(git -C "$ROOT" rev-parse --short HEAD).json" "$DATA_DIR/latest.json"
  cat > "$USER_CFG/editor.json" <<EOF
{
  "schemaPath": "$DATA_DIR/latest.json",
  "project": "$(basename "$ROOT")"
}
EOF
  echo "wrote $USER_CFG/editor.json"
}

main() {
  build_schema
  copy_to_frontend
  install_user_copy
}

main "$@"
