#!/usr/bin/env python3
"""Tiny process supervisor for the local dev stack (Procfile.dev).

Starts each process in its own process group, restarts crashed ones with
backoff, and on Ctrl-C / SIGTERM stops exactly the groups it started. PIDs are
written to .run/devstack.pids so `--stop` from another terminal can find them;
a PID is only signalled if its command line still matches what we started.
"""
import argparse
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROCFILE = ROOT / "Procfile.dev"
RUN_DIR = ROOT / ".run"
PIDFILE = RUN_DIR / "devstack.pids"
LOG_DIR = ROOT / "logs"
LINE_RE = re.compile(r"^([A-Za-z0-9_-]+):\s*(.+)$")
MAX_BACKOFF = 30


def parse_procfile(path: Path) -> dict:
    procs = {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = LINE_RE.match(line)
        if not m:
            raise SystemExit(f"bad Procfile line: {raw}")
        procs[m.group(1)] = m.group(2)
    return procs


def cmdline_of(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return ""


class Child:
    def __init__(self, name: str, command: str, env: dict):
        self.name = name
        self.command = command
        self.env = env
        self.proc = None
        self.restarts = 0
        self.next_start = 0.0
        self.log = None

    def start(self) -> None:
        LOG_DIR.mkdir(exist_ok=True)
        self.log = open(LOG_DIR / f"{self.name}.log", "ab", buffering=0)
        # shell=True is needed: Procfile commands use env expansion and &&
        self.proc = subprocess.Popen(self.command, shell=True, cwd=ROOT, env=self.env,
                                     stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        print(f"[{self.name}] started pid {self.proc.pid}: {self.command}")

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 8.0) -> None:
        if not self.alive():
            return
        pgid = os.getpgid(self.proc.pid)
        os.killpg(pgid, signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            print(f"[{self.name}] did not exit, sending SIGKILL to group {pgid}")
            os.killpg(pgid, signal.SIGKILL)
            self.proc.wait()
        if self.log:
            self.log.close()
        print(f"[{self.name}] stopped")


def write_pidfile(children: list) -> None:
    RUN_DIR.mkdir(exist_ok=True)
    data = {c.name: {"pid": c.proc.pid, "cmd": c.command} for c in children if c.alive()}
    PIDFILE.write_text(json.dumps(data, indent=2))


def stop_from_pidfile() -> int:
    if not PIDFILE.exists():
        print("nothing recorded in", PIDFILE.relative_to(ROOT))
        return 0
    data = json.loads(PIDFILE.read_text())
    for name, info in data.items():
        pid = info["pid"]
        actual = cmdline_of(pid)
        first_word = shlex.split(info["cmd"])[0]
        if not actual or first_word not in actual:
            print(f"[{name}] pid {pid} is gone or reused; not signalling")
            continue
        try:
            os.killpg(os.getpgid(pid), signal.SIGTERM)
            print(f"[{name}] sent SIGTERM to group of {pid}")
        except ProcessLookupError:
            pass
    PIDFILE.unlink()
    return 0


def load_env() -> dict:
    env = dict(os.environ)
    dotenv = ROOT / ".env"
    if dotenv.exists():
        for line in dotenv.read_text().splitlines():
            if "=" in line and not line.lstrip().startswith("#"):
                k, v = line.split("=", 1)
                env.setdefault(k.strip(), v.strip().strip('"'))
    env.setdefault("PORT", "5000")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def supervise(children: list) -> int:
    stopping = False

    def handle(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, handle)
    signal.signal(signal.SIGTERM, handle)
    for c in children:
        c.start()
    write_pidfile(children)
    while not stopping:
        now = time.monotonic()
        for c in children:
            if c.alive() or now < c.next_start:
                continue
            code = c.proc.returncode if c.proc else None
            c.restarts += 1
            delay = min(2 ** c.restarts, MAX_BACKOFF)
            print(f"[{c.name}] exited with {code}; restart #{c.restarts} in {delay}s")
            c.next_start = now + delay
            c.proc = None
        for c in children:
            if c.proc is None and time.monotonic() >= c.next_start:
                c.start()
                write_pidfile(children)
        time.sleep(0.5)
    print("\nstopping dev stack")
    for c in reversed(children):
        c.stop()
    PIDFILE.unlink(missing_ok=True)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--stop", action="store_true", help="stop a stack started elsewhere")
    args = ap.parse_args()
    if args.stop:
        return stop_from_pidfile()
    procs = parse_procfile(PROCFILE)
    if args.only:
        procs = {k: v for k, v in procs.items() if k in args.only}
    env = load_env()
    children = [Child(name, cmd, env) for name, cmd in procs.items()]
    if not children:
        raise SystemExit("no processes selected")
    return supervise(children)


if __name__ == "__main__":
    sys.exit(main())
