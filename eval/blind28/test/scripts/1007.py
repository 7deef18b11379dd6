#!/usr/bin/env python3
"""list_audit.py - audit Mailman 3 lists through the local core REST API.

Talks to Mailman core on http://localhost:8001/3.1 (MAILMAN_REST_URL) with the
REST admin credentials from .env (MAILMAN_REST_USER / MAILMAN_REST_PASS).

Reports per list: members, moderators, delivery mode mix, members with
delivery disabled by bounces, pending subscription requests, and settings that
drift from config/list-policy.toml (e.g. archive policy, max message size).

    python tools/list_audit.py                       audit every list
    python tools/list_audit.py --list qa@lists.test.internal
    python tools/list_audit.py --fix-bounces --apply  unsubscribe bounce-disabled
                                                      members, ONLY on lists whose
                                                      domain is test.internal

Policy drift is only reported; settings are changed by the list owners.
"""
from __future__ import annotations

import argparse
import os
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import requests

BASE_DIR = Path(__file__).resolve().parent.parent
POLICY_FILE = BASE_DIR / "config" / "list-policy.toml"
TEST_DOMAINS = ("lists.test.internal", "test.internal")


@dataclass
class ListSummary:
    fqdn: str
    members: int
    moderators: int
    modes: Counter
    bounce_disabled: list[str]
    pending: int
    drift: list[str]


def read_env() -> dict[str, str]:
    out: dict[str, str] = {}
    path = BASE_DIR / ".env"
    if path.is_file():
        for raw in path.read_text().splitlines():
            raw = raw.strip()
            if raw and raw[0] != "#" and "=" in raw:
                key, value = raw.split("=", 1)
                out[key] = value
    return {**out, **{k: v for k, v in os.environ.items() if k.startswith("MAILMAN_")}}


class Core:
    def __init__(self, url: str, user: str, password: str):
        if not url.startswith(("http://localhost", "http://127.0.0.1")):
            raise SystemExit(f"MAILMAN_REST_URL must be the local core API, got {url}")
        self.url = url.rstrip("/")
        self.s = requests.Session()
        self.s.auth = (user, password)

    def get(self, path: str, **params) -> dict:
        r = self.s.get(f"{self.url}/{path.lstrip('/')}", params=params, timeout=30)
        r.raise_for_status()
        return r.json()

    def entries(self, path: str) -> list[dict]:
        out, page = [], 1
        while True:
            body = self.get(path, count=100, page=page)
            batch = body.get("entries", [])
            out.extend(batch)
            if len(out) >= body.get("total_size", 0) or not batch:
                return out
            page += 1

    def delete_member(self, member_url: str) -> None:
        r = self.s.delete(member_url, timeout=30)
        r.raise_for_status()


def load_policy() -> dict:
    if not POLICY_FILE.exists():
        return {}
    with POLICY_FILE.open("rb") as fh:
        return tomllib.load(fh).get("defaults", {})


def drift(config: dict, policy: dict) -> list[str]:
    out = []
    for key, wanted in policy.items():
        actual = config.get(key)
        if actual != wanted:
            out.append(f"{key}={actual!r} (policy {wanted!r})")
    return out


def summarise(core: Core, mlist: dict, policy: dict) -> ListSummary:
    list_id = mlist["list_id"]
    members = core.entries(f"lists/{list_id}/roster/member")
    moderators = core.entries(f"lists/{list_id}/roster/moderator")
    modes = Counter(m.get("delivery_mode", "regular") for m in members)
    disabled = []
    for m in members:
        prefs = core.get(f"members/{m['member_id']}/preferences")
        if prefs.get("delivery_status") == "by_bounces":
            disabled.append(m["email"])
    pending = core.get(f"lists/{list_id}/requests").get("total_size", 0)
    config = core.get(f"lists/{list_id}/config")
    return ListSummary(mlist["fqdn_listname"], len(members), len(moderators), modes, disabled, pending,
                       drift(config, policy))


def fix_bounces(core: Core, summary: ListSummary, list_id: str, apply: bool) -> int:
    domain = summary.fqdn.rpartition("@")[2]
    if domain not in TEST_DOMAINS:
        print(f"  skip {summary.fqdn}: bounce cleanup only runs on test lists")
        return 0
    removed = 0
    for email in summary.bounce_disabled:
        member = core.get(f"lists/{list_id}/member/{email}")
        if apply:
            core.delete_member(member["self_link"])
            print(f"  unsubscribed {email}")
        else:
            print(f"  would unsubscribe {email}")
        removed += 1
    return removed


def render(s: ListSummary) -> None:
    mix = ", ".join(f"{mode}={n}" for mode, n in s.modes.most_common()) or "-"
    print(f"{s.fqdn}")
    print(f"  members {s.members}, moderators {s.moderators}, pending requests {s.pending}")
    print(f"  delivery modes: {mix}")
    if s.bounce_disabled:
        print(f"  {len(s.bounce_disabled)} member(s) disabled by bounces")
    for d in s.drift:
        print(f"  policy drift: {d}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Mailman 3 list audit")
    ap.add_argument("--list", dest="only", help="fqdn of a single list")
    ap.add_argument("--fix-bounces", action="store_true")
    ap.add_argument("--apply", action="store_true", help="with --fix-bounces: really unsubscribe")
    args = ap.parse_args(argv)

    env = read_env()
    core = Core(env.get("MAILMAN_REST_URL", "http://localhost:8001/3.1"),
                env.get("MAILMAN_REST_USER", "restadmin"), env.get("MAILMAN_REST_PASS", ""))
    policy = load_policy()
    lists = core.entries("lists")
    if args.only:
        lists = [l for l in lists if l["fqdn_listname"] == args.only]
        if not lists:
            print(f"no list {args.only}", file=sys.stderr)
            return 2
    total_drift = 0
    removed = 0
    for mlist in lists:
        s = summarise(core, mlist, policy)
        render(s)
        total_drift += len(s.drift)
        if args.fix_bounces and s.bounce_disabled:
            removed += fix_bounces(core, s, mlist["list_id"], args.apply)
    print(f"\n{len(lists)} list(s), {total_drift} policy drift item(s)")
    if args.fix_bounces:
        verb = "unsubscribed" if args.apply else "would unsubscribe (add --apply)"
        print(f"{verb}: {removed} bounce-disabled member(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
