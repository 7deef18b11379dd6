#!/usr/bin/env bash
# programs/scripts/localnet.sh - run the Anchor test-suite on a private validator.
#
# Starts solana-test-validator with its ledger in .anchor/test-ledger (ours,
# wiped with --reset), points the Solana CLI config of THIS shell at it via a
# temporary config file (the user's ~/.config/solana/cli/config.yml is not
# modified), funds a throwaway test keypair, deploys and runs `anchor test
# --skip-local-validator`. The validator is stopped on exit.
#
#   programs/scripts/localnet.sh            full run
#   programs/scripts/localnet.sh --keep     leave the validator running
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
LEDGER="$ROOT/.anchor/test-ledger"
WORK="$ROOT/.anchor/localnet"
RPC_PORT="${RPC_PORT:-8899}"
RPC_URL="http://127.0.0.1:$RPC_PORT"
CLI_CONFIG="$WORK/cli-config.yml"
TEST_KEYPAIR="$WORK/test-payer.json"
KEEP=0
validator_pid=""

say() { echo "[localnet] $*"; }
die() { echo "[localnet] $*" >&2; exit 1; }

stop_validator() {
  if ((KEEP)); then
    say "validator left running (pid $validator_pid, $RPC_URL)"
    return
  fi
  if [[ -n "$validator_pid" ]] && kill -0 "$validator_pid" 2>/dev/null; then
    say "stopping validator $validator_pid"
    kill "$validator_pid"
    wait "$validator_pid" 2>/dev/null || true
  fi
  rm -f "$WORK/validator.pid"
}
trap stop_validator EXIT

parse() {
  while (($#)); do
    case "$1" in
      --keep) KEEP=1 ;;
      --clean) clean_ledger ;;
      -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
      *) die "unknown option $1" ;;
    esac
    shift
  done
}

tools() {
  local t
  for t in solana solana-test-validator solana-keygen anchor; do
    command -v "$t" >/dev/null || die "$t not found (install the Solana/Anchor toolchain)"
  done
  say "$(solana --version), $(anchor --version)"
}

# A validator from another checkout may already hold the default port.
port_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$RPC_PORT") 2>/dev/null
}

# Always use our temporary CLI config, never the user's default one.
sol() {
  solana --config "$CLI_CONFIG" "$@"
}

prepare_cli() {
  mkdir -p "$WORK"
  [[ -f "$TEST_KEYPAIR" ]] || solana-keygen new --no-bip39-passphrase --silent --outfile "$TEST_KEYPAIR"
  cat > "$CLI_CONFIG" <<EOF
json_rpc_url: "$RPC_URL"
websocket_url: ""
keypair_path: "$TEST_KEYPAIR"
commitment: confirmed
EOF
}

start_validator() {
  port_free || die "port $RPC_PORT busy; stop the other validator or set RPC_PORT"
  mkdir -p "$LEDGER"
  say "starting solana-test-validator (ledger ${LEDGER#$ROOT/})"
  solana-test-validator --reset --quiet --ledger "$LEDGER" \
    --rpc-port "$RPC_PORT" --bind-address 127.0.0.1 >"$WORK/validator.log" 2>&1 &
  validator_pid=$!
  echo "$validator_pid" > "$WORK/validator.pid"
  local i
  for i in $(seq 1 60); do
    if sol cluster-version >/dev/null 2>&1; then
      say "validator up: $(sol cluster-version)"
      return 0
    fi
    kill -0 "$validator_pid" 2>/dev/null || die "validator exited (see ${WORK#$ROOT/}/validator.log)"
    sleep 1
  done
  die "validator did not answer"
}

assert_localnet() {
  local genesis
  genesis="$(sol genesis-hash)"
  [[ -n "$genesis" ]] || die "no genesis hash"
  case "$(sol config get json_rpc_url | awk '{print $NF}')" in
    http://127.0.0.1:*) ;;
    *) die "CLI config does not point at the local validator" ;;
  esac
}

# 100 SOL is plenty for deploying and running the suite; airdrops are free on localnet.
fund() {
  say "airdropping to test payer $(solana-keygen pubkey "$TEST_KEYPAIR")"
  sol airdrop 100 >/dev/null
  say "balance: $(sol balance)"
}

build_and_test() {
  cd "$ROOT"
  anchor build
  ANCHOR_PROVIDER_URL="$RPC_URL" ANCHOR_WALLET="$TEST_KEYPAIR" \
    anchor test --skip-local-validator --skip-build --provider.cluster "$RPC_URL" --provider.wallet "$TEST_KEYPAIR"
}

program_sizes() {
  local so
  for so in "$ROOT"/target/deploy/*.so; do
    [[ -e "$so" ]] || continue
    printf '  %-28s %s bytes\n' "$(basename "$so")" "$(stat -c %s "$so" 2>/dev/null || stat -f %z "$so")"
  done
}

idl_check() {
  # the generated IDL must be committed so the frontend types stay in sync
  if ! git -C "$ROOT" diff --quiet -- target/idl 2>/dev/null; then
    say "IDL changed; commit target/idl/*.json together with the program"
  fi
}

deployed_programs() {
  local kp id
  for kp in "$ROOT"/target/deploy/*-keypair.json; do
    [[ -e "$kp" ]] || continue
    id="$(solana-keygen pubkey "$kp")"
    if sol program show "$id" >/dev/null 2>&1; then
      printf '  %-28s %s\n' "$(basename "$kp" -keypair.json)" "$id"
    fi
  done
}

clean_ledger() {
  # only our own ledger directory; used with --clean
  say "removing ${LEDGER#$ROOT/}"
  rm -rf -- "$LEDGER"
}

logs_on_failure() {
  say "last validator log lines:"
  tail -n 40 "$WORK/validator.log" | sed 's/^/    /'
}

main() {
  parse "$@"
  tools
  prepare_cli
  start_validator
  assert_localnet
  fund
  if ! build_and_test; then
    logs_on_failure
    exit 1
  fi
  program_sizes
  deployed_programs
  idl_check
  say "all tests passed"
}

main "$@"
