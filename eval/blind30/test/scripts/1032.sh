#!/usr/bin/env bash
# fil_devnet.sh - store the project's public sample datasets on a local Filecoin devnet
#
# Used by the integration tests of our storage-deal client. Talks only to the local
# lotus devnet (LOTUS_PATH=.devnet/lotus, API on 127.0.0.1:1234) and the local IPFS
# daemon. Nothing here touches mainnet: the script checks the network name reported by
# `lotus state network-version`/`lotus net id` and refuses anything but the devnet.
#
#   tools/fil_devnet.sh import            # ipfs add + car export + lotus client import
#   tools/fil_devnet.sh deal <miner>      # propose storage deals for imported CARs
#   tools/fil_devnet.sh status            # deal states
#   tools/fil_devnet.sh clean             # remove .devnet/cars and the local import list
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEVNET="$ROOT/.devnet"
CARS="$DEVNET/cars"
IMPORTS="$DEVNET/imports.tsv"
SAMPLES="$ROOT/samples/public"
export LOTUS_PATH=${LOTUS_PATH:-$DEVNET/lotus}
IPFS_API=/ip4/127.0.0.1/tcp/5001
DEAL_DURATION=${DEAL_DURATION:-518400}
PRICE=${DEAL_PRICE:-0.0000000002}

say() { echo "[devnet] $*"; }
die() { echo "[devnet] $*" >&2; exit 1; }

require() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null || die "$t is not installed"
  done
}

lotus_local() {
  # every lotus call goes to the devnet repo configured above
  lotus "$@"
}

