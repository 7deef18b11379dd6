#!/usr/bin/env python3
"""Start the local development stack in tmux, one window per service.

    python3 scripts/devsession.py start [--attach]
    python3 scripts/devsession.py stop
    python3 scripts/devsession.py restart web
    python3 scripts/devsession.py logs worker

Services come from devsession.json at the repository root. Every tmux session
this script creates is named "<project>-dev" and tagged with the tmux user
option @devsession=<repo path>; `stop` only kills sessions carrying our tag,
so other tmux sessions on the machine are never touched.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "devsession.json"
TAG_OPTION = "@devsession"


@dataclass
class Service:
    name: str
    command: str
    cwd: str = "."
    env: dict = field(default_factory=dict)
    ready_port: int | None = None
    depends_on: list = field(default_factory=list)


def die(*msg) -> None:
    print("devsession:", *msg, file=sys.stderr)
    sys.exit(1)


def load() -> tuple[str, list[Service]]:
    if not CONFIG.exists():
        die(f"{CONFIG.name} not found")
    raw = json.loads(CONFIG.read_text())
    project = raw.get("project") or ROOT.name
    services = [Service(**s) for s in raw["services"]]
    names = {s.name for s in services}
    for s in services:
        for dep in s.depends_on:
            if dep not in names:
                die(f"{s.name} depends on unknown service {dep}")
    return project, order(services)


def order(services: list[Service]) -> list[Service]:
    by_name = {s.name: s for s in services}
    done: list[Service] = []
    seen: set[str] = set()

    def visit(s: Service, stack: tuple = ()):
        if s.name in stack:
            die("dependency cycle:", " -> ".join(stack + (s.name,)))
        if s.name in seen:
            return
        for dep in s.depends_on:
            visit(by_name[dep], stack + (s.name,))
        seen.add(s.name)
        done.append(s)

    for s in services:
        visit(s)
    return done


def tmux(*args: str, check: bool = True, capture: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run(["tmux", *args], check=check, text=True,
                          capture_output=capture)


def session_name(project: str) -> str:
    return f"{project}-dev".replace(".", "_")


def our_sessions() -> list[str]:
    res = tmux("list-sessions", "-F", "#{session_name}", check=False, capture=True)
    if res.returncode != 0:
        return []
    mine = []
    for name in res.stdout.split():
        tag = tmux("show-options", "-t", name, "-qv", TAG_OPTION, check=False, capture=True)
        if tag.stdout.strip() == str(ROOT):
            mine.append(name)
    return mine


def wait_port(port: int, timeout: float = 45.0) -> bool:
    import socket
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            sock.settimeout(0.5)
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.5)
    return False


def service_command(s: Service) -> str:
    exports = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in s.env.items())
    cwd = shlex.quote(str((ROOT / s.cwd).resolve()))
    prefix = f"env {exports} " if exports else ""
    # keep the window open after the process exits so the error stays visible
    return f"cd {cwd} && {prefix}{s.command}; echo; echo '[{s.name} exited: $?]'; read -r _"


def start(project: str, services: list[Service], attach: bool) -> int:
    name = session_name(project)
    if name in our_sessions():
        print(f"session {name} already running; use restart or stop")
    else:
        first, rest = services[0], services[1:]
        tmux("new-session", "-d", "-s", name, "-n", first.name, service_command(first))
        tmux("set-option", "-t", name, TAG_OPTION, str(ROOT))
        tmux("set-option", "-t", name, "remain-on-exit", "on")
        if first.ready_port and not wait_port(first.ready_port):
            print(f"warning: {first.name} not listening on {first.ready_port}")
        for s in rest:
            tmux("new-window", "-t", name, "-n", s.name, service_command(s))
            if s.ready_port:
                ok = wait_port(s.ready_port)
                print(f"  {s.name:10} {'ready' if ok else 'NOT READY'} on :{s.ready_port}")
            else:
                print(f"  {s.name:10} started")
    if attach:
        os.execvp("tmux", ["tmux", "attach-session", "-t", name])
    print(f"attach with: tmux attach -t {name}")
    return 0


def stop(project: str) -> int:
    mine = our_sessions()
    if not mine:
        print("no devsession running for this checkout")
        return 0
    for name in mine:
        # send Ctrl-C to every pane first so servers flush and close cleanly
        panes = tmux("list-panes", "-s", "-t", name, "-F", "#{pane_id}", capture=True).stdout.split()
        for pane in panes:
            tmux("send-keys", "-t", pane, "C-c", check=False)
        time.sleep(2)
        tmux("kill-session", "-t", name, check=False)
        print(f"killed session {name}")
    return 0


def restart(project: str, services: list[Service], which: str) -> int:
    name = session_name(project)
    if name not in our_sessions():
        die("session not running")
    svc = next((s for s in services if s.name == which), None)
    if svc is None:
        die(f"unknown service {which}")
    tmux("respawn-window", "-k", "-t", f"{name}:{svc.name}", service_command(svc))
    print(f"restarted {svc.name}")
    return 0


def logs(project: str, which: str, lines: int) -> int:
    name = session_name(project)
    res = tmux("capture-pane", "-p", "-t", f"{name}:{which}", "-S", f"-{lines}",
               capture=True, check=False)
    if res.returncode != 0:
        die(f"no window {which} in {name}")
    sys.stdout.write(res.stdout)
    return 0


def main() -> int:
    if shutil.which("tmux") is None:
        die("tmux is not installed")
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    st = sub.add_parser("start")
    st.add_argument("--attach", action="store_true")
    sub.add_parser("stop")
    rs = sub.add_parser("restart")
    rs.add_argument("service")
    lg = sub.add_parser("logs")
    lg.add_argument("service")
    lg.add_argument("-n", "--lines", type=int, default=200)
    args = ap.parse_args()

    project, services = load()
    signal.signal(signal.SIGINT, lambda *_: sys.exit(130))
    if args.cmd == "start":
        return start(project, services, args.attach)
    if args.cmd == "stop":
        return stop(project)
    if args.cmd == "restart":
        return restart(project, services, args.service)
    return logs(project, args.service, args.lines)


if __name__ == "__main__":
    sys.exit(main())
