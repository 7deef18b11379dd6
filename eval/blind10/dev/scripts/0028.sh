#!/usr/bin/env bash
# First-run configuration for the `lintkit` command line tool.
# Writes ~/.config/lintkit/config.ini (or $XDG_CONFIG_HOME/lintkit) and keeps a
# backup of any previous file. Secrets are never written; the config only
# names the environment variable that holds the token.
set -euo pipefail

CONF_HOME="${XDG_CONFIG_HOME:-$HOME/.config}"
CONF_DIR="$CONF_HOME/lintkit"
CONF_FILE="$CONF_DIR/config.ini"

PROFILE="default"
SEVERITY="warning"
FORMAT="pretty"
TOKEN_VAR="LINTKIT_TOKEN"
NON_INTERACTIVE=0

ask() {
  local prompt="$1" default="$2" reply
  if [[ $NON_INTERACTIVE -eq 1 || ! -t 0 ]]; then
    printf '%s' "$default"
    return
  fi
  read -r -p "$prompt [$default]: " reply
  printf '%s' "${reply:-$default}"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --profile) PROFILE="$2"; shift 2 ;;
    --severity) SEVERITY="$2"; shift 2 ;;
    --format) FORMAT="$2"; shift 2 ;;
    -y|--yes) NON_INTERACTIVE=1; shift ;;
    --show)
      if [[ -f "$CONF_FILE" ]]; then cat "$CONF_FILE"; else echo "no config yet"; fi
      exit 0
      ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

SEVERITY="$(ask "minimum severity (info|warning|error)" "$SEVERITY")"
case "$SEVERITY" in
  info|warning|error) ;;
  *) echo "invalid severity $SEVERITY" >&2; exit 2 ;;
esac
FORMAT="$(ask "output format (pretty|json|sarif)" "$FORMAT")"
case "$FORMAT" in
  pretty|json|sarif) ;;
  *) echo "invalid format $FORMAT" >&2; exit 2 ;;
esac
TOKEN_VAR="$(ask "environment variable holding the API token" "$TOKEN_VAR")"
if ! [[ "$TOKEN_VAR" =~ ^[A-Z_][A-Z0-9_]*$ ]]; then
  echo "not a valid variable name: $TOKEN_VAR" >&2
  exit 2
fi

mkdir -p "$CONF_DIR"
chmod 700 "$CONF_DIR"

if [[ -f "$CONF_FILE" ]]; then
  backup="$CONF_FILE.$(date +%Y%m%d%H%M%S).bak"
  cp -p "$CONF_FILE" "$backup"
  echo "previous config saved as $backup"
fi

tmp="$(mktemp "$CONF_DIR/.config.ini.XXXXXX")"
trap 'rm -f -- "$tmp"' EXIT

cat > "$tmp" <<EOF
; lintkit configuration - generated $(date -u +%FT%TZ)
[$PROFILE]
severity = $SEVERITY
format = $FORMAT
token_env = $TOKEN_VAR
cache = true
EOF

chmod 600 "$tmp"
mv -f "$tmp" "$CONF_FILE"
trap - EXIT

echo "wrote $CONF_FILE"
if [[ -z "${!TOKEN_VAR:-}" ]]; then
  echo "hint: export $TOKEN_VAR before running lintkit"
fi
