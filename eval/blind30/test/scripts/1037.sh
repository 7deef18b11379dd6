#!/usr/bin/env bash
# sol_local.sh - local Solana validator for the ticket-NFT program tests
#
#   scripts/sol_local.sh start      reset ledger in .solana-test/, start validator, deploy program
#   scripts/sol_local.sh fund N     create N throwaway keypairs in .solana-test/keys and airdrop 5 SOL
#   scripts/sol_local.sh test       anchor test --skip-local-validator against it
#   scripts/sol_local.sh stop       stop the validator started by `start`
#
# All CLI calls use --url http://127.0.0.1:8899 and --keypair from .solana-test/, so the
# developer's own ~/.config/solana config and keypair are never used or changed.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BASE="$ROOT/.solana-test"
LEDGER="$BASE/ledger"
KEYS="$BASE/keys"
PIDFILE="$BASE/validator.pid"
RPC=http://127.0.0.1:8899
PAYER="$KEYS/payer.json"
PROGRAM_SO="$ROOT/target/deploy/ticket_nft.so"
PROGRAM_KEY="$ROOT/target/deploy/ticket_nft-keypair.json"

out() { printf '[sol] %s\n' "$*"; }
die() { printf '[sol] %s\n' "$*" >&2; exit 1; }

sol() {
  solana --url "$RPC" --keypair "$PAYER" "$@"
}

need() {
  local t
  for t in solana solana-keygen solana-test-validator jq; do
    command -v "$t" >/dev/null || die "$t not found; install the Solana CLI as described in docs/solana.md"
  done
}

running() {
  [[ -f $PIDFILE ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

wait_rpc() {
  local i
  for i in $(seq 1 60); do
    if curl -fs -X POST -H 'Content-Type: application/json' \
         -d '{"jsonrpc":"2.0","id":1,"method":"getHealth"}' "$RPC" | jq -e '.result == "ok"' >/dev/null 2>&1; then
      return 0
    fi
    sleep 1
  done
  return 1
}

ensure_payer() {
  mkdir -p "$KEYS"
  if [[ ! -f $PAYER ]]; then
    solana-keygen new --no-bip39-passphrase --silent --force -o "$PAYER"
    chmod 600 "$PAYER"
  fi
}

start() {
  running && die "validator already running (pid $(cat "$PIDFILE"))"
  ensure_payer
  [[ $LEDGER == "$ROOT/.solana-test/ledger" ]] || die "unexpected ledger path"
  rm -rf -- "$LEDGER"
  local -a args=(--ledger "$LEDGER" --bind-address 127.0.0.1 --rpc-port 8899 --faucet-port 9900 --quiet --reset)
  if [[ -f $PROGRAM_SO && -f $PROGRAM_KEY ]]; then
    args+=(--bpf-program "$(solana-keygen pubkey "$PROGRAM_KEY")" "$PROGRAM_SO")
  fi
  solana-test-validator "${args[@]}" > "$BASE/validator.log" 2>&1 &
  echo $! > "$PIDFILE"
  wait_rpc || { tail -n 20 "$BASE/validator.log" >&2; die "validator did not become healthy"; }
  sol airdrop 100 "$(solana-keygen pubkey "$PAYER")" >/dev/null
  out "validator up (pid $(cat "$PIDFILE")), payer funded with $(sol balance)"
}

fund() {
  local n=${1:-3} i key
  running || die "validator not running"
  mkdir -p "$KEYS"
  for i in $(seq 1 "$n"); do
    key="$KEYS/user$i.json"
    [[ -f $key ]] || solana-keygen new --no-bip39-passphrase --silent -o "$key"
    sol airdrop 5 "$(solana-keygen pubkey "$key")" >/dev/null
    out "user$i $(solana-keygen pubkey "$key") $(sol balance "$(solana-keygen pubkey "$key")")"
  done
}

program_info() {
  [[ -f $PROGRAM_KEY ]] || { out "program not built"; return; }
  local id
  id=$(solana-keygen pubkey "$PROGRAM_KEY")
  if sol program show "$id" >/dev/null 2>&1; then
    out "program $id deployed"
  else
    out "program $id not deployed"
  fi
}

run_tests() {
  running || die "validator not running; run start first"
  command -v anchor >/dev/null || die "anchor CLI not installed"
  (
    cd "$ROOT"
    ANCHOR_PROVIDER_URL=$RPC ANCHOR_WALLET=$PAYER anchor test --skip-local-validator --skip-deploy
  )
}

logs() {
  [[ -f $BASE/validator.log ]] || die "no validator log"
  tail -n "${1:-60}" "$BASE/validator.log"
}

stop() {
  if running; then
    local pid
    pid=$(cat "$PIDFILE")
    kill "$pid"
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    out "stopped validator $pid"
  else
    out "validator not running"
  fi
  rm -f -- "$PIDFILE"
}

purge() {
  stop
  [[ $BASE == "$ROOT/.solana-test" ]] || die "unexpected base dir"
  rm -rf -- "$BASE"
  out "removed .solana-test/ (ledger and throwaway keys)"
}

status() {
  if running; then
    out "running (pid $(cat "$PIDFILE")), slot $(sol slot), epoch $(sol epoch)"
    program_info
  else
    out "not running"
  fi
}

snapshot_accounts() {
  # dump the accounts owned by our program, for debugging failed tests
  [[ -f $PROGRAM_KEY ]] || die "program not built"
  local id out
  id=$(solana-keygen pubkey "$PROGRAM_KEY")
  out="$BASE/accounts-$(date +%H%M%S).json"
  curl -fs -X POST -H 'Content-Type: application/json' \
    -d "$(jq -n --arg p "$id" '{jsonrpc: "2.0", id: 1, method: "getProgramAccounts", params: [$p, {encoding: "base64"}]}')" \
    "$RPC" | jq '.result' > "$out"
  out "$(jq length "$out") account(s) saved to ${out#"$ROOT"/}"
}

env_for_tests() {
  # variables for running the TS client tests by hand
  printf 'export SOLANA_RPC_URL=%s\n' "$RPC"
  printf 'export TEST_PAYER=%s\n' "$PAYER"
  if [[ -f $PROGRAM_KEY ]]; then
    printf 'export TICKET_PROGRAM_ID=%s\n' "$(solana-keygen pubkey "$PROGRAM_KEY")"
  fi
}

need
mkdir -p "$BASE"
case ${1:-} in
  accounts) snapshot_accounts; exit 0 ;;
  env) env_for_tests; exit 0 ;;
esac
case ${1:-status} in
  start) start ;;
  fund) fund "${2:-3}" ;;
  test) run_tests ;;
  logs) logs "${2:-60}" ;;
  stop) stop ;;
  purge) purge ;;
  status) status ;;
  *) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
