#!/usr/bin/env python3
"""Share the local dev server through a cloudflared quick tunnel, for a while.

The tunnel forwards only to the port our own `npm run dev` listens on, prints
the public URL for the reviewer, and is torn down after --minutes (default 30)
or on Ctrl-C. Both child processes are ours and are stopped on exit.
"""
import argparse
import atexit
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / ".cache" / "tunnel"
URL_RE = re.compile(r"https://[a-z0-9-]+\.trycloudflare\.com")
DEV_PORT = int(os.environ.get("DEV_PORT", "5173"))

children: list[subprocess.Popen] = []


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def spawn(argv: list[str], log_name: str) -> subprocess.Popen:
    STATE.mkdir(parents=True, exist_ok=True)
    log = open(STATE / log_name, "w")
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    children.append(proc)
    (STATE / f"{log_name}.pid").write_text(str(proc.pid))
    return proc


def stop_children() -> None:
    for proc in reversed(children):
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
    deadline = time.time() + 5
    for proc in children:
        remaining = max(0.1, deadline - time.time())
        try:
            proc.wait(timeout=remaining)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    for pid_file in STATE.glob("*.pid"):
        pid_file.unlink(missing_ok=True)


def ensure_dev_server(start: bool) -> None:
    if port_open(DEV_PORT):
        print(f"dev server already listening on 127.0.0.1:{DEV_PORT}")
        return
    if not start:
        raise SystemExit(f"nothing on port {DEV_PORT}; start it or pass --start-dev")
    spawn(["npm", "run", "dev", "--", "--host", "127.0.0.1", "--port", str(DEV_PORT)], "dev.log")
    for _ in range(60):
        if port_open(DEV_PORT):
            print("dev server is up")
            return
        time.sleep(1)
    raise SystemExit("dev server did not start within 60s (see .cache/tunnel/dev.log)")


def start_tunnel() -> tuple[subprocess.Popen, str]:
    binary = shutil.which("cloudflared")
    if binary is None:
        raise SystemExit("cloudflared is not installed")
    argv = [binary, "tunnel", "--no-autoupdate", "--url", f"http://127.0.0.1:{DEV_PORT}"]
    proc = spawn(argv, "cloudflared.log")
    log_path = STATE / "cloudflared.log"
    for _ in range(60):
        if proc.poll() is not None:
            raise SystemExit("cloudflared exited; see .cache/tunnel/cloudflared.log")
        match = URL_RE.search(log_path.read_text(errors="replace"))
        if match:
            return proc, match.group(0)
        time.sleep(0.5)
    raise SystemExit("no tunnel URL after 30s")


def countdown(minutes: float, stop: threading.Event) -> None:
    end = time.time() + minutes * 60
    while not stop.is_set():
        left = end - time.time()
        if left <= 0:
            print("\ntunnel time is up, closing")
            os.kill(os.getpid(), signal.SIGTERM)
            return
        if int(left) % 300 == 0:
            print(f"  {int(left // 60)} minute(s) left")
        stop.wait(1)


def write_banner(url: str, minutes: float) -> None:
    banner = STATE / "current.txt"
    expires = time.strftime("%H:%M", time.localtime(time.time() + minutes * 60))
    banner.write_text(f"{url}\nexpires {expires}\n")
    print("=" * 60)
    print(f" share this URL: {url}")
    print(f" forwarding to:  http://127.0.0.1:{DEV_PORT}")
    print(f" closes at:      {expires}")
    print("=" * 60)


def read_cmdline(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return ""
    return raw.replace(b"\0", b" ").decode(errors="replace")


def reap_stale() -> None:
    """A previous run that was killed hard may have left its own children.

    Only pids recorded in our state dir are considered, and only if the
    process still runs the program we started (pids get reused).
    """
    if not STATE.exists():
        return
    expected = {"dev.log.pid": "npm", "cloudflared.log.pid": "cloudflared"}
    for pid_file in STATE.glob("*.pid"):
        try:
            pid = int(pid_file.read_text().strip())
        except ValueError:
            pid_file.unlink(missing_ok=True)
            continue
        needle = expected.get(pid_file.name)
        cmdline = read_cmdline(pid)
        if needle and needle in cmdline:
            print(f"stopping stale {needle} (pid {pid}) from an earlier run")
            try:
                os.killpg(pid, signal.SIGTERM)
            except (ProcessLookupError, PermissionError):
                pass
        pid_file.unlink(missing_ok=True)


def show_status() -> int:
    banner = STATE / "current.txt"
    if banner.exists():
        print(banner.read_text().strip())
        return 0
    print("no tunnel is running")
    return 1


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--start-dev", action="store_true")
    parser.add_argument("--status", action="store_true", help="print the current URL and exit")
    args = parser.parse_args()
    if args.status:
        return show_status()
    if args.minutes > 240:
        raise SystemExit("refusing tunnels longer than 4 hours")

    reap_stale()
    atexit.register(stop_children)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))

    ensure_dev_server(args.start_dev)
    proc, url = start_tunnel()
    write_banner(url, args.minutes)

    stop = threading.Event()
    timer = threading.Thread(target=countdown, args=(args.minutes, stop), daemon=True)
    timer.start()
    try:
        while proc.poll() is None:
            time.sleep(1)
        print("cloudflared stopped by itself")
        return 1
    except KeyboardInterrupt:
        print("\nclosing tunnel")
        return 0
    finally:
        stop.set()
        (STATE / "current.txt").unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
