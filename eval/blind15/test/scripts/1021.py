#!/usr/bin/env python3
"""Analyse nginx access logs from the local reverse proxy container.

Reads combined-format logs (plain or .gz) from logs/nginx/, computes per-route
request counts, status mix and latency percentiles (using $request_time),
and lists the worst routes. Route normalisation is pluggable: the project's
own normalisers live in ledger_tools/log_plugins/*.py and are loaded with
importlib by module name after the name is checked against that package.

    python3 tools/nginx_report.py
    python3 tools/nginx_report.py logs/nginx/access.log.1.gz --since 2024-06-01T00:00
    python3 tools/nginx_report.py --plugin ids --plugin locales --top 25
"""
from __future__ import annotations

import argparse
import collections
import datetime as dt
import gzip
import importlib
import pkgutil
import re
import statistics
import sys
from pathlib import Path
from typing import Callable, Iterable, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LOG_DIR = ROOT / "logs" / "nginx"
PLUGIN_PKG = "ledger_tools.log_plugins"
LINE_RE = re.compile(
    r'(?P<ip>\S+) \S+ \S+ \[(?P<time>[^\]]+)\] "(?P<method>[A-Z]+) (?P<path>\S+) [^"]*" '
    r'(?P<status>\d{3}) (?P<bytes>\d+|-) "[^"]*" "(?P<agent>[^"]*)"(?: (?P<rt>[\d.]+))?'
)
TIME_FMT = "%d/%b/%Y:%H:%M:%S %z"

Normaliser = Callable[[str], str]


def default_normaliser(path: str) -> str:
    path = path.split("?", 1)[0]
    path = re.sub(r"/\d+(?=/|$)", "/:id", path)
    path = re.sub(r"/[0-9a-f]{8}-[0-9a-f-]{27}(?=/|$)", "/:uuid", path)
    return path or "/"


def available_plugins() -> set[str]:
    pkg = importlib.import_module(PLUGIN_PKG)
    return {m.name for m in pkgutil.iter_modules(pkg.__path__)}


def load_plugins(names: list[str]) -> list[Normaliser]:
    known = available_plugins()
    chain: list[Normaliser] = []
    for name in names:
        if name not in known:
            raise SystemExit(f"unknown plugin {name!r}; available: {', '.join(sorted(known))}")
        module = importlib.import_module(f"{PLUGIN_PKG}.{name}")
        fn = getattr(module, "normalise", None)
        if not callable(fn):
            raise SystemExit(f"plugin {name} has no normalise(path)")
        chain.append(fn)
    return chain


def open_log(path: Path) -> Iterator[str]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8", errors="replace") as fh:  # type: ignore[operator]
        yield from fh


def parse(lines: Iterable[str], since: dt.datetime | None) -> Iterator[dict]:
    for line in lines:
        m = LINE_RE.match(line)
        if not m:
            continue
        ts = dt.datetime.strptime(m["time"], TIME_FMT)
        if since and ts < since:
            continue
        yield {
            "ts": ts,
            "method": m["method"],
            "path": m["path"],
            "status": int(m["status"]),
            "bytes": 0 if m["bytes"] == "-" else int(m["bytes"]),
            "rt": float(m["rt"]) if m["rt"] else None,
            "agent": m["agent"],
        }


class RouteStats:
    def __init__(self) -> None:
        self.count = 0
        self.statuses: collections.Counter[int] = collections.Counter()
        self.times: list[float] = []
        self.bytes = 0

    def add(self, rec: dict) -> None:
        self.count += 1
        self.statuses[rec["status"] // 100 * 100] += 1
        self.bytes += rec["bytes"]
        if rec["rt"] is not None:
            self.times.append(rec["rt"] * 1000)

    def pct(self, q: float) -> float:
        if not self.times:
            return 0.0
        data = sorted(self.times)
        return data[min(len(data) - 1, int(q * len(data)))]

    @property
    def error_rate(self) -> float:
        return self.statuses[500] / self.count if self.count else 0.0


def analyse(records: Iterable[dict], chain: list[Normaliser]) -> dict[str, RouteStats]:
    routes: dict[str, RouteStats] = collections.defaultdict(RouteStats)
    for rec in records:
        route = default_normaliser(rec["path"])
        for fn in chain:
            route = fn(route)
        routes[f"{rec['method']} {route}"].add(rec)
    return routes


def report(routes: dict[str, RouteStats], top: int) -> str:
    total = sum(r.count for r in routes.values())
    lines = [f"{total} requests over {len(routes)} routes", ""]
    header = f"{'route':<50} {'reqs':>7} {'p50':>7} {'p95':>7} {'p99':>8} {'5xx%':>6}"
    lines.append(header)
    lines.append("-" * len(header))
    worst = sorted(routes.items(), key=lambda kv: (kv[1].pct(0.95), kv[1].count), reverse=True)[:top]
    for name, st in worst:
        lines.append(f"{name[:50]:<50} {st.count:>7} {st.pct(0.5):>7.1f} {st.pct(0.95):>7.1f} "
                     f"{st.pct(0.99):>8.1f} {st.error_rate * 100:>5.1f}%")
    all_times = [t for st in routes.values() for t in st.times]
    if all_times:
        lines.append("")
        lines.append(f"overall median {statistics.median(all_times):.1f} ms, "
                     f"mean {statistics.fmean(all_times):.1f} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--since", help="ISO timestamp with offset, e.g. 2024-06-01T00:00+00:00")
    ap.add_argument("--plugin", action="append", default=[])
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--out", type=Path, default=ROOT / "reports" / "nginx.txt")
    args = ap.parse_args(argv)

    files = args.files or sorted(LOG_DIR.glob("access.log*"))
    if not files:
        print(f"no logs in {LOG_DIR}", file=sys.stderr)
        return 1
    since = dt.datetime.fromisoformat(args.since) if args.since else None
    if since and since.tzinfo is None:
        since = since.replace(tzinfo=dt.timezone.utc)
    chain = load_plugins(args.plugin)
    records = (rec for f in files for rec in parse(open_log(f), since))
    text = report(analyse(records, chain), args.top)
    out = args.out.resolve()
    if ROOT not in out.parents:
        raise SystemExit("--out must be inside the repository")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