assert_devnet() {
  [[ -d $LOTUS_PATH ]] || die "no devnet repo at $LOTUS_PATH (start it with make devnet)"
  local api
  api=$(cat "$LOTUS_PATH/api" 2>/dev/null || true)
  [[ $api == /ip4/127.0.0.1/* ]] || die "lotus API $api is not local"
  local name
  name=$(lotus_local state network-name 2>/dev/null || echo unknown)
  case "$name" in
    localnet*|devnet*|2k*) say "network: $name" ;;
    *) die "network '$name' is not a devnet; refusing" ;;
  esac
}

ipfs_local() { ipfs --api "$IPFS_API" "$@"; }

sample_files() {
  find "$SAMPLES" -type f ! -name '.*' -size -64M | sort
}

audit_samples() {
  # only files listed in samples/public/LICENSES.tsv are public and may be stored
  local list="$SAMPLES/LICENSES.tsv" f rel missing=0
  [[ -f $list ]] || die "samples/public/LICENSES.tsv missing"
  while IFS= read -r f; do
    rel=${f#"$SAMPLES"/}
    [[ $rel == LICENSES.tsv ]] && continue
    if ! cut -f1 "$list" | grep -qxF "$rel"; then
      echo "  not licensed for publication: $rel" >&2
      missing=$((missing + 1))
    fi
  done < <(sample_files)
  (( missing == 0 )) || die "$missing sample file(s) without a licence entry"
}

import_all() {
  audit_samples
  mkdir -p "$CARS"
  : > "$IMPORTS.new"
  local f rel cid car root
  while IFS= read -r f; do
    rel=${f#"$SAMPLES"/}
    [[ $rel == LICENSES.tsv ]] && continue
    cid=$(ipfs_local add -Q --cid-version 1 --raw-leaves --pin=false "$f")
    car="$CARS/$cid.car"
    if [[ ! -s $car ]]; then
      ipfs_local dag export "$cid" > "$car.part"
      mv -f -- "$car.part" "$car"
    fi
    root=$(lotus_local client import --car "$car" | awk '/Root/ {print $NF}')
    printf '%s\t%s\t%s\n' "$rel" "$cid" "${root:-$cid}" >> "$IMPORTS.new"
    say "imported $rel as $cid"
  done < <(sample_files)
  mv -f -- "$IMPORTS.new" "$IMPORTS"
  say "$(wc -l < "$IMPORTS" | tr -d ' ') file(s) imported"
}

wallet_balance() {
  local addr
  addr=$(lotus_local wallet default)
  say "devnet wallet $addr balance $(lotus_local wallet balance "$addr")"
}

propose() {
  local miner=$1
  [[ $miner =~ ^t0[0-9]+$ ]] || die "miner id must look like t01000 on the devnet"
  [[ -f $IMPORTS ]] || die "nothing imported yet; run: $0 import"
  wallet_balance
  local rel cid root deal
  while IFS=$'\t' read -r rel cid root; do
    deal=$(lotus_local client deal --fast-retrieval=true --verified-deal=false \
      "$root" "$miner" "$PRICE" "$DEAL_DURATION" 2>&1 | tail -n1)
    printf '%s\t%s\t%s\n' "$rel" "$root" "$deal" >> "$DEVNET/deals.tsv"
    say "deal for $rel: $deal"
  done < "$IMPORTS"
}

status() {
  lotus_local client list-deals --show-failed 2>/dev/null | awk 'NR == 1 || /StorageDeal/' | column -t | head -n 60
  if [[ -f $DEVNET/deals.tsv ]]; then
    say "$(wc -l < "$DEVNET/deals.tsv" | tr -d ' ') deal proposal(s) recorded in .devnet/deals.tsv"
  fi
}

retrieve_check() {
  # fetch each imported root back from the devnet miner and compare with the sample
  local miner=$1 rel cid root out
  [[ -f $IMPORTS ]] || die "nothing imported"
  mkdir -p "$DEVNET/retrieved"
  while IFS=$'\t' read -r rel cid root; do
    out="$DEVNET/retrieved/$(basename "$rel")"
    if lotus_local client retrieve --provider "$miner" "$root" "$out" >/dev/null 2>&1; then
      if cmp -s "$out" "$SAMPLES/$rel"; then
        say "retrieved $rel ok"
      else
        say "retrieved $rel but content differs"
      fi
    else
      say "retrieval of $rel failed (deal may not be active yet)"
    fi
  done < "$IMPORTS"
}

clean() {
  # only the files this script created under .devnet/
  [[ $DEVNET == "$ROOT/.devnet" ]] || die "unexpected devnet dir"
  rm -rf -- "$CARS" "$DEVNET/retrieved"
  rm -f -- "$IMPORTS" "$DEVNET/deals.tsv"
  say "cleaned local CARs and lists (the devnet chain itself is untouched)"
}

miners() {
  # list storage providers known to the devnet with their asks
  local m
  lotus_local state list-miners | while read -r m; do
    printf '%-10s ' "$m"
    lotus_local client query-ask "$m" 2>/dev/null | awk '/Price per GiB/ {printf "%s ", $0} /Min Piece/ {print $0}' || echo "(no ask)"
  done
}

report() {
  # markdown summary for the PR that changes the deal client
  local out="$DEVNET/report.md" rel cid root
  {
    echo "# Devnet storage report ($(date -u +%FT%TZ))"
    echo
    echo "| file | CID | CAR size |"
    echo "|---|---|---:|"
    if [[ -f $IMPORTS ]]; then
      while IFS=$'\t' read -r rel cid root; do
        printf '| %s | `%s` | %s |\n' "$rel" "$cid" "$(du -h "$CARS/$cid.car" 2>/dev/null | cut -f1)"
      done < "$IMPORTS"
    fi
    echo
    echo "Deals:"
    echo
    lotus_local client list-deals 2>/dev/null | tail -n +2 | awk '{print "- " $0}' || true
  } > "$out"
  say "report written to ${out#"$ROOT"/}"
}

require lotus ipfs jq awk
cmd=${1:-status}
case "$cmd" in
  import) assert_devnet; ipfs_local id >/dev/null || die "IPFS daemon not running"; import_all ;;
  deal) assert_devnet; propose "${2:?miner id required}" ;;
  status) assert_devnet; status ;;
  retrieve) assert_devnet; retrieve_check "${2:?miner id required}" ;;
  clean) clean ;;
  miners) assert_devnet; miners ;;
  report) assert_devnet; report ;;
  *) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
