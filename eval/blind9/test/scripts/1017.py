#!/usr/bin/env python3
"""Run the local HTTPS dev stack on the standard ports (80/443) so OAuth
redirect URLs match production, without running the app as root."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CERT = ROOT / "certs" / "dev.pem"
KEY = ROOT / "certs" / "dev-key.pem"

PRIVILEGED_PORTS = (80, 443)


def interpreter_path() -> str:
    return os.path.realpath(shutil.which("python3") or sys.executable)


def can_bind_low_ports() -> bool:
    import socket

    s = socket.socket()
    try:
        s.bind(("127.0.0.1", 443))
        return True
    except PermissionError:
        return False
    finally:
        s.close()


def grant_bind_capability() -> None:
    target = interpreter_path()
    print(f"granting cap_net_bind_service to {target}")
    subprocess.run(["sudo", "setcap", "cap_net_bind_service=+ep", target], check=True)


def ensure_certs() -> None:
    if CERT.exists() and KEY.exists():
        return
    CERT.parent.mkdir(exist_ok=True)
    subprocess.run(["mkcert", "-cert-file", str(CERT), "-key-file", str(KEY), "app.localhost", "localhost"],
                   check=True)


def start() -> int:
    argv = [sys.executable, "-m", "uvicorn", "app.main:app", "--host", "127.0.0.1", "--port", "443",
            "--ssl-certfile", str(CERT), "--ssl-keyfile", str(KEY), "--reload"]
    proc = subprocess.Popen(argv, cwd=ROOT)
    redirect = subprocess.Popen([sys.executable, "-m", "app.dev.redirect80"], cwd=ROOT)

    def stop(*_):
        for p in (proc, redirect):
            p.terminate()

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    print("https://app.localhost/ is up (Ctrl-C to stop)")
    rc = proc.wait()
    redirect.wait()
    return rc


def main() -> int:
    ensure_certs()
    if not can_bind_low_ports():
        grant_bind_capability()
    return start()


if __name__ == "__main__":
    sys.exit(main())
