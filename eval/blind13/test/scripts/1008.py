#!/usr/bin/env python3
"""Generate quill/_errors.py from errors.toml so error codes stay in one place.

Writes exactly one file. In --check mode it only compares and exits 1 when the
generated module is out of date (used by CI).
"""
import keyword
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from string import Template

SOURCE = Path("errors.toml")
TARGET = Path("src/quill/_errors.py")

MODULE = Template('''\
# This file is generated from errors.toml by tools/gen_errors.py.
# Edit errors.toml and re-run the generator instead of changing it by hand.
from enum import IntEnum


class ErrorCode(IntEnum):
$members


MESSAGES = {
$messages
}


class QuillError(Exception):
    def __init__(self, code: ErrorCode, **details):
        self.code = code
        self.details = details
        super().__init__(MESSAGES[code].format(**details))
''')


@dataclass(frozen=True)
class ErrorDef:
    name: str
    code: int
    message: str

    @property
    def identifier(self) -> str:
        ident = re.sub(r"\W+", "_", self.name).upper().strip("_")
        if not ident or ident[0].isdigit() or keyword.iskeyword(ident.lower()):
            ident = f"E_{ident}"
        return ident


def load(path: Path) -> list[ErrorDef]:
    data = tomllib.loads(path.read_text())
    defs = [ErrorDef(name, int(spec["code"]), spec["message"]) for name, spec in data["errors"].items()]
    codes = [d.code for d in defs]
    dupes = {c for c in codes if codes.count(c) > 1}
    if dupes:
        raise SystemExit(f"duplicate error codes in {path}: {sorted(dupes)}")
    return sorted(defs, key=lambda d: d.code)


def render(defs: list[ErrorDef]) -> str:
    members = "\n".join(f"    {d.identifier} = {d.code}" for d in defs)
    messages = "\n".join(f"    ErrorCode.{d.identifier}: {d.message!r}," for d in defs)
    return MODULE.substitute(members=members, messages=messages)


def main(argv: list[str]) -> int:
    text = render(load(SOURCE))
    existing = TARGET.read_text() if TARGET.exists() else ""
    if "--check" in argv:
        if existing != text:
            print(f"{TARGET} is stale; run tools/gen_errors.py", file=sys.stderr)
            return 1
        print(f"{TARGET} up to date")
        return 0
    if existing == text:
        print("no changes")
        return 0
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(text)
    print(f"wrote {TARGET} ({text.count(' = ')} codes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
