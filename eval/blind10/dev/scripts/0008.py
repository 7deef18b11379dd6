#!/usr/bin/env python3
"""Summarise application logs under logs/ (plain or gzipped).

Counts log levels, groups exceptions by their normalised message, and prints
the slowest requests. Writes an optional markdown report into reports/.
"""
import argparse
import gzip
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
LINE_RE = re.compile(
    r"^(?P<ts>\S+ \S+) (?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) "
    r"(?P<logger>[\w.]+): (?P<msg>.*)$"
)
REQ_RE = re.compile(r"(?P<method>GET|POST|PUT|DELETE|PATCH) (?P<path>\S+) .* (?P<ms>\d+)ms$")
NUMBERS = re.compile(r"\b\d+\b")
HEXES = re.compile(r"0x[0-9a-f]+|[0-9a-f]{8,}")


def open_log(path: Path):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return path.open(encoding="utf-8", errors="replace")


def records(paths: list[Path]) -> Iterator[dict]:
    for path in paths:
        with open_log(path) as fh:
            for line in fh:
                m = LINE_RE.match(line.rstrip("\n"))
                if m:
                    yield m.groupdict()


def normalise(msg: str) -> str:
    return NUMBERS.sub("N", HEXES.sub("X", msg))[:160]


def analyse(paths: list[Path], top: int) -> dict:
    levels = Counter()
    errors = Counter()
    loggers = defaultdict(Counter)
    slow = []
    for rec in records(paths):
        levels[rec["level"]] += 1
        loggers[rec["logger"]][rec["level"]] += 1
        if rec["level"] in {"ERROR", "CRITICAL"}:
            errors[normalise(rec["msg"])] += 1
        req = REQ_RE.search(rec["msg"])
        if req:
            slow.append((int(req["ms"]), req["method"], req["path"]))
    slow.sort(reverse=True)
    return {
        "levels": levels,
        "errors": errors.most_common(top),
        "noisy": sorted(loggers.items(), key=lambda kv: -sum(kv[1].values()))[:top],
        "slow": slow[:top],
    }


def to_markdown(summary: dict) -> str:
    out = ["# Log summary", "", "## Levels"]
    out += [f"- {lvl}: {n}" for lvl, n in summary["levels"].most_common()]
    out += ["", "## Top errors"]
    out += [f"- ({n}) `{msg}`" for msg, n in summary["errors"]]
    out += ["", "## Slowest requests"]
    out += [f"- {ms} ms {method} {path}" for ms, method, path in summary["slow"]]
    out += ["", "## Noisiest loggers"]
    out += [f"- {name}: {sum(c.values())}" for name, c in summary["noisy"]]
    return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--report", action="store_true", help="write reports/log-summary.md")
    ns = ap.parse_args()
    paths = ns.paths or sorted((ROOT / "logs").glob("*.log*"))
    if not paths:
        print("no log files found", file=sys.stderr)
        return 1
    summary = analyse(paths, ns.top)
    md = to_markdown(summary)
    print(md)
    if ns.report:
        dest = ROOT / "reports" / "log-summary.md"
        dest.parent.mkdir(exist_ok=True)
        dest.write_text(md, encoding="utf-8")
        print(f"wrote {dest.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
