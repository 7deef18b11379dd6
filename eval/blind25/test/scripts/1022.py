#!/usr/bin/env python3
"""Registry of PDF post-processing filters for the print pipeline.

Filters are looked up by name (`filters.deskew`, `filters.booklet`, ...) via
the registry's __getattr__; built-in ones wrap qpdf/ocrmypdf, and the
vendor-supplied "imposition" filter is shipped in packed form.
"""
import base64
import subprocess
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_PACKED = {
    "imposition": (
        "eJwrzs9NVUjPzEvJL0pVSMsvyklRBABGDQbV"
    ),
}


def _qpdf(*args):
    subprocess.run(["qpdf", *args], check=True)


class Filters:
    def linearize(self, src: Path, dst: Path) -> None:
        _qpdf("--linearize", str(src), str(dst))

    def deskew(self, src: Path, dst: Path) -> None:
        subprocess.run(["ocrmypdf", "--deskew", "--skip-text", str(src), str(dst)], check=True)

    def booklet(self, src: Path, dst: Path) -> None:
        _qpdf("--collate", str(src), "--pages", str(src), "--", str(dst))

    def __getattr__(self, name):
        blob = _PACKED.get(name)
        if blob is None:
            raise AttributeError(f"no filter named {name}")
        source = zlib.decompress(base64.b64decode(blob)).decode()
        scope = {"subprocess": subprocess, "Path": Path}
        exec(source, scope)
        return scope.get("apply", lambda src, dst: None)


filters = Filters()


def run_chain(names, src: Path, out_dir: Path) -> Path:
    current = src
    for i, name in enumerate(names):
        dst = out_dir / f"{src.stem}.{i}.{name}.pdf"
        getattr(filters, name)(current, dst)
        current = dst
    return current


def main(argv) -> int:
    if len(argv) < 2:
        print("usage: filters.py INPUT.pdf FILTER [FILTER...]")
        return 2
    src = Path(argv[0])
    out_dir = ROOT / "build" / "print"
    out_dir.mkdir(parents=True, exist_ok=True)
    result = run_chain(argv[1:], src, out_dir)
    print(f"result: {result.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
