#!/usr/bin/env python3
"""Run the Hardhat integration suite against a node this script owns.

    python scripts/chain_suite.py                 # compile, node, deploy, test, stop
    python scripts/chain_suite.py --keep-node     # leave the node running afterwards
    python scripts/chain_suite.py --grep Staking

The node is `npx hardhat node` bound to 127.0.0.1 on a free port, started in
its own process group and terminated at the end. Deployment goes through the
project's hardhat-deploy scripts with `--network localtest`, whose URL comes
from HARDHAT_LOCALTEST_URL (set below from the chosen port).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1].resolve()
RUN_DIR = REPO / ".cache" / "chain-suite"
NODE_LOG = RUN_DIR / "node.log"
PID_FILE = RUN_DIR / "node.pid"
EXPECTED_CHAIN = 31337


def pick_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def json_rpc(url: str, method: str, params: list | None = None, timeout: float = 3.0):
    payload = json.dumps({"jsonrpc": "2.0", "id": 7, "method": method, "params": params or []}).encode()
    req = urllib.request.Request(url, payload, {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = json.loads(resp.read())
    if "error" in body:
        raise RuntimeError(body["error"].get("message", "rpc error"))
    return body["result"]


def stop_previous() -> None:
    """A crashed earlier run may have left its node; stop it only if it is ours."""
    if not PID_FILE.exists():
        return
    try:
        pid = int(PID_FILE.read_text())
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except (ValueError, OSError):
        PID_FILE.unlink(missing_ok=True)
        return
    if "hardhat" in cmdline and "node" in cmdline:
        print(f"stopping leftover hardhat node {pid}")
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGTERM)
    PID_FILE.unlink(missing_ok=True)


def start_node(port: int) -> subprocess.Popen:
    RUN_DIR.mkdir(parents=True, exist_ok=True)
    log = NODE_LOG.open("w")
    argv = ["npx", "--no-install", "hardhat", "node", "--hostname", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen(argv, cwd=REPO, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    PID_FILE.write_text(str(proc.pid))
    return proc


def wait_for_node(url: str, proc: subprocess.Popen, seconds: float = 40) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"hardhat node exited ({proc.returncode}); see {NODE_LOG}")
        with contextlib.suppress(urllib.error.URLError, ConnectionError, RuntimeError, TimeoutError):
            chain = int(json_rpc(url, "eth_chainId"), 16)
            if chain != EXPECTED_CHAIN:
                raise SystemExit(f"unexpected chain id {chain}")
            return
        time.sleep(0.4)
    raise RuntimeError("hardhat node did not answer in time")


def stop_node(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=8)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    PID_FILE.unlink(missing_ok=True)


def hardhat(*args: str, env: dict[str, str] | None = None) -> int:
    argv = ["npx", "--no-install", "hardhat", *args]
    print("$", " ".join(argv), flush=True)
    return subprocess.run(argv, cwd=REPO, env={**os.environ, **(env or {})}).returncode


def read_deployments() -> dict[str, str]:
    folder = REPO / "deployments" / "localtest"
    found = {}
    for f in sorted(folder.glob("*.json")):
        data = json.loads(f.read_text())
        if "address" in data:
            found[f.stem] = data["address"]
    return found


def verify_code(url: str, deployments: dict[str, str]) -> None:
    empty = [n for n, a in deployments.items() if json_rpc(url, "eth_getCode", [a, "latest"]) in ("0x", "0x0")]
    if empty:
        raise RuntimeError(f"no bytecode for {', '.join(empty)}")


def clear_local_deployments() -> None:
    # hardhat-deploy writes one folder per network; localtest is throwaway
    folder = REPO / "deployments" / "localtest"
    if folder.exists():
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()


def mine_blocks(url: str, count: int) -> None:
    """Some tests expect a non-zero block height before they start."""
    json_rpc(url, "hardhat_mine", [hex(count)])


def gas_report_path() -> Path:
    return RUN_DIR / "gas-report.txt"


def summarize_gas() -> None:
    report = gas_report_path()
    if report.exists():
        lines = report.read_text().splitlines()
        print("\n".join(lines[-15:]))


def main() -> int:
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    parser.add_argument("--keep-node", action="store_true")
    parser.add_argument("--grep", default=None)
    parser.add_argument("--skip-compile", action="store_true")
    args = parser.parse_args()

    stop_previous()
    if not args.skip_compile and hardhat("compile", "--quiet") != 0:
        return 1
    port = pick_port()
    url = f"http://127.0.0.1:{port}"
    env = {"HARDHAT_LOCALTEST_URL": url}
    proc = start_node(port)
    code = 1
    try:
        wait_for_node(url, proc)
        print(f"node ready at {url}")
        clear_local_deployments()
        if hardhat("deploy", "--network", "localtest", "--reset", env=env) != 0:
            return 1
        deployments = read_deployments()
        verify_code(url, deployments)
        print(json.dumps(deployments, indent=2))
        test_args = ["test", "--network", "localtest"]
        if args.grep:
            test_args += ["--grep", args.grep]
        mine_blocks(url, 5)
        code = hardhat(*test_args, env={**env, "REPORT_GAS": "1", "GAS_REPORT_FILE": str(gas_report_path())})
        summarize_gas()
    finally:
        if args.keep_node and proc.poll() is None:
            print(f"node left running on {url} (pid {proc.pid}); stop with kill -- -{proc.pid}")
        else:
            stop_node(proc)
    return code


if __name__ == "__main__":
    sys.exit(main())
