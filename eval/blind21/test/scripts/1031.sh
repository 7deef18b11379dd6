#!/usr/bin/env bash
# vault-dev-seed.sh - load the development secrets into a local Vault dev
# server so the services can use their real Vault client code locally.
#
#   dev/vault-dev-seed.sh            start `vault server -dev` (if needed) and seed
#   dev/vault-dev-seed.sh --check    compare what is in Vault with the sops file
#   dev/vault-dev-seed.sh --stop     stop the dev server this script started
#
# Secrets come from dev/secrets.sops.yaml via `sops -d`; the decrypted YAML is
# only ever held in a variable and piped to `vault kv put` as JSON on stdin.
# The server listens on 127.0.0.1 and uses a fixed throwaway root token.
#
# Exit codes:
#   0  seeded / in sync / stopped
#   1  error (message on stderr)
#   2  usage
# --check exits 1 when any secret differs, so it can gate `make dev`.
#
# Safe to re-run: kv put creates a new version of each secret; the dev
# server's data disappears when it stops anyway.
set -Eeuo pipefail

DEV_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$DEV_DIR")
STATE="$ROOT/.vault-dev"
SOPS_FILE="$DEV_DIR/secrets.sops.yaml"
MOUNT="kv"
APP_PATH="ledger"
export VAULT_ADDR="http://127.0.0.1:8201"
export VAULT_TOKEN="ledger-dev-root"

die() { echo "vault-dev-seed: $*" >&2; exit 1; }
info() { echo "vault-dev-seed: $*"; }

trap 'die "line $LINENO: $BASH_COMMAND failed"' ERR

# Layout of dev/secrets.sops.yaml (values encrypted with the team age key):
#
#   database:
#     username: ledger
#     password: ENC[...]
#   smtp:
#     host: mail.internal
#     password: ENC[...]
#   stripe_test_key: ENC[...]
#
# Each top-level key becomes kv/ledger/<key>. Mappings are written as-is;
# scalar values are wrapped as {"value": ...} so every secret is an object,
# which is what the services' Vault client expects.
#
# Why port 8201: developers often run the team's own `vault server -dev` on
# 8200 for other repos; a separate port keeps the two from colliding and
# lets server_pid() identify this server by its command line.
#
# The root token below is not a secret: a -dev server keeps everything in
# memory, listens on loopback only, and is gone when stopped.
# Tokens for shared Vault clusters never appear in this script.
#
# Requirements: vault >= 1.15 (kv put reading JSON from stdin), sops >= 3.8,
# jq, and the age key in ~/.config/sops/age/keys.txt (sops finds it itself).
#
server_pid() {
  [[ -f "$STATE/pid" ]] || return 1
  local pid
  pid=$(<"$STATE/pid")
  kill -0 "$pid" 2>/dev/null || return 1
  # make sure the pid is still our dev server, not a recycled pid
  ps -o args= -p "$pid" | grep -q -- "-dev-listen-address=127.0.0.1:8201" || return 1
  echo "$pid"
}

start_server() {
  if server_pid >/dev/null; then
    info "dev server already running (pid $(server_pid))"
    return
  fi
  command -v vault >/dev/null || die "vault CLI not installed"
  mkdir -p "$STATE"
  nohup vault server -dev \
    -dev-listen-address=127.0.0.1:8201 \
    -dev-root-token-id="$VAULT_TOKEN" \
    -dev-no-store-token \
    > "$STATE/server.log" 2>&1 &
  echo $! > "$STATE/pid"
  local i
  for i in $(seq 1 40); do
    if vault status >/dev/null 2>&1; then
      info "dev server up on $VAULT_ADDR (pid $(<"$STATE/pid"))"
      return
    fi
    sleep 0.25
  done
  tail -n 20 "$STATE/server.log" >&2
  die "dev server did not start"
}

stop_server() {
  local pid
  if ! pid=$(server_pid); then
    info "no dev server of ours is running"
    rm -f -- "$STATE/pid"
    return
  fi
  kill "$pid"
  local i
  for i in $(seq 1 20); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  rm -f -- "$STATE/pid"
  info "stopped dev server (pid $pid); -dev servers keep no data"
}

decrypted_json() {
  command -v sops >/dev/null || die "sops not installed"
  [[ -f "$SOPS_FILE" ]] || die "missing $SOPS_FILE"
  sops --decrypt --output-type json "$SOPS_FILE" | jq 'del(.sops)'
}

ensure_mount() {
  if ! vault secrets list -format=json | jq -e --arg m "$MOUNT/" 'has($m)' >/dev/null; then
    vault secrets enable -path="$MOUNT" -version=2 kv >/dev/null
    info "enabled kv-v2 at $MOUNT/"
  fi
}

seed() {
  local json keys key count=0
  json=$(decrypted_json)
  mapfile -t keys < <(jq -r 'keys[]' <<<"$json")
  (( ${#keys[@]} > 0 )) || die "no secrets in $SOPS_FILE"
  ensure_mount
  for key in "${keys[@]}"; do
    [[ "$key" =~ ^[a-z0-9_-]+$ ]] || die "bad secret name '$key'"
    jq -c --arg k "$key" '.[$k] | if type == "object" then . else {value: .} end' <<<"$json" \
      | vault kv put -mount="$MOUNT" "$APP_PATH/$key" - >/dev/null
    count=$(( count + 1 ))
    info "wrote $MOUNT/$APP_PATH/$key"
  done
  info "$count secret(s) loaded"
}

check() {
  local json key want have drift=0
  json=$(decrypted_json)
  while read -r key; do
    want=$(jq -cS --arg k "$key" '.[$k] | if type == "object" then . else {value: .} end' <<<"$json")
    have=$(vault kv get -mount="$MOUNT" -format=json "$APP_PATH/$key" 2>/dev/null | jq -cS '.data.data' || echo null)
    if [[ "$want" != "$have" ]]; then
      echo "  differs: $APP_PATH/$key"
      drift=1
    fi
  done < <(jq -r 'keys[]' <<<"$json")
  (( drift == 0 )) && info "vault matches $SOPS_FILE"
  return "$drift"
}

policies() {
  local f name
  for f in "$DEV_DIR"/policies/*.hcl; do
    [[ -e "$f" ]] || continue
    name=$(basename "$f" .hcl)
    vault policy write "$name" "$f" >/dev/null
    info "policy $name"
  done
}

env_hint() {
  cat <<EOF
# for your shell (dev server only):
export VAULT_ADDR=$VAULT_ADDR
export VAULT_TOKEN=$VAULT_TOKEN
EOF
}

case "${1:-}" in
  --stop) stop_server ;;
  --check) server_pid >/dev/null || die "dev server not running"; check ;;
  --env) env_hint ;;
  "") start_server; policies; seed; env_hint ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
