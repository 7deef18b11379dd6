#!/usr/bin/env python3
"""Babel-based translation workflow for the marlin web app (Flask + Jinja).

    python3 tools/translations.py extract      pybabel extract -> marlin/translations/messages.pot
    python3 tools/translations.py update       merge the template into every catalog
    python3 tools/translations.py compile      .po -> .mo (fails on fuzzy unless --use-fuzzy)
    python3 tools/translations.py init nl      start a new language
    python3 tools/translations.py report       completion table as markdown
    python3 tools/translations.py clean        remove compiled .mo files

The list of languages comes from marlin/config.py (SUPPORTED_LOCALES) so the
app and the tooling never disagree.
"""
from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "marlin"
TRANSLATIONS = APP / "translations"
POT = TRANSLATIONS / "messages.pot"
BABEL_CFG = ROOT / "babel.cfg"
CONFIG_PY = APP / "config.py"


@dataclass
class Stats:
    locale: str
    translated: int
    fuzzy: int
    untranslated: int

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 0.0


def supported_locales() -> list[str]:
    tree = ast.parse(CONFIG_PY.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id == "SUPPORTED_LOCALES":
                    value = ast.literal_eval(node.value)
                    return [loc for loc in value if loc != "en"]
    raise SystemExit("SUPPORTED_LOCALES not found in marlin/config.py")


def pybabel(*args: str) -> None:
    argv = [sys.executable, "-m", "babel.messages.frontend", *args]
    print("+ pybabel", " ".join(args), file=sys.stderr)
    res = subprocess.run(argv, cwd=ROOT)
    if res.returncode != 0:
        raise SystemExit(f"pybabel {args[0]} failed")


def extract(_args) -> None:
    if not BABEL_CFG.exists():
        BABEL_CFG.write_text(
            "[python: marlin/**.py]\n"
            "[jinja2: marlin/templates/**.html]\n"
            "extensions=jinja2.ext.i18n\n"
        )
    TRANSLATIONS.mkdir(parents=True, exist_ok=True)
    pybabel("extract", "-F", str(BABEL_CFG), "-k", "lazy_gettext", "-k", "_l",
            "--sort-by-file", "--no-wrap", "--omit-header", "-o", str(POT), str(APP))
    count = POT.read_text().count('\nmsgid "') - 1
    print(f"{count} messages extracted")


def update(_args) -> None:
    if not POT.exists():
        extract(_args)
    for loc in supported_locales():
        po = TRANSLATIONS / loc / "LC_MESSAGES" / "messages.po"
        if not po.exists():
            print(f"{loc}: no catalog yet (run init {loc})")
            continue
        pybabel("update", "-i", str(POT), "-d", str(TRANSLATIONS), "-l", loc,
                "--no-wrap", "--ignore-obsolete", "--previous")


def compile_catalogs(args) -> None:
    flags = ["--statistics"]
    if args.use_fuzzy:
        flags.append("--use-fuzzy")
    for loc in supported_locales():
        if (TRANSLATIONS / loc / "LC_MESSAGES" / "messages.po").exists():
            pybabel("compile", "-d", str(TRANSLATIONS), "-l", loc, *flags)


def init(args) -> None:
    loc = args.locale
    if loc not in supported_locales():
        raise SystemExit(f"add {loc!r} to SUPPORTED_LOCALES in marlin/config.py first")
    target = TRANSLATIONS / loc / "LC_MESSAGES" / "messages.po"
    if target.exists():
        raise SystemExit(f"{target.relative_to(ROOT)} already exists")
    if not POT.exists():
        extract(args)
    pybabel("init", "-i", str(POT), "-d", str(TRANSLATIONS), "-l", loc, "--no-wrap")


def parse_po_stats(po: Path, loc: str) -> Stats:
    translated = fuzzy = untranslated = 0
    entry_fuzzy = False
    msgid = None
    msgstr_parts: list[str] = []

    def flush():
        nonlocal translated, fuzzy, untranslated
        if msgid in (None, ""):
            return
        text = "".join(msgstr_parts)
        if entry_fuzzy:
            fuzzy += 1
        elif text:
            translated += 1
        else:
            untranslated += 1

    for raw in po.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            entry_fuzzy = True
        elif line.startswith("msgid "):
            flush()
            msgid = line[6:].strip('"')
            msgstr_parts = []
        elif line.startswith("msgstr"):
            msgstr_parts.append(line.split(" ", 1)[1].strip('"'))
        elif line.startswith('"') and msgstr_parts:
            msgstr_parts.append(line.strip('"'))
        elif not line:
            flush()
            msgid, msgstr_parts, entry_fuzzy = None, [], False
    flush()
    return Stats(loc, translated, fuzzy, untranslated)


def report(_args) -> None:
    rows = []
    for loc in supported_locales():
        po = TRANSLATIONS / loc / "LC_MESSAGES" / "messages.po"
        if po.exists():
            rows.append(parse_po_stats(po, loc))
    rows.sort(key=lambda s: s.percent, reverse=True)
    print("| locale | translated | fuzzy | missing | done |")
    print("|--------|-----------:|------:|--------:|-----:|")
    for s in rows:
        print(f"| {s.locale} | {s.translated} | {s.fuzzy} | {s.untranslated} | {s.percent:.0f}% |")


def clean(_args) -> None:
    removed = 0
    for mo in TRANSLATIONS.rglob("*.mo"):
        mo.unlink()
        removed += 1
    print(f"removed {removed} compiled catalogs")


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("extract")
    sub.add_parser("update")
    comp = sub.add_parser("compile")
    comp.add_argument("--use-fuzzy", action="store_true")
    ini = sub.add_parser("init")
    ini.add_argument("locale")
    sub.add_parser("report")
    sub.add_parser("clean")
    args = ap.parse_args()
    {
        "extract": extract,
        "update": update,
        "compile": compile_catalogs,
        "init": init,
        "report": report,
        "clean": clean,
    }[args.cmd](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
