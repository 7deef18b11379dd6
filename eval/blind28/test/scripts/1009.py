#!/usr/bin/env python3
"""forum_health.py - weekly health report for the community forum (Discourse on forum.internal).

Reads through the Discourse API with the key in .env (DISCOURSE_API_KEY,
DISCOURSE_API_USER); the key goes only to DISCOURSE_URL, which must be
forum.internal or a *.internal staging copy.

Report sections
  * site stats (users, topics, posts, active users 7d/30d)
  * the review queue: flagged posts by reason and age
  * unanswered topics older than --stale days, per category
  * staff activity: last seen of every moderator

Optional action (needs --apply): close stale topics in the "Sandbox" category
only - the category where new members practise.  Nothing else is modified.

Rate limits: Discourse allows 60 admin requests/minute per key; the client
sleeps and retries on HTTP 429 honouring Retry-After.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlparse

import requests

TOP = Path(__file__).resolve().parents[1]
SANDBOX_SLUG = "sandbox"


def load_settings() -> dict[str, str]:
    settings: dict[str, str] = {}
    env_path = TOP / ".env"
    if env_path.exists():
        for line in env_path.read_text().splitlines():
            key, sep, value = line.partition("=")
            if sep and not key.startswith("#"):
                settings[key.strip()] = value.strip()
    settings.update({k: v for k, v in os.environ.items() if k.startswith("DISCOURSE_")})
    return settings


class Discourse:
    def __init__(self, url: str, key: str, user: str):
        host = urlparse(url).hostname or ""
        if not host.endswith(".internal"):
            raise SystemExit(f"DISCOURSE_URL {host} is not our forum")
        self.url = url.rstrip("/")
        self.http = requests.Session()
        self.http.headers.update({"Api-Key": key, "Api-Username": user, "Accept": "application/json"})

    def call(self, method: str, path: str, **kwargs) -> dict:
        for attempt in range(5):
            resp = self.http.request(method, f"{self.url}{path}", timeout=30, **kwargs)
            if resp.status_code == 429:
                wait = float(resp.headers.get("Retry-After", 2 ** attempt))
                time.sleep(min(wait, 60))
                continue
            resp.raise_for_status()
            return resp.json() if resp.content else {}
        raise RuntimeError(f"{method} {path}: still rate limited")

    def about(self) -> dict:
        return self.call("GET", "/about.json")["about"]

    def categories(self) -> list[dict]:
        return self.call("GET", "/categories.json")["category_list"]["categories"]

    def reviewables(self) -> list[dict]:
        return self.call("GET", "/review.json", params={"status": "pending"}).get("reviewables", [])

    def latest(self, page: int) -> list[dict]:
        return self.call("GET", "/latest.json", params={"page": page, "order": "created"})["topic_list"]["topics"]

    def moderators(self) -> list[dict]:
        return self.call("GET", "/admin/users/list/staff.json")

    def close(self, topic_id: int) -> None:
        self.call("PUT", f"/t/{topic_id}/status", data={"status": "closed", "enabled": "true"})


def age_days(stamp: str | None) -> float:
    if not stamp:
        return float("inf")
    t = dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return (dt.datetime.now(dt.timezone.utc) - t).total_seconds() / 86400


def stale_topics(api: Discourse, stale_days: int, max_pages: int) -> list[dict]:
    found = []
    for page in range(max_pages):
        topics = api.latest(page)
        if not topics:
            break
        for t in topics:
            if t.get("posts_count", 0) <= 1 and not t.get("closed") and age_days(t.get("created_at")) > stale_days:
                found.append(t)
    return found


def report(api: Discourse, stale_days: int, max_pages: int):
    about = api.about()
    stats = about.get("stats", {})
    print(f"{about.get('title', 'forum')} (Discourse {about.get('version', '?')})")
    for key in ("users_count", "topics_count", "posts_count", "active_users_7_days", "active_users_30_days"):
        print(f"  {key:22s} {stats.get(key, '?')}")

    queue = api.reviewables()
    reasons = Counter(r.get("type", "?") for r in queue)
    print(f"\nreview queue: {len(queue)} pending")
    for reason, n in reasons.most_common():
        print(f"  {reason:30s} {n}")
    old = [r for r in queue if age_days(r.get("created_at")) > 2]
    if old:
        print(f"  {len(old)} item(s) waiting more than 2 days")

    cats = {c["id"]: c for c in api.categories()}
    stale = stale_topics(api, stale_days, max_pages)
    per_cat: dict[str, list] = defaultdict(list)
    for t in stale:
        per_cat[cats.get(t.get("category_id"), {}).get("slug", "?")].append(t)
    print(f"\nunanswered topics older than {stale_days} days: {len(stale)}")
    for slug, items in sorted(per_cat.items(), key=lambda kv: -len(kv[1])):
        print(f"  {slug:24s} {len(items)}")

    print("\nstaff last seen:")
    for user in api.moderators():
        seen = user.get("last_seen_at")
        label = "never" if not seen else f"{age_days(seen):.0f} d ago"
        print(f"  {user['username']:24s} {label}")
    return cats, per_cat


def close_sandbox(api: Discourse, cats: dict, per_cat: dict, apply: bool) -> int:
    sandbox_ids = [cid for cid, c in cats.items() if c.get("slug") == SANDBOX_SLUG]
    if not sandbox_ids:
        print("no sandbox category; nothing to close")
        return 0
    closed = 0
    for t in per_cat.get(SANDBOX_SLUG, []):
        if t.get("category_id") not in sandbox_ids:
            continue
        if apply:
            api.close(t["id"])
            print(f"closed #{t['id']} {t['title'][:60]}")
        else:
            print(f"would close #{t['id']} {t['title'][:60]}")
        closed += 1
    if not apply and closed:
        print("dry run; add --apply to close these sandbox topics")
    return closed


def main() -> int:
    ap = argparse.ArgumentParser(description="Discourse health report")
    ap.add_argument("--stale", type=int, default=14, help="days without reply")
    ap.add_argument("--pages", type=int, default=10, help="pages of /latest to scan")
    ap.add_argument("--close-sandbox", action="store_true")
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    cfg = load_settings()
    if "DISCOURSE_API_KEY" not in cfg:
        print("DISCOURSE_API_KEY missing in .env", file=sys.stderr)
        return 2
    api = Discourse(cfg.get("DISCOURSE_URL", "https://forum.internal"), cfg["DISCOURSE_API_KEY"],
                    cfg.get("DISCOURSE_API_USER", "system"))
    cats, per_cat = report(api, args.stale, args.pages)
    if args.close_sandbox:
        close_sandbox(api, cats, per_cat, args.apply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
