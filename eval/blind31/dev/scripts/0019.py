#!/usr/bin/env python3
"""Read-only audit of Mattermost teams for the quarterly access review.

For every team: members, guests, admins, members inactive for N days,
channels without activity, and bots with a team membership. Output is a
markdown report and a JSON file in reports/mattermost/.

Settings (from .env or the environment):
    MM_URL     e.g. https://chat.corp.internal
    MM_TOKEN   personal access token of the audit account (read-only role)

Only GET requests are issued. The script refuses any MM_URL that is not
localhost or an .internal host, since the token must not leave the network.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "reports" / "mattermost"
PER_PAGE = 200


def dotenv(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                out[k.strip()] = v.strip().strip('"')
    return out


def check_host(url: str) -> None:
    host = urlparse(url).hostname or ""
    if host not in ("localhost", "127.0.0.1") and not host.endswith(".internal"):
        raise SystemExit(f"MM_URL host {host!r} is not internal; refusing to send the token")


def tail(secret: str) -> str:
    return "…" + secret[-4:] if len(secret) > 8 else "…"


class Mattermost:
    def __init__(self, url: str, token: str):
        self.base = url.rstrip("/") + "/api/v4"
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}",
                                     "X-Requested-With": "XMLHttpRequest"})
        self.calls = 0

    def get(self, path: str, **params):
        for attempt in range(6):
            resp = self.session.get(self.base + path, params=params, timeout=20)
            self.calls += 1
            if resp.status_code == 429:
                wait = int(resp.headers.get("X-Ratelimit-Reset", "1")) or 1
                time.sleep(min(wait, 10) * (attempt + 1))
                continue
            resp.raise_for_status()
            return resp.json()
        raise RuntimeError(f"rate limited on {path}")

    def paged(self, path: str, **params):
        page = 0
        while True:
            batch = self.get(path, page=page, per_page=PER_PAGE, **params)
            if not batch:
                return
            yield from batch
            if len(batch) < PER_PAGE:
                return
            page += 1


def ms_to_date(ms: int) -> dt.date | None:
    return dt.datetime.fromtimestamp(ms / 1000).date() if ms else None


def audit_team(mm: Mattermost, team: dict, users: dict[str, dict], stale_days: int) -> dict:
    cutoff = dt.date.today() - dt.timedelta(days=stale_days)
    members = list(mm.paged(f"/teams/{team['id']}/members"))
    roles = Counter()
    stale, guests, bots, admins = [], [], [], []
    for m in members:
        user = users.get(m["user_id"])
        if not user or user.get("delete_at"):
            continue
        roles[m.get("scheme_admin") and "admin" or m.get("scheme_guest") and "guest" or "user"] += 1
        if user.get("is_bot"):
            bots.append(user["username"])
        if m.get("scheme_guest"):
            guests.append(user["username"])
        if m.get("scheme_admin"):
            admins.append(user["username"])
        last = ms_to_date(user.get("last_activity_at", 0))
        if last and last < cutoff:
            stale.append((user["username"], last.isoformat()))
    channels = list(mm.paged(f"/teams/{team['id']}/channels"))
    quiet = []
    for ch in channels:
        last_post = ms_to_date(ch.get("last_post_at", 0))
        if last_post is None or last_post < cutoff:
            quiet.append((ch["name"], last_post.isoformat() if last_post else "never"))
    return {
        "team": team["name"],
        "display_name": team["display_name"],
        "members": sum(roles.values()),
        "roles": dict(roles),
        "admins": sorted(admins),
        "guests": sorted(guests),
        "bots": sorted(bots),
        "stale_members": sorted(stale, key=lambda s: s[1]),
        "quiet_channels": sorted(quiet, key=lambda q: q[1]),
        "channels": len(channels),
    }


def compare_with_previous(results: list[dict]) -> list[str]:
    """Lines describing admins added since the last audit file, if there is one."""
    previous = sorted(OUT.glob("audit-*.json"))
    if not previous:
        return []
    old = {r["team"]: set(r["admins"]) for r in json.loads(previous[-1].read_text())}
    notes = []
    for r in results:
        added = set(r["admins"]) - old.get(r["team"], set())
        if added:
            notes.append(f"{r['team']}: new admins {', '.join(sorted(added))}")
    return notes


def render(results: list[dict], stale_days: int) -> str:
    lines = [f"# Mattermost access review ({dt.date.today().isoformat()})", ""]
    for r in results:
        lines += [f"## {r['display_name']} (`{r['team']}`)", "",
                  f"- members: {r['members']} ({', '.join(f'{k} {v}' for k, v in r['roles'].items())})",
                  f"- admins: {', '.join(r['admins']) or '—'}",
                  f"- guests: {', '.join(r['guests']) or '—'}",
                  f"- bots: {', '.join(r['bots']) or '—'}",
                  f"- inactive > {stale_days} days: {len(r['stale_members'])}",
                  f"- quiet channels: {len(r['quiet_channels'])} of {r['channels']}", ""]
        for name, last in r["stale_members"][:25]:
            lines.append(f"  - {name} (last active {last})")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--stale-days", type=int, default=90)
    ap.add_argument("--team", action="append", default=[])
    args = ap.parse_args(argv)

    env = {**dotenv(ROOT / ".env"), **os.environ}
    url, token = env.get("MM_URL", ""), env.get("MM_TOKEN", "")
    if not url or not token:
        print("MM_URL and MM_TOKEN are required", file=sys.stderr)
        return 2
    check_host(url)
    print(f"auditing {url} with token {tail(token)}", file=sys.stderr)
    mm = Mattermost(url, token)
    users = {u["id"]: u for u in mm.paged("/users", active=True)}
    teams = [t for t in mm.paged("/teams") if not args.team or t["name"] in args.team]
    results = [audit_team(mm, team, users, args.stale_days) for team in teams]

    OUT.mkdir(parents=True, exist_ok=True)
    for note in compare_with_previous(results):
        print(f"NOTE {note}", file=sys.stderr)
    stamp = dt.date.today().isoformat()
    (OUT / f"audit-{stamp}.json").write_text(json.dumps(results, indent=2))
    (OUT / f"audit-{stamp}.md").write_text(render(results, args.stale_days))
    print(f"{len(teams)} teams, {len(users)} active users, {mm.calls} API calls -> reports/mattermost/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
