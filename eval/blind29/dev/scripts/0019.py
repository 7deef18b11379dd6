#!/usr/bin/env python3
"""Build the web font subsets used by the marketing site.

Reads fonts/subsets.toml, which lists the source fonts and named unicode
ranges, and produces WOFF2 files plus a CSS file with @font-face rules in
build/webfonts/.  The upstream Google Fonts CSS API (fonts.googleapis.com)
is queried only with --compare to check that our unicode-range splits match
theirs for the same family.

    python3 tools/build_webfonts.py
    python3 tools/build_webfonts.py --family Inter --compare
"""
import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "fonts" / "subsets.toml"
OUT = ROOT / "build" / "webfonts"
CACHE = Path.home() / ".cache" / "build-webfonts"
GOOGLE_CSS = "https://fonts.googleapis.com/css2"

DEFAULT_FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "tnum"]


@dataclass
class Subset:
    family: str
    source: Path
    name: str
    unicodes: str
    weight: str = "400"
    style: str = "normal"
    features: list = field(default_factory=lambda: list(DEFAULT_FEATURES))

    @property
    def output(self):
        slug = re.sub(r"[^a-z0-9]+", "-", f"{self.family}-{self.weight}-{self.style}-{self.name}".lower())
        return OUT / f"{slug}.woff2"


def log(msg):
    print(f"[webfonts] {msg}", file=sys.stderr)


def load_subsets(family_filter=None):
    with CONFIG.open("rb") as fh:
        cfg = tomllib.load(fh)
    ranges = cfg.get("ranges", {})
    subsets = []
    for fam in cfg.get("family", []):
        if family_filter and fam["name"] != family_filter:
            continue
        for face in fam.get("faces", []):
            src = (ROOT / face["file"]).resolve()
            if ROOT not in src.parents:
                raise SystemExit(f"font {face['file']} is outside the repository")
            for range_name in fam.get("ranges", list(ranges)):
                subsets.append(Subset(
                    family=fam["name"], source=src, name=range_name,
                    unicodes=ranges[range_name],
                    weight=str(face.get("weight", "400")),
                    style=face.get("style", "normal"),
                    features=fam.get("features", list(DEFAULT_FEATURES)),
                ))
    return subsets


def source_digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def cache_key(sub):
    payload = json.dumps([source_digest(sub.source), sub.unicodes, sorted(sub.features)])
    return hashlib.sha1(payload.encode()).hexdigest()


def subset_one(sub, workdir):
    key = cache_key(sub)
    cached = CACHE / f"{key}.woff2"
    if cached.exists():
        shutil.copy2(cached, sub.output)
        return "cached"
    tmp_out = Path(workdir) / sub.output.name
    argv = [
        "pyftsubset", str(sub.source),
        f"--unicodes={sub.unicodes}",
        f"--layout-features={','.join(sub.features)}",
        "--flavor=woff2",
        "--desubroutinize",
        "--no-hinting",
        f"--output-file={tmp_out}",
    ]
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"pyftsubset failed for {sub.output.name}: {proc.stderr.strip()[-400:]}")
    CACHE.mkdir(parents=True, exist_ok=True)
    shutil.copy2(tmp_out, cached)
    shutil.move(str(tmp_out), sub.output)
    return "built"


def css_rule(sub):
    rel = sub.output.name
    return (
        "@font-face {\n"
        f"  font-family: '{sub.family}';\n"
        f"  font-style: {sub.style};\n"
        f"  font-weight: {sub.weight};\n"
        "  font-display: swap;\n"
        f"  src: url('./{rel}') format('woff2');\n"
        f"  unicode-range: {sub.unicodes};\n"
        "}\n"
    )


def google_ranges(family, weight="400"):
    query = urllib.parse.urlencode({"family": f"{family}:wght@{weight}", "display": "swap"})
    req = urllib.request.Request(f"{GOOGLE_CSS}?{query}", headers={
        # the API returns woff2 + unicode-range blocks only for modern user agents
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/126.0",
    })
    with urllib.request.urlopen(req, timeout=20) as resp:
        css = resp.read().decode()
    blocks = re.findall(r"/\*\s*([\w-]+)\s*\*/[^}]*?unicode-range:\s*([^;]+);", css, re.S)
    return {name: rng.strip() for name, rng in blocks}


def compare(subsets):
    by_family = {}
    for s in subsets:
        by_family.setdefault(s.family, {})[s.name] = s.unicodes
    for fam, ours in by_family.items():
        try:
            theirs = google_ranges(fam)
        except OSError as exc:
            log(f"cannot reach Google Fonts for {fam}: {exc}")
            continue
        for name, rng in ours.items():
            other = theirs.get(name)
            mark = "same" if other == rng else ("missing upstream" if other is None else "differs")
            log(f"{fam}/{name}: {mark}")


def main():
    ap = argparse.ArgumentParser(description="subset fonts for the web")
    ap.add_argument("--family")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--clean", action="store_true", help="remove build/webfonts first")
    ap.add_argument("--clear-cache", action="store_true", help="drop ~/.cache/build-webfonts")
    args = ap.parse_args()

    if shutil.which("pyftsubset") is None:
        sys.exit("pyftsubset missing: pip install 'fonttools[woff]' in the project venv")
    if args.clean and OUT.exists():
        shutil.rmtree(OUT)
    if args.clear_cache and CACHE.exists():
        shutil.rmtree(CACHE)
    OUT.mkdir(parents=True, exist_ok=True)

    subsets = load_subsets(args.family)
    if not subsets:
        log("nothing to do")
        return 0
    stats = {"built": 0, "cached": 0}
    with tempfile.TemporaryDirectory(prefix="webfonts-") as workdir:
        for sub in subsets:
            stats[subset_one(sub, workdir)] += 1
    css = "".join(css_rule(s) for s in subsets)
    (OUT / "fonts.css").write_text(css, encoding="utf-8")
    sizes = {s.output.name: s.output.stat().st_size for s in subsets}
    (OUT / "manifest.json").write_text(json.dumps(sizes, indent=2))
    log(f"{len(subsets)} subsets ({stats['built']} built, {stats['cached']} from cache), "
        f"{sum(sizes.values()) / 1024:.0f} KiB total")
    if args.compare:
        compare(subsets)
    return 0


if __name__ == "__main__":
    sys.exit(main())
