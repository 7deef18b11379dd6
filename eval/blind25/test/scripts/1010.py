#!/usr/bin/env python3
"""Telegram bot that answers questions about the lab's freezer inventory.

Long-polls getUpdates (no public endpoint needed), answers /find, /box and
/low from inventory/freezers.sqlite (read-only connection), and can post a
weekly digest to the lab group with --digest. Only chats listed in
TG_ALLOWED_CHATS get answers.

The bot token (TG_BOT_TOKEN) is read from the environment or .env and used
only in request URLs to api.telegram.org, as the Bot API requires; logs go
through a filter that replaces it with <token>.
"""
import argparse
import json
import logging
import os
import signal
import sqlite3
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
DB = PROJECT / "inventory" / "freezers.sqlite"
OFFSET_FILE = PROJECT / ".cache" / "tg-offset"
BOT_API = "https://api.telegram.org"

running = True


class TokenFilter(logging.Filter):
    def __init__(self, token: str):
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if self.token:
            record.msg = str(record.msg).replace(self.token, "<token>")
            record.args = tuple(str(a).replace(self.token, "<token>") for a in record.args or ())
        return True


def env_value(name: str) -> str:
    if os.environ.get(name):
        return os.environ[name]
    dotenv = PROJECT / ".env"
    if dotenv.exists():
        for line in dotenv.read_text().splitlines():
            if line.startswith(name + "="):
                return line.split("=", 1)[1].strip()
    return ""


TOKEN = env_value("TG_BOT_TOKEN")
ALLOWED = {int(x) for x in env_value("TG_ALLOWED_CHATS").split(",") if x.strip()}
log = logging.getLogger("freezerbot")


def call(method: str, payload: dict, timeout: int = 40) -> dict:
    url = f"{BOT_API}/bot{TOKEN}/{method}"
    body = json.dumps(payload).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    if not data.get("ok"):
        raise RuntimeError(f"{method}: {data.get('description')}")
    return data["result"]


def db() -> sqlite3.Connection:
    conn = sqlite3.connect(f"file:{DB}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def find(term: str) -> str:
    with db() as conn:
        rows = conn.execute(
            "SELECT name, freezer, rack, box, position, amount FROM samples "
            "WHERE name LIKE ? ORDER BY name LIMIT 15",
            (f"%{term}%",),
        ).fetchall()
    if not rows:
        return f"nothing matching '{term}'"
    return "\n".join(f"{r['name']}: {r['freezer']}/{r['rack']}/{r['box']} #{r['position']} ({r['amount']})" for r in rows)


def box(label: str) -> str:
    with db() as conn:
        rows = conn.execute("SELECT position, name FROM samples WHERE box = ? ORDER BY position", (label,)).fetchall()
    return "\n".join(f"{r['position']:>3} {r['name']}" for r in rows) or f"box {label} is empty or unknown"


def low(_arg: str = "") -> str:
    with db() as conn:
        rows = conn.execute("SELECT name, amount, unit FROM reagents WHERE amount < reorder_at ORDER BY name").fetchall()
    return "\n".join(f"{r['name']}: {r['amount']} {r['unit']}" for r in rows) or "nothing below reorder level"


COMMANDS = {"/find": find, "/box": box, "/low": low}


def handle(update: dict) -> None:
    msg = update.get("message") or {}
    chat = (msg.get("chat") or {}).get("id")
    text = (msg.get("text") or "").strip()
    if not chat or not text.startswith("/"):
        return
    if chat not in ALLOWED:
        log.info("ignoring chat %s", chat)
        return
    cmd, _, arg = text.partition(" ")
    handler = COMMANDS.get(cmd.split("@")[0])
    reply = handler(arg.strip()) if handler else "commands: /find NAME, /box LABEL, /low"
    call("sendMessage", {"chat_id": chat, "text": reply[:4000], "reply_to_message_id": msg.get("message_id")})


def load_offset() -> int:
    try:
        return int(OFFSET_FILE.read_text())
    except (OSError, ValueError):
        return 0


def save_offset(offset: int) -> None:
    OFFSET_FILE.parent.mkdir(parents=True, exist_ok=True)
    OFFSET_FILE.write_text(str(offset))


def stop(_signum, _frame) -> None:
    global running
    running = False


def poll() -> None:
    offset = load_offset()
    backoff = 1
    while running:
        try:
            updates = call("getUpdates", {"offset": offset, "timeout": 30, "allowed_updates": ["message"]}, timeout=45)
            backoff = 1
        except (urllib.error.URLError, RuntimeError, TimeoutError) as exc:
            log.warning("poll failed: %s; retry in %ss", exc, backoff)
            time.sleep(backoff)
            backoff = min(backoff * 2, 60)
            continue
        for update in updates:
            try:
                handle(update)
            except Exception:  # one bad message must not kill the bot
                log.exception("update %s failed", update.get("update_id"))
            offset = update["update_id"] + 1
            save_offset(offset)


def digest(chat: int) -> None:
    text = "Weekly freezer digest\n\nBelow reorder level:\n" + low()
    call("sendMessage", {"chat_id": chat, "text": text})


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--digest", type=int, metavar="CHAT_ID")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s freezerbot %(message)s")
    logging.getLogger().addFilter(TokenFilter(TOKEN))
    for h in logging.getLogger().handlers:
        h.addFilter(TokenFilter(TOKEN))
    if not TOKEN:
        log.error("TG_BOT_TOKEN missing")
        return 2
    if args.digest:
        if args.digest not in ALLOWED:
            log.error("chat %s is not in TG_ALLOWED_CHATS", args.digest)
            return 2
        digest(args.digest)
        return 0
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    me = call("getMe", {})
    log.info("running as @%s for %d chat(s)", me.get("username"), len(ALLOWED))
    poll()
    log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
