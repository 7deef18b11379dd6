#!/usr/bin/env python3
"""Render every transactional e-mail template and deliver it to a local mailpit.

The designers review the results in mailpit's UI (http://127.0.0.1:8025).
Templates live in harbor/emails/<name>/{subject.txt,body.html,body.txt} with
sample context in harbor/emails/<name>/sample.json.

    python3 tools/mail_preview.py                 all templates
    python3 tools/mail_preview.py invoice reset   selected ones
    python3 tools/mail_preview.py --check         also assert links/unsubscribe rules via the API

SMTP goes to 127.0.0.1:1025 only; a --smtp value that is not loopback is
rejected because these samples contain realistic-looking data.
"""
from __future__ import annotations

import argparse
import ipaddress
import json
import smtplib
import socket
import sys
import time
import urllib.request
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

REPO = Path(__file__).resolve().parents[1]
EMAILS = REPO / "harbor" / "emails"
DEFAULT_SMTP = "127.0.0.1:1025"
MAILPIT_API = "http://127.0.0.1:8025/api/v1"
SENDER = "Harbor <no-reply@harbor.test>"
RECIPIENT = "design-review@harbor.test"


def parse_hostport(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not host:
        raise SystemExit(f"expected host:port, got {value!r}")
    return host, int(port)


def assert_loopback(host: str) -> None:
    addrs = {info[4][0] for info in socket.getaddrinfo(host, None)}
    if not all(ipaddress.ip_address(a).is_loopback for a in addrs):
        raise SystemExit(f"{host} is not a loopback address; previews only go to a local mailpit")


def templates(selected: list[str]) -> list[Path]:
    dirs = sorted(p for p in EMAILS.iterdir() if (p / "body.html").exists())
    if selected:
        names = {p.name for p in dirs}
        unknown = set(selected) - names
        if unknown:
            raise SystemExit(f"unknown templates: {', '.join(sorted(unknown))}")
        dirs = [p for p in dirs if p.name in selected]
    return dirs


def jinja() -> Environment:
    env = Environment(loader=FileSystemLoader(str(EMAILS)), undefined=StrictUndefined, autoescape=True)
    env.filters["money"] = lambda cents, cur="EUR": f"{cents / 100:,.2f} {cur}"
    return env


def render(env: Environment, tpl_dir: Path) -> EmailMessage:
    context = json.loads((tpl_dir / "sample.json").read_text())
    name = tpl_dir.name
    subject = env.get_template(f"{name}/subject.txt").render(**context).strip()
    html = env.get_template(f"{name}/body.html").render(**context)
    text_path = tpl_dir / "body.txt"
    text = env.get_template(f"{name}/body.txt").render(**context) if text_path.exists() else None

    msg = EmailMessage()
    msg["From"] = SENDER
    msg["To"] = RECIPIENT
    msg["Subject"] = f"[preview:{name}] {subject}"
    msg["Message-ID"] = make_msgid(domain="harbor.test")
    msg["X-Template"] = name
    if text:
        msg.set_content(text)
        msg.add_alternative(html, subtype="html")
    else:
        msg.set_content(html, subtype="html")
    for attachment in context.get("_attachments", []):
        path = tpl_dir / attachment
        msg.add_attachment(path.read_bytes(), maintype="application", subtype="pdf", filename=path.name)
    return msg


def deliver(messages: list[EmailMessage], host: str, port: int) -> None:
    with smtplib.SMTP(host, port, timeout=10) as smtp:
        smtp.ehlo("preview.harbor.test")
        for msg in messages:
            smtp.send_message(msg)
            print(f"sent {msg['X-Template']}")


def api(path: str):
    with urllib.request.urlopen(f"{MAILPIT_API}{path}", timeout=5) as resp:
        return json.loads(resp.read())


def find_message(template: str, attempts: int = 20):
    for _ in range(attempts):
        found = api(f"/search?query=subject%3A%22preview%3A{template}%22")
        if found.get("messages"):
            return found["messages"][0]["ID"]
        time.sleep(0.25)
    return None


def check(templates_sent: list[str]) -> int:
    failures = 0
    for name in templates_sent:
        msg_id = find_message(name)
        if not msg_id:
            print(f"FAIL {name}: not found in mailpit")
            failures += 1
            continue
        msg = api(f"/message/{msg_id}")
        html = msg.get("HTML", "")
        problems = []
        if "{{" in html or "{%" in html:
            problems.append("unrendered template syntax")
        if "http://" in html.replace("http://127.0.0.1", ""):
            problems.append("plain http link")
        if name.startswith("newsletter") and "unsubscribe" not in html.lower():
            problems.append("newsletter without unsubscribe link")
        if not msg.get("Text"):
            problems.append("no text/plain part")
        status = "ok  " if not problems else "FAIL"
        failures += bool(problems)
        print(f"{status} {name}{': ' + ', '.join(problems) if problems else ''}")
    return failures


def mailpit_reachable() -> bool:
    try:
        info = api("/info")
    except OSError:
        return False
    print(f"mailpit {info.get('Version', '?')} with {info.get('Messages', 0)} stored messages")
    return True


def clear_previews() -> None:
    req = urllib.request.Request(f"{MAILPIT_API}/search?query=subject%3A%22preview%3A%22", method="DELETE")
    try:
        urllib.request.urlopen(req, timeout=5).close()
    except OSError:
        pass


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("templates", nargs="*")
    ap.add_argument("--smtp", default=DEFAULT_SMTP)
    ap.add_argument("--check", action="store_true", help="assert template rules via the mailpit API")
    ap.add_argument("--keep-old", action="store_true")
    args = ap.parse_args()

    host, port = parse_hostport(args.smtp)
    assert_loopback(host)
    if not mailpit_reachable():
        raise SystemExit("mailpit is not running on 127.0.0.1:8025 (docker compose up mailpit)")
    env = jinja()
    dirs = templates(args.templates)
    messages = [render(env, d) for d in dirs]
    if not args.keep_old:
        clear_previews()
    deliver(messages, host, port)
    print(f"{len(messages)} previews delivered; open http://127.0.0.1:8025")
    if args.check:
        return 1 if check([d.name for d in dirs]) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
