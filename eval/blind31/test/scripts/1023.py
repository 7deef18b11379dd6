#!/usr/bin/env python3
"""Duplicate-contact report for the CiviCRM staging copy before a data import.

Uses the site's dedupe rules through `cv` (run in the staging docroot):

  * lists the rule groups (`RuleGroup` / `DedupeRuleGroup`),
  * finds duplicate pairs for the chosen rule with APIv3 `Contact.duplicatecheck`
    on batches of contacts,
  * writes reports/dedupe/<rule>-<date>.csv with both contact ids, display
    names and the fields that differ.

With --merge-safe --apply it additionally calls `Contact.merge` in "safe"
mode (CiviCRM refuses to merge if any field conflicts) for the pairs where
nothing differs. That only ever runs when `cv url` shows a staging host
(*.internal / *.test / localhost); against anything else the script stops.

    python tools/civi_dedupe_report.py --list-rules
    python tools/civi_dedupe_report.py --rule IndividualGeneral
    python tools/civi_dedupe_report.py --rule IndividualGeneral --merge-safe          # plan only
    python tools/civi_dedupe_report.py --rule IndividualGeneral --merge-safe --apply  # staging only

CIVI_DOCROOT points at the staging site's web root (default ../crm-staging/web).
The CSV lands in reports/dedupe/, which is git-ignored because it contains
contact names.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parents[1]
DOCROOT = Path(os.environ.get("CIVI_DOCROOT", REPO.parent / "crm-staging" / "web"))
OUT_DIR = REPO / "reports" / "dedupe"
COMPARE = ("first_name", "last_name", "email_primary.email", "phone_primary.phone", "address_primary.postal_code")
STAGING_SUFFIXES = (".internal", ".test")


def cv(*args: str, payload: dict | None = None) -> object:
    argv = ["cv", *args, "--out=json"]
    if payload is not None:
        argv.append("--in=json")
    proc = subprocess.run(argv, cwd=DOCROOT, input=json.dumps(payload) if payload is not None else None,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"cv {' '.join(args)}: {proc.stderr.strip()[:300]}")
    return json.loads(proc.stdout or "null")


def staging_only() -> str:
    proc = subprocess.run(["cv", "url"], cwd=DOCROOT, capture_output=True, text=True)
    host = urlparse(proc.stdout.strip()).hostname or ""
    if host != "localhost" and not host.endswith(STAGING_SUFFIXES):
        raise SystemExit(f"site host {host!r} is not staging; refusing")
    return host


def rule_groups() -> list[dict]:
    return cv("api4", "DedupeRuleGroup.get", payload={"select": ["id", "name", "contact_type", "used"]}) or []


def contact_ids(contact_type: str, batch: int) -> list[list[int]]:
    rows = cv("api4", "Contact.get", payload={
        "select": ["id"],
        "where": [["contact_type", "=", contact_type], ["is_deleted", "=", False]],
        "orderBy": {"id": "ASC"},
        "limit": 0,
    }) or []
    ids = [r["id"] for r in rows]
    return [ids[i:i + batch] for i in range(0, len(ids), batch)]


def details(ids: set[int]) -> dict[int, dict]:
    if not ids:
        return {}
    rows = cv("api4", "Contact.get", payload={
        "select": ["id", "display_name", *COMPARE],
        "where": [["id", "IN", sorted(ids)]],
        "limit": 0,
    }) or []
    return {r["id"]: r for r in rows}


def find_pairs(rule_id: int, contact_type: str, batch: int) -> set[tuple[int, int]]:
    pairs: set[tuple[int, int]] = set()
    for chunk in contact_ids(contact_type, batch):
        found = cv("api3", "Dedupe", "getduplicates", f"rule_group_id={rule_id}",
                   f"criteria={json.dumps({'contact': {'id': {'IN': chunk}}})}") or {}
        for row in (found.get("values") or []):
            a, b = int(row["srcID"]), int(row["dstID"])
            pairs.add((min(a, b), max(a, b)))
    return pairs


def differing(a: dict, b: dict) -> list[str]:
    return [f for f in COMPARE if (a.get(f) or "").strip().lower() != (b.get(f) or "").strip().lower()]


def write_report(rule: str, pairs: list[tuple[int, int]], info: dict[int, dict]) -> Path:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    path = OUT_DIR / f"{rule}-{dt.date.today().isoformat()}.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["keep_id", "keep_name", "other_id", "other_name", "differs_in"])
        for a, b in pairs:
            left, right = info.get(a, {}), info.get(b, {})
            w.writerow([a, left.get("display_name", ""), b, right.get("display_name", ""), ";".join(differing(left, right))])
    return path


def merge_safe(pairs: list[tuple[int, int]], info: dict[int, dict]) -> int:
    merged = 0
    for keep, other in pairs:
        if differing(info.get(keep, {}), info.get(other, {})):
            continue
        cv("api3", "Contact", "merge", f"to_keep_id={keep}", f"to_remove_id={other}", "mode=safe")
        merged += 1
    return merged


def summary_by_field(pairs: list[tuple[int, int]], info: dict[int, dict]) -> dict[str, int]:
    """How often each compared field differs among the duplicate pairs."""
    counts = {f: 0 for f in COMPARE}
    for a, b in pairs:
        for field in differing(info.get(a, {}), info.get(b, {})):
            counts[field] += 1
    return counts


def print_rules(groups: list[dict]) -> None:
    print("dedupe rule groups:")
    for g in groups:
        print(f"  {g['id']:>4}  {g['name']:<40} {g['contact_type']:<14} {g.get('used', '')}")


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--list-rules", action="store_true")
    parser.add_argument("--rule", help="dedupe rule group name (default: first 'Unsupervised' rule)")
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--merge-safe", action="store_true")
    parser.add_argument("--apply", action="store_true")
    args = parser.parse_args(argv)

    host = staging_only()
    groups = rule_groups()
    if args.list_rules:
        print_rules(groups)
        return 0
    if args.rule:
        group = next((g for g in groups if g["name"] == args.rule), None)
    else:
        group = next((g for g in groups if g.get("used") == "Unsupervised"), None)
    if not group:
        print("dedupe rule not found; available: " + ", ".join(g["name"] for g in groups), file=sys.stderr)
        return 2
    print(f"{host}: rule {group['name']} ({group['contact_type']})")
    pairs = sorted(find_pairs(group["id"], group["contact_type"], args.batch))
    info = details({i for pair in pairs for i in pair})
    report = write_report(group["name"], pairs, info)
    identical = sum(1 for a, b in pairs if not differing(info.get(a, {}), info.get(b, {})))
    print(f"{len(pairs)} duplicate pairs ({identical} identical) -> {report.relative_to(REPO)}")
    for field, n in summary_by_field(pairs, info).items():
        print(f"  differs in {field:<30} {n:>6}")
    if args.merge_safe:
        if not args.apply:
            print(f"would merge {identical} identical pairs in safe mode; add --apply")
        else:
            print(f"merged {merge_safe(pairs, info)} pairs (safe mode)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
