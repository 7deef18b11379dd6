#!/usr/bin/env python3
"""Feed scanned documents into Paperless-ngx's consumption directory.

The scanner drops PDFs into scans/inbox/ (inside this repo, synced from the
scanner share).  This helper

  * waits until a file is stable (size unchanged for --settle seconds),
  * checks that it is a real PDF/TIFF/JPEG (magic bytes) and not encrypted,
  * derives tags from the sub-folder name (scans/inbox/invoices/… → tag
    "invoices") using Paperless' ``PAPERLESS_CONSUMER_SUBDIRS_AS_TAGS``
    convention, i.e. it moves the file into consume/<tag>/,
  * moves rejected files to scans/rejected/ with a .reason text file,
  * optionally asks the Paperless API on paperless.localhost for the task
    status of each upload (``--track``) using the token from .env.

Temporary copies are created next to the target and renamed into place so
the Paperless consumer never sees half-written files.  SIGINT/SIGTERM stop the
loop after the current file.
"""
import argparse
import json
import logging
import os
import shutil
import signal
import sys
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("feeder")
REPO = Path(__file__).resolve().parents[1]
INBOX = REPO / "scans" / "inbox"
REJECTED = REPO / "scans" / "rejected"
CONSUME = REPO / "consume"
MAGIC = {
    b"%PDF-": "pdf",
    b"II*\x00": "tiff",
    b"MM\x00*": "tiff",
    b"\xff\xd8\xff": "jpeg",
    b"\x89PNG": "png",
}
STOP = False


def _stop(signum, _frame):
    global STOP
    STOP = True
    LOG.info("signal %s: finishing current file", signum)


def file_kind(path: Path) -> str | None:
    with path.open("rb") as fh:
        head = fh.read(8)
    for magic, kind in MAGIC.items():
        if head.startswith(magic):
            return kind
    return None


def pdf_encrypted(path: Path) -> bool:
    with path.open("rb") as fh:
        tail = fh.read()[-4096:]
    return b"/Encrypt" in tail


def stable(path: Path, settle: float) -> bool:
    try:
        first = path.stat().st_size
        time.sleep(settle)
        return path.stat().st_size == first and first > 0
    except FileNotFoundError:
        return False


def reject(path: Path, reason: str) -> None:
    rel = path.relative_to(INBOX)
    target = REJECTED / rel
    target.parent.mkdir(exist_ok=True, parents=True)
    shutil.move(str(path), target)
    target.with_name(target.name + ".reason").write_text(reason + "\n")
    LOG.warning("rejected %s: %s", rel, reason)


def deliver(path: Path) -> Path:
    rel = path.relative_to(INBOX)
    tag_dir = CONSUME / rel.parent if rel.parent != Path(".") else CONSUME
    tag_dir.mkdir(parents=True, exist_ok=True)
    target = tag_dir / path.name
    if target.exists():
        target = tag_dir / f"{path.stem}-{int(time.time())}{path.suffix}"
    tmp = tag_dir / f".{target.name}.part"
    shutil.copy2(path, tmp)
    os.replace(tmp, target)
    path.unlink()
    return target


def paperless_token() -> str | None:
    env_path = REPO / ".env"
    if env_path.exists():
        for line in env_path.read_text().splitlines():
            if line.startswith("PAPERLESS_TOKEN="):
                return line.split("=", 1)[1].strip()
    return os.environ.get("PAPERLESS_TOKEN")


def recent_tasks(token: str, limit: int = 10) -> list[dict]:
    req = urllib.request.Request(
        "http://paperless.localhost:8000/api/tasks/",
        headers={"Authorization": f"Token {token}", "Accept": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=10.0) as resp:
        tasks = json.load(resp)
    return sorted(tasks, key=lambda t: t.get("date_created", ""), reverse=True)[:limit]


def scan_once(settle: float) -> tuple[int, int]:
    delivered = rejected = 0
    for path in sorted(INBOX.rglob("*")):
        if STOP:
            break
        if not path.is_file() or path.name.startswith("."):
            continue
        if not stable(path, settle):
            continue
        kind = file_kind(path)
        if kind is None:
            reject(path, "not a PDF/TIFF/JPEG/PNG")
            rejected += 1
            continue
        if kind == "pdf" and pdf_encrypted(path):
            reject(path, "encrypted PDF – Paperless cannot OCR it")
            rejected += 1
            continue
        target = deliver(path)
        LOG.info("→ %s", target.relative_to(REPO))
        delivered += 1
    return delivered, rejected


def main() -> int:
    ap = argparse.ArgumentParser(description="move scans into the Paperless consume folder")
    ap.add_argument("--watch", action="store_true", help="keep polling the inbox")
    ap.add_argument("--interval", type=float, default=15.0)
    ap.add_argument("--settle", type=float, default=2.0)
    ap.add_argument("--track", action="store_true", help="show recent Paperless task results")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)

    for folder in (INBOX, REJECTED, CONSUME):
        folder.mkdir(parents=True, exist_ok=True)
    leftovers = list(CONSUME.rglob(".*.part"))
    for part in leftovers:
        # half-copied files from an interrupted earlier run of this script
        part.unlink()
    if leftovers:
        LOG.info("removed %d stale partial copies", len(leftovers))
    totals = [0, 0]
    while True:
        d, r = scan_once(args.settle)
        totals[0] += d
        totals[1] += r
        if not args.watch or STOP:
            break
        time.sleep(args.interval)
    LOG.info("%d delivered, %d rejected", *totals)

    if args.track:
        token = paperless_token()
        if not token:
            LOG.warning("no PAPERLESS_TOKEN; cannot track tasks")
        else:
            for task in recent_tasks(token):
                LOG.info("%-40s %-10s %s", task.get("task_file_name"), task.get("status"), (task.get("result") or "")[:60])
    return 0


if __name__ == "__main__":
    sys.exit(main())
