#!/usr/bin/env bash
# nomadctl-init - write the config file for our small `nomadctl` wrapper at
# ~/.config/nomadctl/config and nothing else. Never touches shell rc files.
set -euo pipefail

APP="nomadctl"
CONFIG_HOME="${XDG_CONFIG_HOME:-$HOME/.config}"
DIR="$CONFIG_HOME/$APP"
FILE="$DIR/config"

ADDR="https://nomad.internal:4646"
REGION="global"
NAMESPACE="default"
FORCE=0

usage() {
  echo "usage: $APP-init [--addr URL] [--region R] [--namespace NS] [--force]"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --addr) ADDR="$2"; shift 2 ;;
    --region) REGION="$2"; shift 2 ;;
    --namespace) NAMESPACE="$2"; shift 2 ;;
    --force) FORCE=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option $1" >&2; usage; exit 2 ;;
  esac
done

validate() {
  case "$ADDR" in
    https://*) ;;
    http://127.0.0.1:*|http://localhost:*) ;;
    *) echo "address must be https (or local http): $ADDR" >&2; exit 2 ;;
  esac
  [[ "$REGION" =~ ^[a-z0-9-]+$ ]] || { echo "bad region" >&2; exit 2; }
  [[ "$NAMESPACE" =~ ^[a-z0-9-]+$ ]] || { echo "bad namespace" >&2; exit 2; }
}

render() {
  cat <<EOF
# $APP configuration (generated $(date -u +%Y-%m-%dT%H:%M:%SZ))
addr=$ADDR
region=$REGION
namespace=$NAMESPACE
# the ACL token is read from NOMAD_TOKEN at runtime and never stored here
EOF
}

write_config() {
  mkdir -p "$DIR"
  chmod 700 "$DIR"
  if [[ -f "$FILE" && $FORCE -eq 0 ]]; then
    echo "$FILE exists (use --force to overwrite)"
    diff <(grep -v '^#' "$FILE") <(render | grep -v '^#') || true
    exit 0
  fi
  local tmp
  tmp="$(mktemp "$DIR/.config.XXXXXX")"
  render > "$tmp"
  chmod 600 "$tmp"
  if [[ -f "$FILE" ]]; then
    cp -p "$FILE" "$FILE.bak"
  fi
  mv "$tmp" "$FILE"
  echo "wrote $FILE"
}

check_connectivity() {
  if command -v nomad >/dev/null; then
    NOMAD_ADDR="$ADDR" nomad status -short >/dev/null 2>&1 \
      && echo "nomad reachable at $ADDR" \
      || echo "note: could not reach $ADDR (VPN?)"
  fi
}

validate
write_config
check_connectivity
