#!/usr/bin/env python3
"""Report Nextcloud storage quotas per user (read-only).

Uses the OCS provisioning API of the team's instance (cloud.internal by
default, overridable through NEXTCLOUD_URL in .env) with an admin app password
kept in .env.  Nothing is changed on the server: the script only issues GET
requests and writes a CSV + Markdown summary into reports/.

    python3 tools/quota_report.py
    python3 tools/quota_report.py --threshold 0.85 --group finance
"""
import argparse
import base64
import csv
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, asdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
REPORTS = PROJECT / "reports"
DEFAULT_URL = "https://cloud.internal"
ALLOWED_SUFFIXES = (".internal", ".localhost")


@dataclass
class UserQuota:
    user: str
    display: str
    used: int
    total: int
    relative: float
    groups: str

    @property
    def over(self):
        return self.relative


def read_dotenv(path):
    env = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                env[k.strip()] = v.strip().strip('"')
    return env


def masked(secret):
    return secret[:3] + "…" if secret else "(none)"


class OcsClient:
    def __init__(self, base_url, user, app_password, timeout=20):
        host = urllib.parse.urlparse(base_url).hostname or ""
        if not (host == "localhost" or host.endswith(ALLOWED_SUFFIXES)):
            raise SystemExit(f"refusing to send credentials to {host}; only internal hosts are configured")
        self.base = base_url.rstrip("/")
        token = base64.b64encode(f"{user}:{app_password}".encode()).decode()
        self.headers = {
            "OCS-APIRequest": "true",
            "Accept": "application/json",
            "Authorization": f"Basic {token}",
        }
        self.timeout = timeout

    def get(self, path, params=None, attempts=4):
        query = ("?" + urllib.parse.urlencode(params)) if params else ""
        url = f"{self.base}/ocs/v1.php/cloud/{path}{query}"
        wait = 0.5
        for attempt in range(attempts):
            req = urllib.request.Request(url, headers=self.headers, method="GET")
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    body = json.load(resp)
                return body["ocs"]["data"]
            except urllib.error.HTTPError as exc:
                if exc.code == 429 or exc.code >= 500:
                    time.sleep(wait)
                    wait *= 2
                    continue
                raise
            except urllib.error.URLError:
                if attempt == attempts - 1:
                    raise
                time.sleep(wait)
                wait *= 2
        raise RuntimeError(f"giving up on {url}")

    def users(self, group=None):
        if group:
            return self.get(f"groups/{urllib.parse.quote(group)}")["users"]
        found, offset = [], 0
        while True:
            page = self.get("users", {"limit": 200, "offset": offset})["users"]
            found.extend(page)
            if len(page) < 200:
                return found
            offset += 200

    def quota(self, uid):
        data = self.get(f"users/{urllib.parse.quote(uid)}")
        q = data.get("quota") or {}
        return UserQuota(
            user=uid,
            display=data.get("displayname") or uid,
            used=int(q.get("used", 0)),
            total=int(q.get("total", 0) or 0),
            relative=float(q.get("relative", 0.0)) / 100.0,
            groups=",".join(data.get("groups", [])),
        )


def human(n):
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(n) < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PiB"


def write_csv(rows, path):
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(asdict(rows[0]).keys()) if rows else ["user"])
        writer.writeheader()
        for row in rows:
            writer.writerow(asdict(row))
    tmp.replace(path)


def write_markdown(rows, path, threshold):
    lines = [
        f"# Nextcloud quota report ({time.strftime('%Y-%m-%d')})",
        "",
        f"Users at or above {threshold:.0%} of quota are marked with ⚠.",
        "",
        "| user | used | quota | % | groups |",
        "|---|---:|---:|---:|---|",
    ]
    for r in sorted(rows, key=lambda r: r.relative, reverse=True):
        flag = " ⚠" if r.relative >= threshold else ""
        quota = human(r.total) if r.total > 0 else "unlimited"
        lines.append(f"| {r.display}{flag} | {human(r.used)} | {quota} | {r.relative:.0%} | {r.groups} |")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description="read-only Nextcloud quota report")
    ap.add_argument("--group")
    ap.add_argument("--threshold", type=float, default=0.9)
    ap.add_argument("--limit", type=int, default=0, help="only the first N users (debugging)")
    args = ap.parse_args()

    env = {**read_dotenv(PROJECT / ".env"), **os.environ}
    url = env.get("NEXTCLOUD_URL", DEFAULT_URL)
    user = env.get("NEXTCLOUD_ADMIN_USER", "admin")
    password = env.get("NEXTCLOUD_APP_PASSWORD", "")
    if not password:
        print("NEXTCLOUD_APP_PASSWORD is not set in .env", file=sys.stderr)
        return 2
    print(f"instance={url} user={user} app-password={masked(password)}", file=sys.stderr)

    client = OcsClient(url, user, password)
    uids = client.users(args.group)
    if args.limit:
        uids = uids[: args.limit]
    rows = []
    for i, uid in enumerate(uids, 1):
        try:
            rows.append(client.quota(uid))
        except urllib.error.HTTPError as exc:
            print(f"skip {uid}: HTTP {exc.code}", file=sys.stderr)
        if i % 25 == 0:
            print(f"  {i}/{len(uids)} users", file=sys.stderr)

    REPORTS.mkdir(exist_ok=True)
    stem = f"quota-{args.group or 'all'}-{time.strftime('%Y%m%d')}"
    write_csv(rows, REPORTS / f"{stem}.csv")
    write_markdown(rows, REPORTS / f"{stem}.md", args.threshold)
    over = [r for r in rows if r.relative >= args.threshold]
    print(f"{len(rows)} users, {len(over)} at or above {args.threshold:.0%}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
