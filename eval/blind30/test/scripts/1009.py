#!/usr/bin/env python3
"""pytest fixture module + CLI: a two-node lnd network on regtest for the paywall service.

    python -m tests.lnnet up      # start bitcoind + lnd "carol" and "dave", open a channel
    python -m tests.lnnet down    # stop what `up` started, delete the node folders

In tests:  `def test_paid(lnnet): lnnet.pay("dave", "carol", 1200)`

Every process is started by this module with --regtest / --bitcoin.regtest and loopback
listeners; their PIDs are kept in .lnnet/state.json, and `down` only signals those PIDs
after checking that the command line still matches the binary we started. Node folders
live under .lnnet/ in the repository and are deleted by `down`.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
STATE_DIR = REPO / ".lnnet"
STATE = STATE_DIR / "state.json"
BTC = {"rpcport": 28443, "user": "lnnet", "password": "lnnet-regtest-only", "zmqblock": 29332, "zmqtx": 29333}
NODES = {"carol": {"rpc": 11009, "p2p": 19735, "rest": 18181}, "dave": {"rpc": 11010, "p2p": 19736, "rest": 18182}}


def _save(state):
    STATE_DIR.mkdir(exist_ok=True)
    STATE.write_text(json.dumps(state, indent=2))


def _load():
    return json.loads(STATE.read_text()) if STATE.exists() else {"pids": {}}


def bcli(*args):
    argv = ["bitcoin-cli", "-regtest", f"-datadir={STATE_DIR / 'bitcoind'}", f"-rpcport={BTC['rpcport']}",
            f"-rpcuser={BTC['user']}", f"-rpcpassword={BTC['password']}", *map(str, args)]
    out = subprocess.run(argv, text=True, capture_output=True, check=True).stdout.strip()
    try:
        return json.loads(out)
    except json.JSONDecodeError:
        return out


def lcli(node, *args):
    cfg = NODES[node]
    argv = ["lncli", "--network=regtest", f"--lnddir={STATE_DIR / node}", f"--rpcserver=127.0.0.1:{cfg['rpc']}", *map(str, args)]
    return json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout or "{}")


def _wait(pred, what, seconds=60):
    end = time.time() + seconds
    while time.time() < end:
        try:
            if pred():
                return
        except subprocess.CalledProcessError:
            pass
        time.sleep(0.5)
    raise TimeoutError(f"timed out waiting for {what}")


def _spawn(name, argv, state):
    log = (STATE_DIR / f"{name}.log").open("ab")
    proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    state["pids"][name] = {"pid": proc.pid, "exe": argv[0]}
    _save(state)
    return proc


def up():
    if STATE.exists() and _load()["pids"]:
        raise SystemExit("already running; run `down` first")
    state = {"pids": {}}
    (STATE_DIR / "bitcoind").mkdir(parents=True, exist_ok=True)
    _spawn("bitcoind", ["bitcoind", "-regtest", f"-datadir={STATE_DIR / 'bitcoind'}", "-server", "-txindex",
                        f"-rpcport={BTC['rpcport']}", f"-rpcuser={BTC['user']}", f"-rpcpassword={BTC['password']}",
                        "-rpcbind=127.0.0.1", "-rpcallowip=127.0.0.1", "-listen=0", "-fallbackfee=0.0001",
                        f"-zmqpubrawblock=tcp://127.0.0.1:{BTC['zmqblock']}", f"-zmqpubrawtx=tcp://127.0.0.1:{BTC['zmqtx']}"], state)
    _wait(lambda: bcli("getblockchaininfo")["chain"] == "regtest", "bitcoind")
    bcli("createwallet", "faucet")
    bcli("-rpcwallet=faucet", "generatetoaddress", 110, bcli("-rpcwallet=faucet", "getnewaddress"))
    for name, cfg in NODES.items():
        d = STATE_DIR / name
        d.mkdir(exist_ok=True)
        _spawn(f"lnd-{name}", ["lnd", f"--lnddir={d}", "--noseedbackup", "--bitcoin.active", "--bitcoin.regtest",
                               "--bitcoin.node=bitcoind", f"--bitcoind.rpchost=127.0.0.1:{BTC['rpcport']}",
                               f"--bitcoind.rpcuser={BTC['user']}", f"--bitcoind.rpcpass={BTC['password']}",
                               f"--bitcoind.zmqpubrawblock=tcp://127.0.0.1:{BTC['zmqblock']}",
                               f"--bitcoind.zmqpubrawtx=tcp://127.0.0.1:{BTC['zmqtx']}",
                               f"--rpclisten=127.0.0.1:{cfg['rpc']}", f"--listen=127.0.0.1:{cfg['p2p']}",
                               f"--restlisten=127.0.0.1:{cfg['rest']}", f"--alias={name}"], state)
    for name in NODES:
        _wait(lambda n=name: lcli(n, "getinfo").get("synced_to_chain"), f"lnd {name}")
    addr = lcli("carol", "newaddress", "p2wkh")["address"]
    bcli("-rpcwallet=faucet", "sendtoaddress", addr, 3)
    bcli("-rpcwallet=faucet", "generatetoaddress", 6, bcli("-rpcwallet=faucet", "getnewaddress"))
    dave_key = lcli("dave", "getinfo")["identity_pubkey"]
    _wait(lambda: int(lcli("carol", "walletbalance")["confirmed_balance"]) > 0, "carol funds")
    lcli("carol", "connect", f"{dave_key}@127.0.0.1:{NODES['dave']['p2p']}")
    lcli("carol", "openchannel", "--node_key", dave_key, "--local_amt", 2_000_000)
    bcli("-rpcwallet=faucet", "generatetoaddress", 6, bcli("-rpcwallet=faucet", "getnewaddress"))
    _wait(lambda: lcli("carol", "listchannels").get("channels"), "channel")
    print("lnnet up: carol -> dave channel open")


def _matches(pid, exe):
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode()
    except FileNotFoundError:
        return sys.platform == "darwin"  # no /proc; trust the recorded pid
    return os.path.basename(cmdline) == exe


def down():
    state = _load()
    for name in sorted(state["pids"], key=lambda n: n != "bitcoind", reverse=False)[::-1]:
        info = state["pids"][name]
        if _matches(info["pid"], info["exe"]):
            try:
                os.killpg(info["pid"], signal.SIGTERM)
                print(f"stopped {name} ({info['pid']})")
            except ProcessLookupError:
                pass
    time.sleep(2)
    if STATE_DIR.exists() and STATE_DIR.parent == REPO:
        shutil.rmtree(STATE_DIR)
    print("lnnet down")


def status():
    """Print which recorded processes are alive and the channel state, for debugging."""
    state = _load()
    for name, info in state["pids"].items():
        alive = _matches(info["pid"], info["exe"])
        print(f"{name:<12} pid {info['pid']:<8} {'running' if alive else 'gone'}")
    if state["pids"]:
        try:
            chans = lcli("carol", "listchannels").get("channels", [])
            for c in chans:
                print(f"channel {c['chan_id']}: local {c['local_balance']} / remote {c['remote_balance']} sat")
        except subprocess.CalledProcessError as exc:
            print(f"lncli failed: {exc}")


class Net:
    def pay(self, payer, payee, sats):
        invoice = lcli(payee, "addinvoice", "--amt", sats)["payment_request"]
        return lcli(payer, "payinvoice", "--force", "--json", invoice)

    def env(self, node):
        cfg = NODES[node]
        d = STATE_DIR / node
        return {"LND_REST_URL": f"https://127.0.0.1:{cfg['rest']}", "LND_TLS_CERT": str(d / "tls.cert"),
                "LND_MACAROON": str(d / "data/chain/bitcoin/regtest/admin.macaroon")}


@contextmanager
def running():
    up()
    try:
        yield Net()
    finally:
        down()


try:
    import pytest

    @pytest.fixture(scope="session")
    def lnnet():
        with running() as net:
            yield net
except ImportError:  # CLI use without pytest installed
    pass


if __name__ == "__main__":
    {"up": up, "down": down, "status": status}.get(sys.argv[1] if len(sys.argv) > 1 else "", lambda: print(__doc__))()
