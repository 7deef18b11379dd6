"""Summarise HTTP status codes and slow endpoints from logs/access-*.log."""
import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from statistics import median

LOG_DIR = Path("logs")
OUT = Path("reports") / "access-summary.json"
LINE = re.compile(
    r'(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "(?P<method>[A-Z]+) (?P<path>\S+) [^"]*" '
    r"(?P<status>\d{3}) (?P<size>\d+|-) (?P<ms>\d+)ms"
)


def normalise(path: str) -> str:
    path = path.split("?", 1)[0]
    return re.sub(r"/\d+(?=/|$)", "/:id", path)


def main() -> None:
    statuses = Counter()
    timings = defaultdict(list)
    bad = 0
    for log in sorted(LOG_DIR.glob("access-*.log")):
        for raw in log.read_text(errors="replace").splitlines():
            m = LINE.match(raw)
            if not m:
                bad += 1
                continue
            statuses[m["status"]] += 1
            timings[(m["method"], normalise(m["path"]))].append(int(m["ms"]))
    slow = sorted(
        ((median(v), k) for k, v in timings.items() if len(v) >= 5),
        reverse=True,
    )[:15]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({
        "statuses": dict(statuses.most_common()),
        "unparsed_lines": bad,
        "slowest": [{"method": k[0], "path": k[1], "median_ms": ms} for ms, k in slow],
    }, indent=2))
    print(f"wrote {OUT} ({sum(statuses.values())} requests, {bad} unparsed)")


if __name__ == "__main__":
    main()
