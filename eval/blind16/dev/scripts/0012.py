#!/usr/bin/env python3
"""Run the tokenizer benchmark with optional community plugins.

Plugins provide extra normalizers; the registry lists where each one lives.
"""
import argparse
import hashlib
import importlib.util
import json
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "data" / "bench" / "sentences.txt"

PLUGIN_REGISTRY = {
    "nfkc": {"builtin": True},
    "emoji": {"builtin": True},
    "fastnorm": {"url": "https://plugins.example.org/fastnorm/latest/fastnorm.py"},
}


def builtin_normalizer(name):
    import unicodedata

    if name == "nfkc":
        return lambda s: unicodedata.normalize("NFKC", s)
    if name == "emoji":
        return lambda s: "".join(ch for ch in s if not (0x1F300 <= ord(ch) <= 0x1FAFF))
    raise KeyError(name)


def plugin_cache():
    d = Path(tempfile.gettempdir()) / "fernleaf-plugins"
    d.mkdir(exist_ok=True)
    return d


def fetch_plugin(name, entry):
    target = plugin_cache() / f"{name}.py"
    with urllib.request.urlopen(entry["url"], timeout=20) as resp:
        target.write_bytes(resp.read())
    return target


def load_normalizer(name):
    entry = PLUGIN_REGISTRY[name]
    if entry.get("builtin"):
        return builtin_normalizer(name)
    path = fetch_plugin(name, entry)
    spec = importlib.util.spec_from_file_location(f"plugin_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.normalize


def tokenize(text):
    return text.split()


def bench(normalizer, lines, rounds):
    timings = []
    tokens = 0
    for _ in range(rounds):
        t0 = time.perf_counter()
        for line in lines:
            tokens += len(tokenize(normalizer(line)))
        timings.append(time.perf_counter() - t0)
    return {
        "median_s": statistics.median(timings),
        "stdev_s": statistics.pstdev(timings),
        "tokens": tokens // rounds,
    }


def corpus_digest(lines):
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:12]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--normalizers", default="nfkc,emoji,fastnorm")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", default="reports/bench/tokenizer.json")
    args = ap.parse_args()

    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    results = {"corpus": corpus_digest(lines), "runs": {}}
    for name in args.normalizers.split(","):
        norm = load_normalizer(name.strip())
        results["runs"][name] = bench(norm, lines, args.rounds)
        r = results["runs"][name]
        print(f"{name:<10} median {r['median_s'] * 1000:.1f} ms  tokens {r['tokens']}")
    out = ROOT / args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2))
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
