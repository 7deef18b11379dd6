#!/usr/bin/env python3
"""Local runner for the Django app and its Celery worker.

Loads settings from this project's .env (python-dotenv style parsing),
starts both as children in their own process group, and on exit signals
only that group, which contains nothing but the processes started here.
"""
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
ENV_FILE = HERE / ".env"
COMMANDS = {
    "web": [sys.executable, "manage.py", "runserver", "127.0.0.1:8002"],
    "worker": [sys.executable, "-m", "celery", "-A", "orbit", "worker", "-l", "info", "-c", "2"],
}


def parse_env(path: Path) -> dict[str, str]:
    result: dict[str, str] = {}
    if not path.is_file():
        return result
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):]
        name, sep, raw = line.partition("=")
        if not sep:
            continue
        parts = shlex.split(raw, comments=True) if raw else [""]
        result[name.strip()] = parts[0] if parts else ""
    return result


def launch(env: dict[str, str]) -> dict[str, subprocess.Popen]:
    procs = {}
    for name, argv in COMMANDS.items():
        procs[name] = subprocess.Popen(argv, cwd=HERE, env=env, start_new_session=True)
        print(f"[run] {name} started (pid {procs[name].pid})")
    return procs


def shutdown(procs: dict[str, subprocess.Popen], grace: float = 8.0) -> None:
    for name, proc in procs.items():
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    for name, proc in procs.items():
        remaining = max(0.1, deadline - time.monotonic())
        try:
            proc.wait(timeout=remaining)
        except subprocess.TimeoutExpired:
            print(f"[run] {name} ignored SIGTERM; killing its group")
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def main() -> int:
    env = {**os.environ, **parse_env(ENV_FILE), "DJANGO_SETTINGS_MODULE": "orbit.settings.dev"}
    print(f"[run] using {ENV_FILE.name} from {HERE}")
    procs = launch(env)
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt))
    try:
        while True:
            for name, proc in procs.items():
                code = proc.poll()
                if code is not None:
                    print(f"[run] {name} exited with {code}; stopping the rest")
                    return code or 1
            time.sleep(1)
    except KeyboardInterrupt:
        print("\n[run] shutting down")
        return 0
    finally:
        shutdown(procs)


if __name__ == "__main__":
    sys.exit(main())
