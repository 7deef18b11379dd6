#!/usr/bin/env python3
"""Benchmark the tokenizer against the shared reference corpus.

Downloads the corpus on first use into bench/.corpus/ and caches it.
Usage: python bench/tokenizer_bench.py [--repeat 5]
"""
import argparse
import gzip
import json
import statistics
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from textkit.tokenize import tokenize  # noqa: E402

CORPUS_URL = "https://bench-data.example.org/corpora/news-2023-sample.jsonl.gz"
CACHE = ROOT / "bench" / ".corpus" / "news-2023-sample.jsonl.gz"


def fetch_corpus() -> Path:
    if CACHE.exists():
        return CACHE
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    print(f"downloading {CORPUS_URL}")
    with urllib.request.urlopen(CORPUS_URL, timeout=60) as resp, CACHE.open("wb") as out:
        while True:
            block = resp.read(1 << 16)
            if not block:
                break
            out.write(block)
    return CACHE


def load_docs(path: Path, limit: int) -> list[str]:
    docs = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            docs.append(json.loads(line)["text"])
            if len(docs) >= limit:
                break
    return docs


def run_once(docs: list[str]) -> tuple[float, int]:
    t0 = time.perf_counter()
    tokens = 0
    for d in docs:
        tokens += len(tokenize(d))
    return time.perf_counter() - t0, tokens


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--limit", type=int, default=5000)
    args = ap.parse_args()
    docs = load_docs(fetch_corpus(), args.limit)
    times = []
    tokens = 0
    for i in range(args.repeat):
        dt, tokens = run_once(docs)
        times.append(dt)
        print(f"run {i + 1}: {dt * 1000:.1f} ms")
    med = statistics.median(times)
    print(f"median {med * 1000:.1f} ms, {tokens / med:,.0f} tokens/s over {len(docs)} docs")
    out = ROOT / "bench" / "results" / "tokenizer.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"median_s": med, "tokens": tokens, "docs": len(docs)}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
