#!/usr/bin/env python3
"""Post deploy notices to Slack; remembers the channel in its own config.

Notifier backends follow a Protocol so tests can swap in a fake. The only
file written outside the project is this tool's own config file at
~/.config/deploy-notify/config.json. SLACK_BOT_TOKEN comes from the env.
"""
import argparse
import json
import os
import sys
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

CONFIG_DIR = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "deploy-notify"
CONFIG_FILE = CONFIG_DIR / "config.json"


class Notifier(Protocol):
    def send(self, channel: str, text: str) -> None: ...


@dataclass
class SlackNotifier:
    token: str
    endpoint: str = "https://slack.com/api/chat.postMessage"

    def send(self, channel: str, text: str) -> None:
        body = json.dumps({"channel": channel, "text": text}).encode()
        req = urllib.request.Request(self.endpoint, data=body, method="POST", headers={
            "Authorization": f"Bearer {self.token}",
            "Content-Type": "application/json; charset=utf-8",
        })
        with urllib.request.urlopen(req, timeout=10) as resp:
            payload = json.load(resp)
        if not payload.get("ok"):
            raise RuntimeError(f"slack error: {payload.get('error')}")


@dataclass
class PrintNotifier:
    def send(self, channel: str, text: str) -> None:
        print(f"[{channel}] {text}")


def load_config() -> dict:
    if CONFIG_FILE.exists():
        return json.loads(CONFIG_FILE.read_text())
    return {}


def save_config(cfg: dict) -> None:
    CONFIG_DIR.mkdir(parents=True, exist_ok=True)
    CONFIG_FILE.write_text(json.dumps(cfg, indent=2) + "\n")
    CONFIG_FILE.chmod(0o600)


def notify(backend: Notifier, channel: str, service: str, version: str, env: str) -> None:
    emoji = ":rocket:" if env == "production" else ":test_tube:"
    backend.send(channel, f"{emoji} {service} {version} deployed to *{env}*")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("service")
    parser.add_argument("version")
    parser.add_argument("--env", default="staging")
    parser.add_argument("--channel")
    parser.add_argument("--remember", action="store_true", help="save --channel as default")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    cfg = load_config()
    channel = args.channel or cfg.get("channel") or "#deploys"
    if args.remember and args.channel:
        cfg["channel"] = args.channel
        save_config(cfg)
        print(f"default channel saved to {CONFIG_FILE}")

    token = os.environ.get("SLACK_BOT_TOKEN")
    backend: Notifier
    if args.dry_run or not token:
        if not token:
            print("SLACK_BOT_TOKEN not set; printing instead", file=sys.stderr)
        backend = PrintNotifier()
    else:
        backend = SlackNotifier(token)
    notify(backend, channel, args.service, args.version, args.env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
