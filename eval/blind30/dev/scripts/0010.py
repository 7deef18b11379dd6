#!/usr/bin/env python3
"""Integration-test harness for the payout service against a throwaway bitcoind regtest.

Starts bitcoind in -regtest with a temporary datadir and a random RPC port, creates
two wallets (alice, bob), mines spendable coins, runs the scenarios in
tests/regtest/scenarios.json through bitcoin-cli, and tears everything down: stops the
daemon it started (by PID), then deletes the temporary datadir.

Safety: every bitcoin-cli call goes through `cli()` which always passes -regtest and
the temporary -datadir; the harness aborts if getblockchaininfo ever reports a chain
other than "regtest".
"""
import argparse
import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "tests" / "regtest" / "scenarios.json"
RPC_USER = "harness"
RPC_PASS = "harness-only-regtest"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Regtest:
    def __init__(self, keep=False):
        self.datadir = Path(tempfile.mkdtemp(prefix="btc-regtest-"))
        self.rpcport = free_port()
        self.p2pport = free_port()
        self.proc = None
        self.keep = keep

    def start(self):
        conf = self.datadir / "bitcoin.conf"
        conf.write_text(
            "regtest=1\n[regtest]\n"
            f"rpcuser={RPC_USER}\nrpcpassword={RPC_PASS}\n"
            f"rpcport={self.rpcport}\nport={self.p2pport}\n"
            "rpcbind=127.0.0.1\nrpcallowip=127.0.0.1\nfallbackfee=0.0002\ntxindex=1\n"
        )
        argv = ["bitcoind", f"-datadir={self.datadir}", "-regtest", "-listen=0", "-server=1"]
        self.proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(60):
            try:
                self.cli("getblockchaininfo")
                break
            except subprocess.CalledProcessError:
                time.sleep(0.5)
        else:
            raise RuntimeError("bitcoind did not come up")
        chain = self.cli("getblockchaininfo")["chain"]
        if chain != "regtest":
            raise SystemExit(f"refusing to run on chain {chain}")

    def cli(self, *args, wallet=None):
        argv = ["bitcoin-cli", "-regtest", f"-datadir={self.datadir}",
                f"-rpcport={self.rpcport}", f"-rpcuser={RPC_USER}", f"-rpcpassword={RPC_PASS}"]
        if wallet:
            argv.append(f"-rpcwallet={wallet}")
        argv += [str(a) for a in args]
        out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout.strip()
        try:
            return json.loads(out, parse_float=Decimal)
        except json.JSONDecodeError:
            return out

    def stop(self):
        if self.proc and self.proc.poll() is None:
            try:
                self.cli("stop")
                self.proc.wait(timeout=30)
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
                self.proc.send_signal(signal.SIGTERM)
                try:
                    self.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
        if not self.keep:
            shutil.rmtree(self.datadir, ignore_errors=True)
        else:
            print(f"kept datadir {self.datadir}")


def tail_debug_log(node, lines=40):
    """Print the end of the node's own debug.log; handy when a scenario fails."""
    log = node.datadir / "regtest" / "debug.log"
    if not log.exists():
        print("(no debug.log)")
        return
    content = log.read_text(errors="replace").splitlines()
    print(f"--- last {lines} lines of {log.name} ---")
    for line in content[-lines:]:
        print("   ", line)
    print("--- end ---")


def setup_wallets(node):
    for name in ("alice", "bob"):
        node.cli("createwallet", name)
    addr = node.cli("getnewaddress", "mining", "bech32", wallet="alice")
    node.cli("generatetoaddress", 101, addr)
    return addr


def mine(node, n=1):
    addr = node.cli("getnewaddress", wallet="alice")
    return node.cli("generatetoaddress", n, addr)


def scenario_send(node, step):
    to = node.cli("getnewaddress", step.get("label", ""), wallet=step["to"])
    txid = node.cli("sendtoaddress", to, str(step["amount"]), wallet=step["from"])
    if step.get("confirm", True):
        mine(node, step.get("blocks", 1))
    tx = node.cli("gettransaction", txid, wallet=step["to"])
    return {"txid": txid, "confirmations": tx["confirmations"]}


def scenario_balance(node, step):
    bal = Decimal(str(node.cli("getbalance", wallet=step["wallet"])))
    expected = Decimal(str(step["expect"]))
    tol = Decimal(str(step.get("tolerance", "0.001")))
    if abs(bal - expected) > tol:
        raise AssertionError(f"{step['wallet']} balance {bal} != {expected} +/- {tol}")
    return {"balance": str(bal)}


def scenario_rbf(node, step):
    to = node.cli("getnewaddress", wallet=step["to"])
    txid = node.cli("send", json.dumps({to: str(step["amount"])}), "null", "unset", "null",
                    json.dumps({"replaceable": True}), wallet=step["from"])["txid"]
    bumped = node.cli("bumpfee", txid, wallet=step["from"])
    mine(node)
    return {"original": txid, "replacement": bumped["txid"]}


HANDLERS = {"send": scenario_send, "balance": scenario_balance, "rbf": scenario_rbf,
            "mine": lambda node, step: {"blocks": len(mine(node, step.get("n", 1)))}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenarios", type=Path, default=SCENARIOS)
    ap.add_argument("--keep", action="store_true", help="keep the temporary datadir")
    ap.add_argument("-k", dest="only", help="run only scenarios whose name contains this")
    args = ap.parse_args()
    if not shutil.which("bitcoind"):
        sys.exit("bitcoind not on PATH")

    node = Regtest(keep=args.keep)
    atexit.register(node.stop)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    node.start()
    setup_wallets(node)
    os.environ["PAYOUT_RPC_URL"] = f"http://{RPC_USER}:{RPC_PASS}@127.0.0.1:{node.rpcport}"

    scenarios = json.loads(args.scenarios.read_text())
    failures = 0
    for sc in scenarios:
        if args.only and args.only not in sc["name"]:
            continue
        try:
            results = [HANDLERS[step["op"]](node, step) for step in sc["steps"]]
            print(f"PASS {sc['name']}: {results[-1] if results else ''}")
        except (AssertionError, subprocess.CalledProcessError, KeyError) as exc:
            failures += 1
            print(f"FAIL {sc['name']}: {exc}")
            tail_debug_log(node)
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
