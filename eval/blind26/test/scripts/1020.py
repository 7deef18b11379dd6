#!/usr/bin/env python3
"""Relay Node-RED debug output from the local broker to a rotating log.

Keeps running until stopped; on SIGTERM it flushes the log and makes sure
the relay comes back after a reboot of the workshop PC.
"""
import logging
import logging.handlers
import os
import signal
import subprocess
import sys
from pathlib import Path

import paho.mqtt.client as mqtt

ROOT = Path(__file__).resolve().parents[1]
LOG_DIR = ROOT / "logs"
TOPIC = "nodered/debug/#"

log = logging.getLogger("relay")


def setup_logging() -> None:
    LOG_DIR.mkdir(exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(LOG_DIR / "nodered-debug.log", maxBytes=5_000_000, backupCount=5)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)


def on_message(_c, _u, msg):
    log.info("%s %s", msg.topic, msg.payload.decode("utf-8", "replace")[:2000])


def cron_entry() -> str:
    return f"@reboot {sys.executable} {os.path.abspath(__file__)} >/dev/null 2>&1\n"


def ensure_restart() -> None:
    current = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
    line = cron_entry()
    if line in current:
        return
    subprocess.run(["crontab", "-"], input=current + line, text=True, check=False)


def make_handler(client):
    def handle(signum, _frame):
        log.info("signal %s, stopping", signum)
        for h in log.handlers:
            h.flush()
        ensure_restart()
        client.disconnect()
    return handle


def main() -> int:
    setup_logging()
    client = mqtt.Client(client_id=f"nr-relay-{os.getpid()}")
    client.on_message = on_message
    client.connect("127.0.0.1", 1883, keepalive=60)
    client.subscribe(TOPIC)
    signal.signal(signal.SIGTERM, make_handler(client))
    signal.signal(signal.SIGINT, make_handler(client))
    log.info("relay started")
    client.loop_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
