#!/usr/bin/env bash
# Local Lightning test network for the invoice service's integration tests.
#
#   tools/ln_regtest.sh start     # bitcoind + two lnd nodes (alice, bob), funded channel
#   tools/ln_regtest.sh pay 5000  # bob creates an invoice, alice pays it
#   tools/ln_regtest.sh env       # print the variables the tests need
#   tools/ln_regtest.sh stop      # stop the processes this script started, delete data
#
# Everything lives in .regtest/ inside the repository (git-ignored). All bitcoin-cli
# and lncli calls pass -regtest / --network=regtest explicitly. PIDs are tracked in
# .regtest/pids and only those processes are stopped.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BASE="$ROOT/.regtest"
PIDS="$BASE/pids"
BTC_DIR="$BASE/bitcoind"
RPC_USER=regtest
RPC_PASS=regtest
RPC_PORT=18443
ZMQ_BLOCK=28332
ZMQ_TX=28333
declare -A RPC_PORTS=([alice]=10009 [bob]=10010)
declare -A P2P_PORTS=([alice]=9735 [bob]=9736)
declare -A REST_PORTS=([alice]=8081 [bob]=8082)

log() { printf '[ln-regtest] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

btc() {
  bitcoin-cli -regtest -datadir="$BTC_DIR" -rpcuser="$RPC_USER" -rpcpassword="$RPC_PASS" \
    -rpcport="$RPC_PORT" "$@"
}

ln() {
  local node=$1; shift
  lncli --network=regtest --lnddir="$BASE/$node" --rpcserver="127.0.0.1:${RPC_PORTS[$node]}" "$@"
}

remember_pid() { printf '%s %s\n' "$1" "$2" >> "$PIDS"; }

start_bitcoind() {
  mkdir -p "$BTC_DIR"
  bitcoind -regtest -datadir="$BTC_DIR" -daemon=0 -server=1 -txindex=1 \
    -rpcuser="$RPC_USER" -rpcpassword="$RPC_PASS" -rpcport="$RPC_PORT" \
    -rpcbind=127.0.0.1 -rpcallowip=127.0.0.1 -listen=0 -fallbackfee=0.0002 \
    -zmqpubrawblock="tcp://127.0.0.1:$ZMQ_BLOCK" -zmqpubrawtx="tcp://127.0.0.1:$ZMQ_TX" \
    > "$BASE/bitcoind.log" 2>&1 &
  remember_pid bitcoind $!
  local i
  for i in $(seq 1 40); do
    btc getblockchaininfo >/dev/null 2>&1 && break
    sleep 0.5
  done
  [[ "$(btc getblockchaininfo | jq -r .chain)" == regtest ]] || die "bitcoind is not on regtest"
  btc createwallet miner >/dev/null 2>&1 || btc loadwallet miner >/dev/null 2>&1 || true
  btc -rpcwallet=miner generatetoaddress 101 "$(btc -rpcwallet=miner getnewaddress)" >/dev/null
  log "bitcoind up, 101 blocks mined"
}

start_lnd() {
  local node=$1 dir="$BASE/$1"
  mkdir -p "$dir"
  lnd --lnddir="$dir" --noseedbackup --bitcoin.active --bitcoin.regtest --bitcoin.node=bitcoind \
    --bitcoind.rpchost="127.0.0.1:$RPC_PORT" --bitcoind.rpcuser="$RPC_USER" \
    --bitcoind.rpcpass="$RPC_PASS" \
    --bitcoind.zmqpubrawblock="tcp://127.0.0.1:$ZMQ_BLOCK" \
    --bitcoind.zmqpubrawtx="tcp://127.0.0.1:$ZMQ_TX" \
    --rpclisten="127.0.0.1:${RPC_PORTS[$node]}" --listen="127.0.0.1:${P2P_PORTS[$node]}" \
    --restlisten="127.0.0.1:${REST_PORTS[$node]}" --alias="$node" --debuglevel=info \
    > "$dir/lnd.log" 2>&1 &
  remember_pid "lnd-$node" $!
  local i
  for i in $(seq 1 60); do
    ln "$node" getinfo >/dev/null 2>&1 && { log "lnd $node ready"; return; }
    sleep 1
  done
  die "lnd $node did not start (see ${dir#$ROOT/}/lnd.log)"
}

wait_synced() {
  local node=$1 i
  for i in $(seq 1 60); do
    [[ "$(ln "$node" getinfo | jq -r .synced_to_chain)" == true ]] && return
    sleep 1
  done
  die "$node not synced"
}

mine() { btc -rpcwallet=miner generatetoaddress "${1:-1}" "$(btc -rpcwallet=miner getnewaddress)" >/dev/null; }

fund_and_connect() {
  local addr bob_pub
  addr="$(ln alice newaddress p2wkh | jq -r .address)"
  btc -rpcwallet=miner sendtoaddress "$addr" 5 >/dev/null
  mine 6
  wait_synced alice
  wait_synced bob
  bob_pub="$(ln bob getinfo | jq -r .identity_pubkey)"
  ln alice connect "${bob_pub}@127.0.0.1:${P2P_PORTS[bob]}" >/dev/null
  ln alice openchannel --node_key "$bob_pub" --local_amt 1000000 --push_amt 100000 >/dev/null
  mine 6
  local i
  for i in $(seq 1 30); do
    [[ "$(ln alice listchannels | jq '.channels | length')" -ge 1 ]] && { log "channel alice->bob open"; return; }
    sleep 1
  done
  die "channel did not open"
}

pay() {
  local amt="${1:-1000}" invoice
  invoice="$(ln bob addinvoice --amt "$amt" --memo "regtest test $(date +%s)" | jq -r .payment_request)"
  ln alice payinvoice --force --json "$invoice" | jq '{status, fee_sat, payment_hash}'
}

balances() {
  # On-chain and channel balances of both nodes, for debugging failing tests.
  local node
  for node in alice bob; do
    printf '%-6s wallet=%s sat  channel=%s sat  pending=%s sat\n' "$node" \
      "$(ln "$node" walletbalance | jq -r .confirmed_balance)" \
      "$(ln "$node" channelbalance | jq -r '.local_balance.sat // .balance')" \
      "$(ln "$node" pendingchannels | jq -r '.total_limbo_balance')"
  done
  printf 'chain  height=%s\n' "$(btc getblockcount)"
}

print_env() {
  cat <<EOF
export LND_GRPC_HOST=127.0.0.1:${RPC_PORTS[bob]}
export LND_TLS_CERT=$BASE/bob/tls.cert
export LND_MACAROON=$BASE/bob/data/chain/bitcoin/regtest/admin.macaroon
export BITCOIN_RPC_URL=http://127.0.0.1:$RPC_PORT
EOF
}

stop_all() {
  [[ -f "$PIDS" ]] || { log "nothing running"; return; }
  local name pid
  # stop lnd nodes first, then bitcoind (reverse order of start)
  tac "$PIDS" | while read -r name pid; do
    if kill -0 "$pid" 2>/dev/null; then
      log "stopping $name (pid $pid)"
      case "$name" in
        lnd-*) ln "${name#lnd-}" stop >/dev/null 2>&1 || kill "$pid" ;;
        bitcoind) btc stop >/dev/null 2>&1 || kill "$pid" ;;
      esac
      for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
  done
  case "$BASE" in
    "$ROOT"/.regtest) rm -rf -- "$BASE" ;;
    *) die "unexpected data dir $BASE, not deleting" ;;
  esac
  log "stopped and removed ${BASE#$ROOT/}"
}

start() {
  for bin in bitcoind bitcoin-cli lnd lncli jq; do
    command -v "$bin" >/dev/null || die "$bin not installed"
  done
  [[ -f "$PIDS" ]] && die "already running; use '$0 stop' first"
  mkdir -p "$BASE"
  : > "$PIDS"
  trap 'log "start failed, cleaning up"; stop_all' ERR
  start_bitcoind
  start_lnd alice
  start_lnd bob
  fund_and_connect
  trap - ERR
  log "ready. eval \"\$($0 env)\" to point the tests at bob"
}

case "${1:-}" in
  start) start ;;
  pay) pay "${2:-1000}" ;;
  env) print_env ;;
  mine) mine "${2:-1}" ;;
  balances) balances ;;
  logs) tail -n "${3:-50}" "$BASE/${2:-alice}/lnd.log" ;;
  stop) stop_all ;;
  *) sed -n '2,8p' "$0"; exit 2 ;;
esac
