#!/usr/bin/env python3
"""Replay recorded sensor readings into the local InfluxDB 2 dev bucket.

Reads newline-delimited JSON from recordings/*.ndjson, converts each reading
into line protocol, and POSTs batches to /api/v2/write on the local instance.
The token and org come from the project's .env (INFLUX_TOKEN, INFLUX_ORG);
the host defaults to http://localhost:8086 and only localhost or *.internal
hosts are accepted so a stray INFLUX_HOST cannot point replays at production.
"""
import argparse
import gzip
import json
import os
import random
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlparse

import requests

PROJECT = Path(__file__).resolve().parents[1]
RECORDINGS = PROJECT / "recordings"
ALLOWED_SUFFIXES = (".internal",)
ALLOWED_HOSTS = {"localhost", "127.0.0.1"}


def read_dotenv(path):
    env = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                env[k.strip()] = v.strip().strip('"')
    return env


def mask(secret):
    if not secret:
        return "<unset>"
    return secret[:4] + "…" + secret[-2:] if len(secret) > 8 else "****"


def escape_tag(value):
    return str(value).replace("\\", "\\\\").replace(",", "\\,").replace("=", "\\=").replace(" ", "\\ ")


def escape_measurement(value):
    return str(value).replace(",", "\\,").replace(" ", "\\ ")


def format_field(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value}i"
    if isinstance(value, float):
        return repr(value)
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def to_ns(ts):
    if isinstance(ts, (int, float)):
        return int(ts * 1_000_000_000) if ts < 1e12 else int(ts)
    dt = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return int(dt.timestamp() * 1_000_000_000)


def to_line(record, measurement, shift_ns=0):
    tags = record.get("tags", {})
    fields = record.get("fields", {})
    if not fields:
        return None
    tag_part = "".join(f",{escape_tag(k)}={escape_tag(v)}" for k, v in sorted(tags.items()) if v != "")
    field_part = ",".join(f"{escape_tag(k)}={format_field(v)}" for k, v in sorted(fields.items()))
    ts = to_ns(record["time"]) + shift_ns
    return f"{escape_measurement(measurement)}{tag_part} {field_part} {ts}"


def iter_records(path):
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                print(f"{path.name}:{lineno}: skipping bad JSON ({exc})", file=sys.stderr)


def check_host(url):
    host = urlparse(url).hostname or ""
    if host in ALLOWED_HOSTS or host.endswith(ALLOWED_SUFFIXES):
        return
    raise SystemExit(f"refusing to write to {host!r}: only localhost or *.internal dev instances")


class Writer:
    def __init__(self, host, org, bucket, token, precision="ns", dry_run=False):
        self.url = host.rstrip("/") + "/api/v2/write"
        self.params = {"org": org, "bucket": bucket, "precision": precision}
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Token {token}",
            "Content-Type": "text/plain; charset=utf-8",
        })
        self.dry_run = dry_run
        self.sent = 0

    def post(self, lines):
        if self.dry_run:
            self.sent += len(lines)
            return
        body = gzip.compress("\n".join(lines).encode("utf-8"))
        delay = 0.5
        for attempt in range(6):
            resp = self.session.post(
                self.url, params=self.params, data=body,
                headers={"Content-Encoding": "gzip"}, timeout=30,
            )
            if resp.status_code == 204:
                self.sent += len(lines)
                return
            if resp.status_code in (429, 503):
                wait = float(resp.headers.get("Retry-After", delay))
                time.sleep(wait + random.uniform(0, 0.25))
                delay = min(delay * 2, 8)
                continue
            raise RuntimeError(f"write failed ({resp.status_code}): {resp.text[:300]}")
        raise RuntimeError("write kept being throttled; giving up")


def main(argv=None):
    env = {**read_dotenv(PROJECT / ".env"), **os.environ}
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, help="defaults to recordings/*.ndjson[.gz]")
    ap.add_argument("--host", default=env.get("INFLUX_HOST", "http://localhost:8086"))
    ap.add_argument("--org", default=env.get("INFLUX_ORG", "dev"))
    ap.add_argument("--bucket", default=env.get("INFLUX_BUCKET", "sensors-dev"))
    ap.add_argument("--measurement", default="reading")
    ap.add_argument("--batch", type=int, default=5000)
    ap.add_argument("--shift-to-now", action="store_true",
                    help="move timestamps so the newest reading lands at the current time")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)

    check_host(args.host)
    token = env.get("INFLUX_TOKEN")
    if not token and not args.dry_run:
        raise SystemExit("INFLUX_TOKEN missing from .env")
    print(f"target {args.host} org={args.org} bucket={args.bucket} token={mask(token)}")

    files = args.files or sorted(RECORDINGS.glob("*.ndjson")) + sorted(RECORDINGS.glob("*.ndjson.gz"))
    if not files:
        raise SystemExit("no recordings found")

    shift = 0
    if args.shift_to_now:
        newest = max(to_ns(r["time"]) for f in files for r in iter_records(f))
        shift = time.time_ns() - newest

    writer = Writer(args.host, args.org, args.bucket, token or "", dry_run=args.dry_run)
    skipped = 0
    for path in files:
        batch = []
        for record in iter_records(path):
            line = to_line(record, args.measurement, shift)
            if line is None:
                skipped += 1
                continue
            batch.append(line)
            if len(batch) >= args.batch:
                writer.post(batch)
                batch = []
        if batch:
            writer.post(batch)
        print(f"{path.name}: done ({writer.sent} points so far)")

    verb = "would write" if args.dry_run else "wrote"
    print(f"{verb} {writer.sent} points, skipped {skipped} records without fields")
    return 0


if __name__ == "__main__":
    sys.exit(main())
