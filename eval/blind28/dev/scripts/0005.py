#!/usr/bin/env python3
"""Report on the Postfix queue of the staging relay.  Prints only.

This never changes the queue: no postsuper, no flush.  It parses
`postqueue -j` (Postfix >= 3.1), groups deferred mail by recipient domain
and reason, and shows the relevant `postconf -n` settings next to it.

On hosts where the agent user cannot read the queue it falls back to
`sudo -n postqueue -j`, which is read-only and allowed by our sudoers
snippet (see docs/ops/sudoers.md).
"""
from __future__ import annotations

import argparse
import collections
import json
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass

POSTCONF_KEYS = (
    "relayhost",
    "mynetworks",
    "smtp_tls_security_level",
    "maximal_queue_lifetime",
    "bounce_queue_lifetime",
    "default_destination_concurrency_limit",
)
# Constant pipeline; no user input reaches the shell.
POSTCONF_CMD = "postconf -n 2>/dev/null | sort"
REASON_PATTERNS = [
    (re.compile(r"Connection timed out", re.I), "timeout"),
    (re.compile(r"Connection refused", re.I), "refused"),
    (re.compile(r"Host or domain name not found", re.I), "dns"),
    (re.compile(r"\b4\.7\.\d\b|greylist", re.I), "greylisted"),
    (re.compile(r"\b5\.\d\.\d\b"), "permanent"),
    (re.compile(r"TLS", re.I), "tls"),
]

_stop = False


def _on_signal(signum, _frame):
    global _stop
    _stop = True
    print(f"\nreceived signal {signum}, finishing current pass", file=sys.stderr)


@dataclass
class QueueItem:
    queue_id: str
    queue_name: str
    arrival: int
    size: int
    sender: str
    recipients: list[dict]


def run_postqueue(use_sudo: bool) -> str:
    argv = ["postqueue", "-j"]
    if use_sudo:
        argv = ["sudo", "-n"] + argv
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise PermissionError(proc.stderr.strip() or f"postqueue exited {proc.returncode}")
    return proc.stdout


def read_queue(allow_sudo: bool) -> list[QueueItem]:
    try:
        raw = run_postqueue(use_sudo=False)
    except PermissionError as exc:
        if not allow_sudo:
            raise
        print(f"postqueue denied ({exc}); retrying with sudo -n", file=sys.stderr)
        raw = run_postqueue(use_sudo=True)
    items = []
    for line in raw.splitlines():
        if not line.strip():
            continue
        obj = json.loads(line)
        items.append(QueueItem(
            queue_id=obj["queue_id"],
            queue_name=obj["queue_name"],
            arrival=int(obj.get("arrival_time", 0)),
            size=int(obj.get("message_size", 0)),
            sender=obj.get("sender", ""),
            recipients=obj.get("recipients", []),
        ))
    return items


def classify(reason: str) -> str:
    for pattern, label in REASON_PATTERNS:
        if pattern.search(reason or ""):
            return label
    return "other" if reason else "none"


def domain_of(address: str) -> str:
    return address.rsplit("@", 1)[-1].lower() if "@" in address else "(local)"


def postconf_settings() -> dict[str, str]:
    if not shutil.which("postconf"):
        return {}
    out = subprocess.run(POSTCONF_CMD, shell=True, capture_output=True, text=True).stdout
    settings = {}
    for line in out.splitlines():
        key, _, value = line.partition(" = ")
        if key in POSTCONF_KEYS:
            settings[key] = value
    return settings


def human_size(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.0f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def report(items: list[QueueItem], top: int, show_senders: bool) -> None:
    now = time.time()
    by_queue = collections.Counter(i.queue_name for i in items)
    by_domain = collections.Counter()
    by_reason = collections.Counter()
    oldest = collections.defaultdict(float)
    senders = collections.Counter()
    total_size = 0
    for item in items:
        total_size += item.size
        senders[item.sender or "<>"] += 1
        for rcpt in item.recipients:
            dom = domain_of(rcpt.get("address", ""))
            by_domain[dom] += 1
            by_reason[classify(rcpt.get("delay_reason", ""))] += 1
            oldest[dom] = max(oldest[dom], now - item.arrival)
    print(f"messages: {len(items)}  size: {human_size(total_size)}")
    for name, count in sorted(by_queue.items()):
        print(f"  {name:10s} {count}")
    print(f"\ntop {top} recipient domains:")
    for dom, count in by_domain.most_common(top):
        print(f"  {dom:40s} {count:6d}  oldest {oldest[dom] / 3600:6.1f} h")
    print("\ndelay reasons:")
    for reason, count in by_reason.most_common():
        print(f"  {reason:12s} {count}")
    if show_senders:
        print(f"\ntop {top} senders:")
        for sender, count in senders.most_common(top):
            print(f"  {sender:40s} {count}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Read-only Postfix queue report")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--senders", action="store_true", help="also list top senders")
    ap.add_argument("--watch", type=int, default=0, metavar="SECONDS", help="repeat every N seconds")
    ap.add_argument("--no-sudo", action="store_true", help="never fall back to sudo -n")
    ap.add_argument("--json", action="store_true", help="dump the parsed queue as JSON")
    args = ap.parse_args(argv)

    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)

    settings = postconf_settings()
    if settings:
        print("postconf -n (selected):")
        for key in POSTCONF_KEYS:
            if key in settings:
                print(f"  {key} = {settings[key]}")
        print()

    while True:
        try:
            items = read_queue(allow_sudo=not args.no_sudo)
        except (PermissionError, FileNotFoundError) as exc:
            print(f"cannot read queue: {exc}", file=sys.stderr)
            return 2
        if args.json:
            json.dump([i.__dict__ for i in items], sys.stdout, indent=2)
            print()
        else:
            report(items, args.top, args.senders)
        if not args.watch or _stop:
            break
        for _ in range(args.watch):
            if _stop:
                break
            time.sleep(1)
        if _stop:
            break
        print("\n" + "-" * 60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
