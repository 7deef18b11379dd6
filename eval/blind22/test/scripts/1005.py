#!/usr/bin/env python3
"""Async seeder for the Redpanda container in docker-compose.test.yml.

    python tools/rp_seed.py up          # topics + fixture records
    python tools/rp_seed.py wipe --yes  # delete our topics and consumer groups
    python tools/rp_seed.py lag

All rpk calls carry -X brokers=<value of RP_BROKERS>, which must resolve to
the loopback interface. Topic names come from seeds/topics.toml; nothing
outside that list is deleted.
"""
import argparse
import asyncio
import ipaddress
import json
import os
import socket
import sys
import tomllib
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]
TOPICS = TOP / "seeds" / "topics.toml"
RECORDS = TOP / "seeds" / "records"
BROKERS = os.environ.get("RP_BROKERS", "127.0.0.1:19092")
CONCURRENCY = 4


def loopback_only(brokers: str) -> None:
    for item in brokers.split(","):
        host, _, _port = item.rpartition(":")
        host = host.strip("[]") or "localhost"
        try:
            addrs = {ai[4][0] for ai in socket.getaddrinfo(host, None)}
        except socket.gaierror as exc:
            raise SystemExit(f"cannot resolve {host}: {exc}")
        if not all(ipaddress.ip_address(a).is_loopback for a in addrs):
            raise SystemExit(f"broker {item} is not on loopback; refusing to touch it")


async def rpk(*args: str, stdin: bytes | None = None) -> str:
    proc = await asyncio.create_subprocess_exec(
        "rpk", *args, "-X", f"brokers={BROKERS}",
        stdin=asyncio.subprocess.PIPE if stdin is not None else None,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate(stdin)
    if proc.returncode != 0:
        raise RuntimeError(f"rpk {' '.join(args[:2])}: {err.decode().strip()}")
    return out.decode()


def topic_specs() -> list[dict]:
    doc = tomllib.loads(TOPICS.read_text())
    specs = []
    for name, spec in doc.get("topic", {}).items():
        specs.append({
            "name": name,
            "partitions": int(spec.get("partitions", 1)),
            "config": {k: str(v) for k, v in spec.get("config", {}).items()},
            "groups": list(spec.get("groups", [])),
        })
    return specs


async def existing_topics() -> set[str]:
    out = await rpk("topic", "list", "--format", "json")
    return {t["name"] for t in json.loads(out or "[]")}


async def create_topic(spec: dict, have: set[str]) -> str:
    if spec["name"] in have:
        return f"{spec['name']}: exists"
    args = ["topic", "create", spec["name"], "-p", str(spec["partitions"]), "-r", "1"]
    for k, v in spec["config"].items():
        args += ["-c", f"{k}={v}"]
    await rpk(*args)
    return f"{spec['name']}: created"


async def produce(spec: dict) -> str:
    path = RECORDS / f"{spec['name']}.jsonl"
    if not path.exists():
        return f"{spec['name']}: no records"
    lines = []
    for raw in path.read_text().splitlines():
        if not raw.strip():
            continue
        rec = json.loads(raw)
        lines.append(f"{rec.get('key', '')}\t{json.dumps(rec['value'], separators=(',', ':'))}")
    await rpk("topic", "produce", spec["name"], "-f", "%k\t%v\n", stdin=("\n".join(lines) + "\n").encode())
    return f"{spec['name']}: {len(lines)} record(s)"


async def bounded(coros, limit: int):
    sem = asyncio.Semaphore(limit)

    async def guarded(c):
        async with sem:
            return await c

    return await asyncio.gather(*(guarded(c) for c in coros), return_exceptions=True)


def report(results) -> int:
    bad = 0
    for r in results:
        if isinstance(r, Exception):
            bad += 1
            print(f"  error: {r}")
        else:
            print(f"  {r}")
    return bad


async def cmd_up(specs: list[dict]) -> int:
    have = await existing_topics()
    bad = report(await bounded([create_topic(s, have) for s in specs], CONCURRENCY))
    bad += report(await bounded([produce(s) for s in specs], CONCURRENCY))
    return 1 if bad else 0


async def cmd_wipe(specs: list[dict], yes: bool) -> int:
    names = [s["name"] for s in specs]
    groups = sorted({g for s in specs for g in s["groups"]})
    if not yes:
        print("would delete topics:", ", ".join(names))
        print("would delete groups:", ", ".join(groups) or "-")
        print("pass --yes to continue")
        return 0
    have = await existing_topics()
    targets = [n for n in names if n in have]
    if targets:
        await rpk("topic", "delete", *targets)
        print("deleted topics:", ", ".join(targets))
    for g in groups:
        try:
            await rpk("group", "delete", g)
            print(f"deleted group {g}")
        except RuntimeError as exc:
            print(f"group {g}: {exc}")
    return 0


async def cmd_lag(specs: list[dict]) -> int:
    groups = sorted({g for s in specs for g in s["groups"]})
    for g in groups:
        try:
            out = await rpk("group", "describe", g, "--format", "json")
        except RuntimeError:
            print(f"{g:<28} (no such group)")
            continue
        data = json.loads(out)
        total = sum(p.get("lag", 0) or 0 for t in data.get("topics", []) for p in t.get("partitions", []))
        print(f"{g:<28} state={data.get('state', '?'):<10} lag={total}")
    return 0


async def cmd_peek(specs: list[dict], count: int) -> int:
    """Show the newest records of every seeded topic (keys and values)."""
    for s in specs:
        try:
            out = await rpk("topic", "consume", s["name"], "-o", f"-{count}", "-n", str(count),
                            "-f", "%k %v\n")
        except RuntimeError as exc:
            print(f"{s['name']}: {exc}")
            continue
        print(f"## {s['name']}")
        print(out.rstrip() or "  (empty)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("command", choices=["up", "wipe", "lag", "peek"])
    ap.add_argument("--count", type=int, default=3)
    ap.add_argument("--yes", action="store_true", help="confirm wipe")
    args = ap.parse_args()
    loopback_only(BROKERS)
    specs = topic_specs()
    if args.command == "up":
        return asyncio.run(cmd_up(specs))
    if args.command == "wipe":
        return asyncio.run(cmd_wipe(specs, args.yes))
    if args.command == "peek":
        return asyncio.run(cmd_peek(specs, args.count))
    return asyncio.run(cmd_lag(specs))


if __name__ == "__main__":
    sys.exit(main())
