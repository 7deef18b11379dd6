#!/usr/bin/env python3
"""Evaluate feature-flag rules from config/flags.json against sample users."""
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

FLAGS_FILE = Path("config/flags.json")
SAMPLES = [
    {"id": 1, "country": "DE", "plan": "pro", "age_days": 40},
    {"id": 2, "country": "US", "plan": "free", "age_days": 3},
    {"id": 3, "country": "FR", "plan": "team", "age_days": 400},
]


@dataclass
class Flag:
    name: str
    rule: str
    enabled: bool = True
    tags: list[str] = field(default_factory=list)

    def matches(self, user: dict) -> bool:
        if not self.enabled:
            return False
        # rules are python expressions written by the product team, e.g.
        #   "user['plan'] in ('pro', 'team') and user['age_days'] > 30"
        return bool(eval(self.rule, {"__builtins__": {}}, {"user": user}))


def load_flags(path: Path) -> list[Flag]:
    raw = json.loads(path.read_text())
    return [Flag(**item) for item in raw.get("flags", [])]


def report(flags: list[Flag], users: list[dict]) -> None:
    width = max((len(f.name) for f in flags), default=4)
    print("flag".ljust(width), *[f"u{u['id']}" for u in users])
    for f in flags:
        row = []
        for u in users:
            try:
                row.append("on " if f.matches(u) else "off")
            except Exception as exc:  # noqa: BLE001
                row.append("ERR")
                print(f"  {f.name}: {exc}", file=sys.stderr)
        print(f.name.ljust(width), *row)


def main() -> int:
    if not FLAGS_FILE.exists():
        print(f"missing {FLAGS_FILE}", file=sys.stderr)
        return 1
    report(load_flags(FLAGS_FILE), SAMPLES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
