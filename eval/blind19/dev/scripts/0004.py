#!/usr/bin/env python3
"""Contract integration tests against a throwaway anvil node.

Starts anvil on a free localhost port, deploys the contracts with
`forge script --broadcast` using anvil's first unlocked account, runs the
python end-to-end checks, then kills the anvil it started. Nothing here ever
points at a public chain: the RPC URL is always built from 127.0.0.1.
"""
import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTRACTS = ROOT / "contracts"
BROADCAST_DIR = CONTRACTS / "broadcast"
DEPLOY_SCRIPT = "script/DeployLocal.s.sol:DeployLocal"
CHAIN_ID = 31337
# anvil's well-known first dev account; it only has funds on a local anvil chain
DEV_SENDER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Anvil:
    def __init__(self, port, state_dir, fork_block=None):
        self.port = port
        self.state_dir = state_dir
        self.fork_block = fork_block
        self.proc = None
        self.log_path = Path(state_dir) / "anvil.log"

    @property
    def rpc_url(self):
        return f"http://127.0.0.1:{self.port}"

    def argv(self):
        argv = [
            "anvil",
            "--host", "127.0.0.1",
            "--port", str(self.port),
            "--chain-id", str(CHAIN_ID),
            "--accounts", "5",
            "--silent",
        ]
        return argv

    def start(self):
        log = open(self.log_path, "w")
        self.proc = subprocess.Popen(self.argv(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"anvil exited early, see {self.log_path}")
            try:
                if rpc(self.rpc_url, "eth_chainId") == hex(CHAIN_ID):
                    return self
            except OSError:
                pass
            time.sleep(0.25)
        raise RuntimeError("anvil did not answer within 20s")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            # we started it in its own session, so the group is only anvil
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def rpc(url, method, params=None):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params or []}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as resp:
        reply = json.load(resp)
    if "error" in reply:
        raise RuntimeError(f"{method}: {reply['error']}")
    return reply["result"]


def forge(*args, env=None):
    argv = ["forge", *args]
    print("+", " ".join(argv), flush=True)
    subprocess.run(argv, cwd=CONTRACTS, check=True, env=env)


def deploy(anvil):
    env = dict(os.environ)
    env["DEPLOY_CHAIN_ID"] = str(CHAIN_ID)
    forge(
        "script", DEPLOY_SCRIPT,
        "--rpc-url", anvil.rpc_url,
        "--broadcast",
        "--unlocked", "--sender", DEV_SENDER,
        "--slow",
        env=env,
    )
    run_file = BROADCAST_DIR / "DeployLocal.s.sol" / str(CHAIN_ID) / "run-latest.json"
    data = json.loads(run_file.read_text())
    addresses = {}
    for tx in data["transactions"]:
        if tx.get("transactionType") == "CREATE":
            addresses[tx["contractName"]] = tx["contractAddress"]
    return addresses


def check_deployment(anvil, addresses):
    missing = []
    for name, addr in addresses.items():
        code = rpc(anvil.rpc_url, "eth_getCode", [addr, "latest"])
        if code in ("0x", "0x0"):
            missing.append(name)
    if missing:
        raise RuntimeError(f"no code at {missing}")


def run_e2e(anvil, addresses, pytest_args):
    env = dict(os.environ)
    env["E2E_RPC_URL"] = anvil.rpc_url
    env["E2E_ADDRESSES"] = json.dumps(addresses)
    argv = [sys.executable, "-m", "pytest", "tests/e2e", "-q", *pytest_args]
    return subprocess.run(argv, cwd=ROOT, env=env).returncode


def clean_broadcast():
    # forge writes one folder per chain id; only the local chain's is ours to drop
    local = BROADCAST_DIR / "DeployLocal.s.sol" / str(CHAIN_ID)
    if local.exists():
        for f in local.glob("*.json"):
            f.unlink()


def fund(anvil, address, wei=10**21):
    # anvil-only cheat RPC; a real node would reject it
    rpc(anvil.rpc_url, "anvil_setBalance", [address, hex(wei)])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--keep-broadcast", action="store_true")
    parser.add_argument("pytest_args", nargs="*")
    args = parser.parse_args()

    if not args.skip_build:
        forge("build", "--sizes")
        forge("test", "--ffi", "-q")

    with tempfile.TemporaryDirectory(prefix="anvil-") as state_dir:
        with Anvil(free_port(), state_dir) as anvil:
            print(f"anvil on {anvil.rpc_url}")
            try:
                addresses = deploy(anvil)
                check_deployment(anvil, addresses)
                print("deployed:", json.dumps(addresses, indent=2))
                code = run_e2e(anvil, addresses, args.pytest_args)
            finally:
                if not args.keep_broadcast:
                    clean_broadcast()
    return code


if __name__ == "__main__":
    sys.exit(main())
