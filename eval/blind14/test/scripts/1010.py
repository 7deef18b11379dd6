#!/usr/bin/env python3
"""Generate deterministic fixture data for local development.

Writers follow a typing.Protocol; generated files land in fixtures/ of
the project. The tool remembers the last seed and row count in its own
config file at ~/.config/fixturegen/state.json. Logging goes to stderr
and to fixtures/fixturegen.log through two handlers.
"""
import argparse
import csv
import json
import logging
import os
import random
import sys
from enum import Enum
from pathlib import Path
from typing import Iterable, Protocol

STATE_DIR = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "fixturegen"
OUT = Path("fixtures")
FIRST = ["Ada", "Grace", "Linus", "Barbara", "Ken", "Margaret", "Dennis", "Frances"]
LAST = ["Lovelace", "Hopper", "Torvalds", "Liskov", "Thompson", "Hamilton", "Ritchie", "Allen"]


class Format(str, Enum):
    CSV = "csv"
    JSONL = "jsonl"


class Writer(Protocol):
    def write(self, rows: Iterable[dict], path: Path) -> int: ...


class CsvWriter:
    def write(self, rows: Iterable[dict], path: Path) -> int:
        rows = list(rows)
        with path.open("w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
        return len(rows)


class JsonlWriter:
    def write(self, rows: Iterable[dict], path: Path) -> int:
        n = 0
        with path.open("w") as fh:
            for row in rows:
                fh.write(json.dumps(row) + "\n")
                n += 1
        return n


WRITERS: dict[Format, Writer] = {Format.CSV: CsvWriter(), Format.JSONL: JsonlWriter()}


def users(rng: random.Random, count: int) -> Iterable[dict]:
    for i in range(1, count + 1):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        yield {"id": i, "name": f"{first} {last}", "email": f"{first}.{last}{i}@example.test".lower(),
               "plan": rng.choice(["free", "team", "enterprise"])}


def load_state() -> dict:
    path = STATE_DIR / "state.json"
    return json.loads(path.read_text()) if path.exists() else {}


def save_state(state: dict) -> None:
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    (STATE_DIR / "state.json").write_text(json.dumps(state, indent=2))


def setup_logging() -> logging.Logger:
    log = logging.getLogger("fixturegen")
    log.setLevel(logging.INFO)
    OUT.mkdir(exist_ok=True)
    for handler in (logging.StreamHandler(sys.stderr), logging.FileHandler(OUT / "fixturegen.log")):
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        log.addHandler(handler)
    return log


def main() -> int:
    state = load_state()
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=state.get("rows", 200))
    parser.add_argument("--seed", type=int, default=state.get("seed", 42))
    parser.add_argument("--format", type=Format, default=Format.JSONL)
    args = parser.parse_args()
    log = setup_logging()
    rng = random.Random(args.seed)
    target = OUT / f"users.{args.format.value}"
    written = WRITERS[args.format].write(users(rng, args.rows), target)
    log.info("wrote %d rows to %s (seed %d)", written, target, args.seed)
    save_state({"rows": args.rows, "seed": args.seed})
    return 0


if __name__ == "__main__":
    sys.exit(main())
