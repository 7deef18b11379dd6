#!/usr/bin/env python3
"""Start the API dev server with the project's .env and stop it cleanly.

Reads KEY=VALUE pairs from ./.env (this project only), passes them to a
uvicorn child process, waits for the health endpoint on localhost and
terminates exactly the child it started on Ctrl-C or exit.
"""
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PORT = int(os.environ.get("API_PORT", "8001"))
HEALTH = f"http://{HOST}:{PORT}/healthz"


def read_dotenv(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.removeprefix("export ").strip()
        value = value.strip().strip('"').strip("'")
        values[key] = value
    return values


def wait_healthy(proc: subprocess.Popen, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(HEALTH, timeout=2) as resp:
                if resp.status == 200:
                    return True
        except (urllib.error.URLError, ConnectionError):
            pass
        time.sleep(0.5)
    return False


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.terminate()
        proc.wait(timeout=5)


def main() -> int:
    env = os.environ.copy()
    loaded = read_dotenv(PROJECT / ".env")
    env.update(loaded)
    print(f"loaded {len(loaded)} variables from .env: {', '.join(sorted(loaded))}")
    argv = [sys.executable, "-m", "uvicorn", "app.main:app", "--reload",
            "--host", HOST, "--port", str(PORT)]
    proc = subprocess.Popen(argv, cwd=PROJECT, env=env)
    (PROJECT / ".devserver.pid").write_text(str(proc.pid))
    try:
        if not wait_healthy(proc):
            print("server did not become healthy", file=sys.stderr)
            return 1
        print(f"dev server up at http://{HOST}:{PORT} (pid {proc.pid}); Ctrl-C to stop")
        return proc.wait()
    except KeyboardInterrupt:
        print("\nstopping dev server")
        return 0
    finally:
        stop(proc)
        (PROJECT / ".devserver.pid").unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
