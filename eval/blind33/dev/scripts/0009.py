#!/usr/bin/env python3
"""Read-only HAProxy stats scraper for the local load-balancer test rig.

Talks to the HAProxy runtime API over its stats socket and only ever sends
`show` commands (see READ_ONLY_COMMANDS). Output is either a table, JSON, or
Prometheus text exposition written to build/metrics/haproxy.prom so that the
local Prometheus in docker-compose.monitoring.yml can scrape it with the
textfile collector.

    python tools/haproxy_stats.py                      # table
    python tools/haproxy_stats.py --format prom --loop 15
    HAPROXY_SOCKET=/run/haproxy/admin.sock python tools/haproxy_stats.py --json
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import os
import signal
import socket
import sys
import time
from pathlib import Path

DEFAULT_SOCKET = os.environ.get("HAPROXY_SOCKET", "/var/run/haproxy.sock")
PROJECT = Path(__file__).resolve().parents[1]
PROM_OUT = PROJECT / "build" / "metrics" / "haproxy.prom"
READ_ONLY_COMMANDS = ("show stat", "show info", "show servers state", "show backend")
STATUS_VALUES = {"UP": 1, "OPEN": 1, "DOWN": 0, "MAINT": 0, "DRAIN": 0, "no check": 1}

_running = True


def _stop(signum, _frame):
    global _running
    _running = False
    print(f"received signal {signum}; finishing current round", file=sys.stderr)


def send_command(sock_path: str, command: str, timeout: float = 5.0) -> str:
    if not command.startswith(READ_ONLY_COMMANDS):
        raise ValueError(f"refusing non read-only runtime command: {command!r}")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        s.connect(sock_path)
        s.sendall(command.encode() + b"\n")
        chunks = []
        while True:
            data = s.recv(65536)
            if not data:
                break
            chunks.append(data)
    return b"".join(chunks).decode(errors="replace")


def parse_stat(raw: str) -> list[dict]:
    text = raw.lstrip("# ")
    reader = csv.DictReader(io.StringIO(text))
    rows = []
    for row in reader:
        if not row.get("pxname"):
            continue
        rows.append({k: v for k, v in row.items() if k})
    return rows


def parse_info(raw: str) -> dict[str, str]:
    info = {}
    for line in raw.splitlines():
        if ":" in line:
            key, _, value = line.partition(":")
            info[key.strip()] = value.strip()
    return info


def as_int(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError:
        return 0


def render_table(rows: list[dict]) -> str:
    headers = ("proxy", "server", "status", "scur", "smax", "stot", "hrsp_5xx", "rtime")
    out = [headers]
    for r in rows:
        out.append((r["pxname"], r["svname"], r.get("status", ""), r.get("scur", ""), r.get("smax", ""),
                    r.get("stot", ""), r.get("hrsp_5xx", ""), r.get("rtime", "")))
    widths = [max(len(str(row[i])) for row in out) for i in range(len(headers))]
    lines = []
    for row in out:
        lines.append("  ".join(str(cell).ljust(widths[i]) for i, cell in enumerate(row)))
    return "\n".join(lines)


def prom_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def render_prom(rows: list[dict], info: dict[str, str]) -> str:
    lines = [
        "# HELP haproxy_up Whether the proxy/server is up (1) or not (0).",
        "# TYPE haproxy_up gauge",
    ]
    for r in rows:
        labels = f'proxy="{prom_escape(r["pxname"])}",server="{prom_escape(r["svname"])}"'
        status = r.get("status", "").split(" ")[0]
        lines.append(f"haproxy_up{{{labels}}} {STATUS_VALUES.get(status, 0)}")
    for metric, field, kind in (
        ("haproxy_current_sessions", "scur", "gauge"),
        ("haproxy_sessions_total", "stot", "counter"),
        ("haproxy_http_responses_5xx_total", "hrsp_5xx", "counter"),
        ("haproxy_response_time_ms", "rtime", "gauge"),
    ):
        lines.append(f"# TYPE {metric} {kind}")
        for r in rows:
            labels = f'proxy="{prom_escape(r["pxname"])}",server="{prom_escape(r["svname"])}"'
            lines.append(f"{metric}{{{labels}}} {as_int(r.get(field))}")
    if info:
        lines.append("# TYPE haproxy_process_uptime_seconds gauge")
        lines.append(f"haproxy_process_uptime_seconds {as_int(info.get('Uptime_sec'))}")
        lines.append("# TYPE haproxy_process_current_connections gauge")
        lines.append(f"haproxy_process_current_connections {as_int(info.get('CurrConns'))}")
    return "\n".join(lines) + "\n"


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def scrape(sock: str) -> tuple[list[dict], dict[str, str]]:
    rows = parse_stat(send_command(sock, "show stat"))
    info = parse_info(send_command(sock, "show info"))
    return rows, info


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--socket", default=DEFAULT_SOCKET)
    ap.add_argument("--format", choices=("table", "json", "prom"), default="table")
    ap.add_argument("--json", dest="format", action="store_const", const="json")
    ap.add_argument("--loop", type=float, default=0, help="repeat every N seconds")
    ap.add_argument("--backend", help="only rows of this backend/frontend")
    args = ap.parse_args()

    if not Path(args.socket).exists():
        print(f"stats socket {args.socket} not found; is the compose haproxy running?", file=sys.stderr)
        return 2

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    failures = 0
    while _running:
        try:
            rows, info = scrape(args.socket)
            failures = 0
        except (OSError, ValueError) as exc:
            failures += 1
            print(f"scrape failed ({failures}): {exc}", file=sys.stderr)
            if failures >= 5 or not args.loop:
                return 1
            time.sleep(min(30, 2 ** failures))
            continue
        if args.backend:
            rows = [r for r in rows if r["pxname"] == args.backend]
        if args.format == "table":
            print(render_table(rows))
        elif args.format == "json":
            print(json.dumps({"info": info, "rows": rows}, indent=2))
        else:
            write_atomic(PROM_OUT, render_prom(rows, info))
            print(f"wrote {PROM_OUT.relative_to(PROJECT)} ({len(rows)} rows)")
        if not args.loop:
            break
        time.sleep(args.loop)
    return 0


if __name__ == "__main__":
    sys.exit(main())
