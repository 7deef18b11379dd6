#!/usr/bin/env python3
"""Post a nightly test digest to Slack.

Reads JUnit XML files produced by the nightly pytest/jest jobs, builds a
short Block Kit message and posts it with chat.postMessage. The bot token
comes from SLACK_BOT_TOKEN; the channel from SLACK_CHANNEL or --channel.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import time
import urllib.request
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

SLACK_API = "https://slack.com/api/chat.postMessage"
MAX_FAILURES_LISTED = 8


@dataclass
class SuiteResult:
    name: str
    tests: int = 0
    failures: int = 0
    errors: int = 0
    skipped: int = 0
    seconds: float = 0.0
    failed_cases: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.failures == 0 and self.errors == 0


def parse_junit(path: str) -> list[SuiteResult]:
    tree = ET.parse(path)
    root = tree.getroot()
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    out = []
    for s in suites:
        res = SuiteResult(
            name=s.get("name") or os.path.basename(path),
            tests=int(s.get("tests", 0)),
            failures=int(s.get("failures", 0)),
            errors=int(s.get("errors", 0)),
            skipped=int(s.get("skipped", 0)),
            seconds=float(s.get("time", 0.0)),
        )
        for case in s.iter("testcase"):
            if case.find("failure") is not None or case.find("error") is not None:
                res.failed_cases.append(f"{case.get('classname', '')}::{case.get('name', '')}")
        out.append(res)
    return out


def collect(patterns: list[str]) -> list[SuiteResult]:
    results: list[SuiteResult] = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern, recursive=True)):
            try:
                results.extend(parse_junit(path))
            except ET.ParseError as exc:
                print(f"skipping {path}: {exc}", file=sys.stderr)
    return results


def totals(results: list[SuiteResult]) -> dict:
    return {
        "tests": sum(r.tests for r in results),
        "failures": sum(r.failures + r.errors for r in results),
        "skipped": sum(r.skipped for r in results),
        "seconds": sum(r.seconds for r in results),
    }


def build_blocks(results: list[SuiteResult], run_url: str | None) -> list[dict]:
    t = totals(results)
    emoji = ":white_check_mark:" if t["failures"] == 0 else ":red_circle:"
    header = (f"{emoji} Nightly tests: {t['tests']} run, {t['failures']} failing, "
              f"{t['skipped']} skipped in {t['seconds'] / 60:.1f} min")
    blocks: list[dict] = [{"type": "section", "text": {"type": "mrkdwn", "text": header}}]
    failing = [r for r in results if not r.ok]
    if failing:
        lines = []
        for r in failing:
            for case in r.failed_cases:
                lines.append(f"- `{case}`")
        shown = lines[:MAX_FAILURES_LISTED]
        if len(lines) > len(shown):
            shown.append(f"... and {len(lines) - len(shown)} more")
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": "\n".join(shown)}})
    if run_url:
        blocks.append({"type": "context",
                       "elements": [{"type": "mrkdwn", "text": f"<{run_url}|CI run>"}]})
    return blocks


def post(token: str, channel: str, blocks: list[dict], fallback: str, retries: int = 3) -> dict:
    body = json.dumps({"channel": channel, "text": fallback, "blocks": blocks}).encode()
    for attempt in range(1, retries + 1):
        req = urllib.request.Request(
            SLACK_API,
            data=body,
            headers={"Authorization": f"Bearer {token}",
                     "Content-Type": "application/json; charset=utf-8"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                data = json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code == 429 and attempt < retries:
                wait = int(exc.headers.get("Retry-After", "2"))
                time.sleep(wait)
                continue
            raise
        if not data.get("ok"):
            raise RuntimeError(f"slack error: {data.get('error')}")
        return data
    raise RuntimeError("slack: retries exhausted")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("patterns", nargs="*", default=["reports/junit/**/*.xml"])
    ap.add_argument("--channel", default=os.environ.get("SLACK_CHANNEL", "#eng-nightly"))
    ap.add_argument("--run-url", default=os.environ.get("CI_RUN_URL"))
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args(argv)

    results = collect(args.patterns)
    if not results:
        print("no junit files found", file=sys.stderr)
        return 1
    blocks = build_blocks(results, args.run_url)
    t = totals(results)
    fallback = f"Nightly tests: {t['failures']} failing of {t['tests']}"
    if args.print_only:
        print(json.dumps(blocks, indent=2))
        return 0
    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        print("SLACK_BOT_TOKEN not set; use --print-only to preview", file=sys.stderr)
        return 2
    data = post(token, args.channel, blocks, fallback)
    print(f"posted to {data.get('channel')} at {data.get('ts')}")
    return 0 if t["failures"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
