#!/usr/bin/env python3
"""Generate error-code constants for the backend (Python) and the web client
(TypeScript) from the single source of truth in data/error_codes.csv.
"""
import csv
import sys
from dataclasses import dataclass
from pathlib import Path
from string import Template

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "data" / "error_codes.csv"
PY_OUT = ROOT / "backend" / "kite" / "errors_gen.py"
TS_OUT = ROOT / "web" / "src" / "api" / "errors.gen.ts"

PY_TEMPLATE = Template('''"""Generated from data/error_codes.csv - edit that file instead."""
from enum import IntEnum


class ErrorCode(IntEnum):
$members


MESSAGES = {
$messages
}
''')

TS_TEMPLATE = Template("""// Generated from data/error_codes.csv - edit that file instead.
export enum ErrorCode {
$members
}

export const messages: Record<ErrorCode, string> = {
$messages
};
""")


@dataclass(frozen=True)
class ErrorDef:
    code: int
    name: str
    http_status: int
    message: str

    @classmethod
    def from_row(cls, row: dict) -> "ErrorDef":
        name = row["name"].strip().upper()
        if not name.replace("_", "").isalnum():
            raise ValueError(f"bad name {name!r}")
        return cls(int(row["code"]), name, int(row["http_status"]), row["message"].strip())


def load() -> list[ErrorDef]:
    with SOURCE.open(newline="", encoding="utf-8") as fh:
        defs = [ErrorDef.from_row(r) for r in csv.DictReader(fh)]
    seen: set[int] = set()
    for d in defs:
        if d.code in seen:
            raise ValueError(f"duplicate code {d.code}")
        seen.add(d.code)
    return sorted(defs, key=lambda d: d.code)


def render_python(defs: list[ErrorDef]) -> str:
    members = "\n".join(f"    {d.name} = {d.code}" for d in defs)
    messages = "\n".join(f"    ErrorCode.{d.name}: {d.message!r}," for d in defs)
    return PY_TEMPLATE.substitute(members=members, messages=messages)


def render_typescript(defs: list[ErrorDef]) -> str:
    members = "\n".join(f"  {d.name} = {d.code}," for d in defs)
    escaped = (d.message.replace("\\", "\\\\").replace('"', '\\"') for d in defs)
    messages = "\n".join(f'  [ErrorCode.{d.name}]: "{m}",' for d, m in zip(defs, escaped))
    return TS_TEMPLATE.substitute(members=members, messages=messages)


def write_if_changed(path: Path, content: str, check: bool) -> bool:
    old = path.read_text(encoding="utf-8") if path.exists() else None
    if old == content:
        return False
    if not check:
        path.parent.mkdir(exist_ok=True, parents=True)
        path.write_text(content, encoding="utf-8")
    return True


def main() -> int:
    check = "--check" in sys.argv
    defs = load()
    changed = [
        p.relative_to(ROOT)
        for p, text in ((PY_OUT, render_python(defs)), (TS_OUT, render_typescript(defs)))
        if write_if_changed(p, text, check)
    ]
    if check and changed:
        print("stale generated files: " + ", ".join(map(str, changed)))
        return 1
    print(f"{len(defs)} error codes; updated: {', '.join(map(str, changed)) or 'nothing'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
