#!/usr/bin/env bash
# quayside-init - write the user config for the `quayside` deploy CLI.
# File: ${XDG_CONFIG_HOME:-~/.config}/quayside/config.yaml
# The API token is read at runtime from the env var named in the config.
set -euo pipefail

APP=quayside
cfg_root="${XDG_CONFIG_HOME:-$HOME/.config}/$APP"
cfg_file="$cfg_root/config.yaml"

declare -A settings=(
  [cluster]="staging"
  [namespace]="default"
  [output]="table"
  [token_env]="QUAYSIDE_TOKEN"
  [confirm_prod]="true"
)
order=(cluster namespace output token_env confirm_prod)

validate() {
  local key="$1" value="$2"
  case "$key" in
    cluster) [[ "$value" =~ ^(staging|production|sandbox)$ ]] ;;
    namespace) [[ "$value" =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] ;;
    output) [[ "$value" =~ ^(table|json|yaml)$ ]] ;;
    token_env) [[ "$value" =~ ^[A-Z_][A-Z0-9_]*$ ]] ;;
    confirm_prod) [[ "$value" =~ ^(true|false)$ ]] ;;
    *) return 1 ;;
  esac
}

read_existing() {
  [[ -f "$cfg_file" ]] || return 0
  local key value
  while IFS=': ' read -r key value; do
    [[ -z "$key" || "$key" == \#* ]] && continue
    if [[ -n "${settings[$key]+x}" ]] && validate "$key" "$value"; then
      settings[$key]="$value"
    fi
  done < "$cfg_file"
}

prompt_all() {
  local key answer
  for key in "${order[@]}"; do
    while true; do
      read -r -p "$key [${settings[$key]}]: " answer || answer=""
      answer="${answer:-${settings[$key]}}"
      if validate "$key" "$answer"; then
        settings[$key]="$answer"
        break
      fi
      echo "  invalid value for $key" >&2
    done
  done
}

write_config() {
  umask 077
  mkdir -p "$cfg_root"
  local tmp
  tmp="$(mktemp "$cfg_root/.config.XXXXXX")"
  {
    echo "# $APP config - $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    for key in "${order[@]}"; do
      echo "$key: ${settings[$key]}"
    done
  } > "$tmp"
  mv -f -- "$tmp" "$cfg_file"
}

if [[ "${1:-}" == "--print" ]]; then
  [[ -f "$cfg_file" ]] && cat "$cfg_file" || echo "no config at $cfg_file"
  exit 0
fi

read_existing
if [[ "${1:-}" != "--defaults" && -t 0 ]]; then
  prompt_all
fi
write_config
echo "saved $cfg_file"
token_var="${settings[token_env]}"
[[ -n "${!token_var:-}" ]] || echo "remember to export $token_var"
