#!/usr/bin/env python3
"""lab.py - bring the EVPN lab up or down and wait until BGP is established.

    python tools/lab.py up   [--topo lab/evpn.clab.yml]
    python tools/lab.py down [--topo lab/evpn.clab.yml] [--cleanup]
    python tools/lab.py status

containerlab needs root, so deploy/destroy go through `sudo containerlab`
with the topology file of this repo.  `down` only ever destroys the lab
named in that topology; it never uses `--all`.

While waiting for convergence we follow the FRR logs of every node with
`docker logs -f`; those follower processes are ours and are terminated on
exit or Ctrl-C.
"""
from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TOPO = ROOT / "lab" / "evpn.clab.yml"
LOG_DIR = ROOT / "build" / "lab-logs"
CHILDREN: list[subprocess.Popen] = []


def log(*parts: object) -> None:
    print("[lab]", *parts, flush=True)


def die(msg: str) -> None:
    log("error:", msg)
    raise SystemExit(1)


def stop_children(*_sig) -> None:
    """Terminate only the log followers this script started."""
    while CHILDREN:
        proc = CHILDREN.pop()
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()


def handle_signal(signum, frame) -> None:
    log(f"signal {signum}, stopping followers")
    stop_children()
    raise SystemExit(130)


def read_topology(path: Path) -> dict:
    if not path.is_file():
        die(f"topology {path} not found")
    data = yaml.safe_load(path.read_text())
    if not isinstance(data, dict) or "name" not in data:
        die(f"{path} has no lab name")
    return data


def node_names(topo: dict) -> list[str]:
    return sorted(topo.get("topology", {}).get("nodes", {}))


def container(lab: str, node: str) -> str:
    return f"clab-{lab}-{node}"


def clab(action: str, topo_path: Path, *extra: str) -> int:
    argv = ["sudo", "containerlab", action, "--topo", str(topo_path), *extra]
    log("+", " ".join(argv))
    return subprocess.run(argv).returncode


def follow_logs(lab: str, nodes: list[str]) -> None:
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    for node in nodes:
        out = (LOG_DIR / f"{node}.log").open("w")
        proc = subprocess.Popen(
            ["docker", "logs", "-f", container(lab, node)],
            stdout=out, stderr=subprocess.STDOUT,
        )
        CHILDREN.append(proc)


def bgp_summary(lab: str, node: str) -> dict:
    argv = ["docker", "exec", container(lab, node), "vtysh", "-c", "show bgp summary json"]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=20)
    if proc.returncode != 0:
        return {}
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {}


def established(summary: dict) -> tuple[int, int]:
    up = total = 0
    for afi in summary.values():
        if not isinstance(afi, dict):
            continue
        for peer in afi.get("peers", {}).values():
            total += 1
            if peer.get("state") == "Established":
                up += 1
    return up, total


def wait_converged(lab: str, nodes: list[str], timeout: int) -> bool:
    deadline = time.monotonic() + timeout
    delay = 2.0
    while time.monotonic() < deadline:
        states = {n: established(bgp_summary(lab, n)) for n in nodes}
        pending = {n: s for n, s in states.items() if s[1] == 0 or s[0] < s[1]}
        if not pending:
            log("all BGP sessions established")
            return True
        log("waiting:", ", ".join(f"{n} {u}/{t}" for n, (u, t) in sorted(pending.items())))
        time.sleep(delay)
        delay = min(delay * 1.5, 15)
    return False


def cmd_up(args) -> int:
    topo = read_topology(args.topo)
    lab, nodes = topo["name"], node_names(topo)
    extra = ["--reconfigure"] if args.reconfigure else []
    if clab("deploy", args.topo, *extra) != 0:
        die("containerlab deploy failed")
    follow_logs(lab, [n for n in nodes if not n.startswith("host")])
    ok = wait_converged(lab, [n for n in nodes if not n.startswith("host")], args.timeout)
    stop_children()
    if not ok:
        log(f"not converged after {args.timeout}s, logs in {LOG_DIR.relative_to(ROOT)}")
        return 1
    return 0


def cmd_down(args) -> int:
    topo = read_topology(args.topo)
    if args.topo.resolve().parent != (ROOT / "lab").resolve():
        die("only topologies from lab/ may be destroyed by this tool")
    extra = ["--cleanup"] if args.cleanup else []
    rc = clab("destroy", args.topo, *extra)
    if rc == 0 and LOG_DIR.exists():
        for item in LOG_DIR.glob("*.log"):
            item.unlink()
    log(f"lab {topo['name']} destroyed" if rc == 0 else "destroy failed")
    return rc


def cmd_status(args) -> int:
    topo = read_topology(args.topo)
    for node in node_names(topo):
        name = container(topo["name"], node)
        proc = subprocess.run(
            ["docker", "inspect", "-f", "{{.State.Status}}", name],
            capture_output=True, text=True,
        )
        state = proc.stdout.strip() or "absent"
        up, total = established(bgp_summary(topo["name"], node)) if state == "running" else (0, 0)
        log(f"{node:12s} {state:9s} bgp {up}/{total}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="EVPN containerlab wrapper")
    ap.add_argument("command", choices=("up", "down", "status"))
    ap.add_argument("--topo", type=Path, default=DEFAULT_TOPO)
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--reconfigure", action="store_true")
    ap.add_argument("--cleanup", action="store_true", help="also remove the lab directory")
    args = ap.parse_args(argv)
    signal.signal(signal.SIGINT, handle_signal)
    signal.signal(signal.SIGTERM, handle_signal)
    try:
        return {"up": cmd_up, "down": cmd_down, "status": cmd_status}[args.command](args)
    finally:
        stop_children()


if __name__ == "__main__":
    sys.exit(main())
