#!/usr/bin/env bash
# contracts/scripts/local-chain.sh
#
# Spin up anvil on localhost, deploy the protocol with forge script, seed test
# balances with cast and write the addresses to web/.env.local so the dApp can
# talk to it. Stops the anvil it started on exit (Ctrl-C).
#
#   contracts/scripts/local-chain.sh             fresh chain
#   contracts/scripts/local-chain.sh --state     persist chain state in .cache/anvil
#   contracts/scripts/local-chain.sh --no-web    do not touch web/.env.local
#
# Keys used here are anvil's published dev accounts; they hold nothing
# anywhere except this local chain.
set -Eeuo pipefail

CONTRACTS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO_DIR="$(dirname "$CONTRACTS_DIR")"
STATE_DIR="$REPO_DIR/.cache/anvil"
RPC_HOST=127.0.0.1
RPC_PORT="${RPC_PORT:-8545}"
RPC_URL="http://$RPC_HOST:$RPC_PORT"
CHAIN_ID=31337
DEPLOYER=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
TEST_USERS=(
  0x70997970C51812dc3A010C7d01b50e0d17dc79C8
  0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC
  0x90F79bf6EB2c79eE2D6E2E9A4B85BFa6a7d07B6a
)
WEB_ENV="$REPO_DIR/web/.env.local"

persist=0
touch_web=1
anvil_pid=""

log() { printf '\033[35m[chain]\033[0m %s\n' "$*"; }
die() { log "error: $*"; exit 1; }

on_exit() {
  if [[ -n "$anvil_pid" ]] && kill -0 "$anvil_pid" 2>/dev/null; then
    log "stopping anvil ($anvil_pid)"
    kill "$anvil_pid"
    wait "$anvil_pid" 2>/dev/null || true
  fi
}
trap on_exit EXIT

while [[ $# -gt 0 ]]; do
  case "$1" in
    --state) persist=1 ;;
    --no-web) touch_web=0 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

for tool in anvil forge cast jq; do
  command -v "$tool" >/dev/null || die "$tool not found (foundryup)"
done

port_busy() {
  (exec 3<>"/dev/tcp/$RPC_HOST/$RPC_PORT") 2>/dev/null
}

start_anvil() {
  if port_busy; then
    die "something already listens on $RPC_URL; stop it or set RPC_PORT"
  fi
  mkdir -p "$STATE_DIR"
  local args=(--host "$RPC_HOST" --port "$RPC_PORT" --chain-id "$CHAIN_ID" --block-time 1)
  if (( persist )); then
    args+=(--state "$STATE_DIR/state.json")
  else
    rm -f "$STATE_DIR/state.json"
  fi
  log "anvil ${args[*]}"
  anvil "${args[@]}" >"$STATE_DIR/anvil.log" 2>&1 &
  anvil_pid=$!
  local i
  for i in $(seq 1 50); do
    if cast chain-id --rpc-url "$RPC_URL" >/dev/null 2>&1; then
      log "anvil ready (chain $(cast chain-id --rpc-url "$RPC_URL"))"
      return 0
    fi
    sleep 0.2
  done
  die "anvil did not start; see $STATE_DIR/anvil.log"
}

assert_local_chain() {
  local id
  id="$(cast chain-id --rpc-url "$RPC_URL")"
  [[ "$id" == "$CHAIN_ID" ]] || die "chain id $id is not the local anvil chain"
}

deploy() {
  assert_local_chain
  log "forge build"
  (cd "$CONTRACTS_DIR" && forge build --quiet)
  log "deploying with forge script (unlocked dev account)"
  (cd "$CONTRACTS_DIR" && forge script script/Deploy.s.sol:Deploy \
    --rpc-url "$RPC_URL" --broadcast --unlocked --sender "$DEPLOYER" --slow -q)
}

addresses_json() {
  local run="$CONTRACTS_DIR/broadcast/Deploy.s.sol/$CHAIN_ID/run-latest.json"
  [[ -f "$run" ]] || die "no broadcast file at $run"
  jq '[.transactions[] | select(.transactionType=="CREATE") | {(.contractName): .contractAddress}] | add' "$run"
}

seed_balances() {
  local token="$1" user
  for user in "${TEST_USERS[@]}"; do
    cast rpc --rpc-url "$RPC_URL" anvil_setBalance "$user" 0x56BC75E2D63100000 >/dev/null
    cast send --rpc-url "$RPC_URL" --unlocked --from "$DEPLOYER" \
      "$token" "mint(address,uint256)" "$user" 1000000000000000000000 >/dev/null
    log "funded $user"
  done
}

write_web_env() {
  local json="$1"
  (( touch_web )) || return 0
  local tmp
  tmp="$(mktemp)"
  if [[ -f "$WEB_ENV" ]]; then
    grep -v '^NEXT_PUBLIC_\(CHAIN_ID\|RPC_URL\|ADDR_\)' "$WEB_ENV" > "$tmp" || true
  fi
  {
    echo "NEXT_PUBLIC_CHAIN_ID=$CHAIN_ID"
    echo "NEXT_PUBLIC_RPC_URL=$RPC_URL"
    jq -r 'to_entries[] | "NEXT_PUBLIC_ADDR_\(.key | ascii_upcase)=\(.value)"' <<<"$json"
  } >> "$tmp"
  mv "$tmp" "$WEB_ENV"
  log "wrote ${WEB_ENV#$REPO_DIR/}"
}

clean_broadcast_for_local() {
  # broadcast/ for chain 31337 is throwaway; other chains' records are kept
  find "$CONTRACTS_DIR/broadcast" -path "*/$CHAIN_ID/*" -name 'run-1*.json' -mtime +1 -delete 2>/dev/null || true
}

verify_code() {
  local json="$1" name addr code
  while IFS=$'\t' read -r name addr; do
    code="$(cast code --rpc-url "$RPC_URL" "$addr")"
    if [[ "$code" == "0x" ]]; then
      die "$name at $addr has no code"
    fi
    log "$name ok ($(( (${#code} - 2) / 2 )) bytes)"
  done < <(jq -r 'to_entries[] | "\(.key)\t\(.value)"' <<<"$json")
}

write_addresses_file() {
  local json="$1"
  mkdir -p "$STATE_DIR"
  jq --arg rpc "$RPC_URL" --argjson chain "$CHAIN_ID" \
    '{chainId: $chain, rpcUrl: $rpc, contracts: .}' <<<"$json" > "$STATE_DIR/addresses.json"
  log "addresses in ${STATE_DIR#$REPO_DIR/}/addresses.json"
}

snapshot() {
  # evm_snapshot id lets tests revert to the freshly seeded state
  local id
  id="$(cast rpc --rpc-url "$RPC_URL" evm_snapshot | tr -d '"')"
  echo "$id" > "$STATE_DIR/seeded.snapshot"
  log "snapshot $id saved"
}

start_anvil
deploy
json="$(addresses_json)"
log "deployed: $(jq -c . <<<"$json")"
verify_code "$json"
write_addresses_file "$json"
token="$(jq -r '.MockToken // empty' <<<"$json")"
[[ -n "$token" ]] && seed_balances "$token"
write_web_env "$json"
clean_broadcast_for_local
snapshot
log "chain running at $RPC_URL - Ctrl-C to stop"
wait "$anvil_pid"
