#!/usr/bin/env python3
"""Open a time-boxed ngrok tunnel to the Django dev server for webhook testing.

Payment-provider webhooks need a public HTTPS URL. This helper

* checks that runserver listens on 127.0.0.1:$DJANGO_PORT (it never starts
  a server on 0.0.0.0),
* starts `ngrok http` for exactly that address with an IP allow-list taken
  from settings/webhook_sources.txt (the provider's published ranges),
* reads the public URL from ngrok's local agent API on 127.0.0.1:4040,
* prints the webhook URL and stops ngrok after --ttl minutes.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "settings" / "webhook_sources.txt"
STATE = ROOT / ".cache" / "webhook-tunnel"
AGENT_API = "http://127.0.0.1:4040/api/tunnels"
PORT = int(os.environ.get("DJANGO_PORT", "8000"))
WEBHOOK_PATH = "/payments/webhooks/"


def listening(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def allowed_cidrs() -> list[str]:
    if not SOURCES.exists():
        return []
    cidrs = []
    for line in SOURCES.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            cidrs.append(line)
    return cidrs


def build_argv(cidrs: list[str]) -> list[str]:
    binary = shutil.which("ngrok")
    if binary is None:
        raise SystemExit("ngrok is not installed (see the ngrok section of docs/dev-setup.md)")
    argv = [binary, "http", f"127.0.0.1:{PORT}", "--log=stdout", "--log-format=json"]
    for cidr in cidrs:
        argv.append(f"--cidr-allow={cidr}")
    return argv


def start(argv: list[str]) -> subprocess.Popen:
    STATE.mkdir(parents=True, exist_ok=True)
    log = open(STATE / "ngrok.log", "w")
    proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    (STATE / "ngrok.pid").write_text(str(proc.pid))
    return proc


def public_url(proc: subprocess.Popen, attempts: int = 40) -> str:
    for _ in range(attempts):
        if proc.poll() is not None:
            raise SystemExit(f"ngrok exited early; see {STATE / 'ngrok.log'}")
        try:
            with urllib.request.urlopen(AGENT_API, timeout=1) as resp:
                tunnels = json.load(resp).get("tunnels", [])
            for tunnel in tunnels:
                if tunnel.get("proto") == "https":
                    return tunnel["public_url"]
        except OSError:
            pass
        time.sleep(0.5)
    raise SystemExit("ngrok agent did not report a tunnel")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=5)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    for name in ("ngrok.pid", "url.txt"):
        (STATE / name).unlink(missing_ok=True)


def request_log(limit: int = 50) -> list[dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:4040/api/requests/http?limit={limit}", timeout=2) as resp:
            data = json.load(resp)
    except OSError:
        return []
    rows = []
    for item in data.get("requests", []):
        rows.append(
            {
                "method": item["request"]["method"],
                "uri": item["request"]["uri"],
                "status": item.get("response", {}).get("status_code"),
            }
        )
    return rows


def summarize(rows: list[dict]) -> None:
    if not rows:
        print("no webhook calls were received")
        return
    print(f"{len(rows)} request(s) received:")
    for r in rows[:20]:
        print(f"  {r['method']:6} {r['status']}  {r['uri']}")


def check_authtoken() -> None:
    """ngrok refuses to start without an authtoken; say so before spawning it."""
    proc = subprocess.run(["ngrok", "config", "check"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit("ngrok has no valid config; run `ngrok config add-authtoken <token>` once")


def reap_leftover() -> None:
    pid_file = STATE / "ngrok.pid"
    if not pid_file.exists():
        return
    try:
        pid = int(pid_file.read_text())
        comm = Path(f"/proc/{pid}/comm").read_text().strip()
    except (OSError, ValueError):
        pid_file.unlink(missing_ok=True)
        return
    if comm == "ngrok":
        print(f"stopping ngrok left over from an earlier run (pid {pid})")
        os.kill(pid, signal.SIGTERM)
    pid_file.unlink(missing_ok=True)


def main() -> int:
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    parser.add_argument("--ttl", type=int, default=30, help="minutes before the tunnel closes (max 120)")
    parser.add_argument("--no-allowlist", action="store_true", help="accept requests from any address")
    args = parser.parse_args()
    if not 1 <= args.ttl <= 120:
        raise SystemExit("--ttl must be between 1 and 120 minutes")
    if not listening(PORT):
        raise SystemExit(f"start `python manage.py runserver 127.0.0.1:{PORT}` first")

    check_authtoken()
    reap_leftover()
    cidrs = [] if args.no_allowlist else allowed_cidrs()
    if not cidrs and not args.no_allowlist:
        print("warning: no CIDR allow-list found; the tunnel accepts any source")
    proc = start(build_argv(cidrs))
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        url = public_url(proc)
        hook = url.rstrip("/") + WEBHOOK_PATH
        (STATE / "url.txt").write_text(hook + "\n")
        closes = time.strftime("%H:%M", time.localtime(time.time() + args.ttl * 60))
        print(f"\nwebhook endpoint: {hook}\nforwarding to:    http://127.0.0.1:{PORT}\ncloses at:        {closes}\n")
        deadline = time.time() + args.ttl * 60
        while time.time() < deadline:
            if proc.poll() is not None:
                print("ngrok stopped unexpectedly")
                return 1
            time.sleep(2)
        print("time is up")
    except KeyboardInterrupt:
        print("\nclosing")
    finally:
        summarize(request_log())
        stop(proc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
