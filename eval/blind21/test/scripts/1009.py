#!/usr/bin/env python3
"""GNU screen sessions for the ledger services (for hosts without tmux).

    python3 tools/screens.py up            one detached screen per service
    python3 tools/screens.py down          quit only the screens we started
    python3 tools/screens.py ls
    python3 tools/screens.py tail api

Session names are "ledger.<service>" and the PID that `screen -dmS` reports
is stored in var/screens/<service>.pid. `down` quits a session only when the
running screen with that name has the recorded PID, so a session of the
same name started by someone else (or another checkout) is not touched.
"""
import argparse
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PID_DIR = REPO / "var" / "screens"
LOG_DIR = REPO / "var" / "log"
PREFIX = "ledger"

SERVICES = {
    "api": {"cwd": "services/api", "cmd": "poetry run uvicorn ledger.api:app --host 127.0.0.1 --port 8010 --reload"},
    "worker": {"cwd": "services/worker", "cmd": "poetry run celery -A ledger.worker worker -l info"},
    "web": {"cwd": "web", "cmd": "npm run dev -- --host 127.0.0.1"},
}

SCREEN_LINE = re.compile(r"^\s*(\d+)\.(\S+)\s+\((Detached|Attached)\)")


def screen_list():
    """Return {name: pid} for all screens of this user."""
    out = subprocess.run(["screen", "-ls"], capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        m = SCREEN_LINE.match(line)
        if m:
            found[m.group(2)] = int(m.group(1))
    return found


def session_name(service):
    return f"{PREFIX}.{service}"


def pid_file(service):
    return PID_DIR / f"{service}.pid"


def recorded_pid(service):
    try:
        return int(pid_file(service).read_text().strip())
    except (OSError, ValueError):
        return None


def start(service):
    spec = SERVICES[service]
    name = session_name(service)
    running = screen_list()
    if name in running and running[name] == recorded_pid(service):
        print(f"  {service}: already running (screen {running[name]})")
        return
    if name in running:
        print(f"  {service}: a screen named {name} exists but is not ours; skipping")
        return
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    PID_DIR.mkdir(parents=True, exist_ok=True)
    log = LOG_DIR / f"{service}.log"
    inner = f"cd {shlex.quote(str(REPO / spec['cwd']))} && exec {spec['cmd']}"
    # -L logs the window to a file; -Logfile needs screen >= 4.06
    argv = ["screen", "-dmS", name, "-L", "-Logfile", str(log), "bash", "-lc", inner]
    subprocess.run(argv, check=True)
    for _ in range(20):
        pid = screen_list().get(name)
        if pid:
            pid_file(service).write_text(str(pid))
            print(f"  {service}: started (screen {pid}, log {log.relative_to(REPO)})")
            return
        time.sleep(0.1)
    print(f"  {service}: screen did not appear; see {log}")


def stop(service, grace):
    name = session_name(service)
    pid = recorded_pid(service)
    current = screen_list().get(name)
    if pid is None:
        print(f"  {service}: no pid recorded")
        return
    if current != pid:
        print(f"  {service}: recorded screen {pid} is gone or replaced; leaving {name} alone")
        pid_file(service).unlink(missing_ok=True)
        return
    # ask the program in the window to stop (Ctrl-C), then quit the session
    subprocess.run(["screen", "-S", f"{pid}.{name}", "-p", "0", "-X", "stuff", "\003"], check=False)
    deadline = time.time() + grace
    while time.time() < deadline:
        time.sleep(0.5)
        if screen_list().get(name) != pid:
            break
    else:
        subprocess.run(["screen", "-S", f"{pid}.{name}", "-X", "quit"], check=False)
    if screen_list().get(name) == pid:
        os.kill(pid, signal.SIGTERM)
    pid_file(service).unlink(missing_ok=True)
    print(f"  {service}: stopped")


def show():
    running = screen_list()
    for service in SERVICES:
        name = session_name(service)
        pid = recorded_pid(service)
        if name in running and running[name] == pid:
            state = f"running (screen {pid})"
        elif name in running:
            state = f"foreign screen {running[name]}"
        else:
            state = "stopped"
        print(f"{service:8} {state}")


def tail(service, lines):
    log = LOG_DIR / f"{service}.log"
    if not log.exists():
        sys.exit(f"no log for {service}")
    with log.open("rb") as fh:
        fh.seek(0, os.SEEK_END)
        size = fh.tell()
        fh.seek(max(0, size - 64 * 1024))
        text = fh.read().decode(errors="replace")
    print("\n".join(text.splitlines()[-lines:]))


def rotate_logs(max_bytes=10 * 1024 * 1024):
    for log in LOG_DIR.glob("*.log"):
        if log.stat().st_size > max_bytes:
            log.replace(log.with_suffix(".log.1"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=("up", "down", "ls", "tail", "restart"))
    ap.add_argument("service", nargs="?")
    ap.add_argument("-n", type=int, default=80)
    ap.add_argument("--grace", type=float, default=8.0)
    args = ap.parse_args()

    if subprocess.run(["which", "screen"], capture_output=True).returncode != 0:
        sys.exit("GNU screen is not installed")
    selected = [args.service] if args.service else list(SERVICES)
    for s in selected:
        if s not in SERVICES:
            sys.exit(f"unknown service {s}; known: {', '.join(SERVICES)}")

    if args.action == "up":
        rotate_logs()
        for s in selected:
            start(s)
    elif args.action == "down":
        for s in reversed(selected):
            stop(s, args.grace)
    elif args.action == "restart":
        for s in selected:
            stop(s, args.grace)
            start(s)
    elif args.action == "ls":
        show()
    else:
        if not args.service:
            sys.exit("tail needs a service")
        tail(args.service, args.n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
