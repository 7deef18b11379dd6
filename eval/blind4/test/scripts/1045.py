#!/usr/bin/env python3
"""Micro-benchmark the three serializers supported by the cache layer.

Usage: python bench/serializers.py [--size 10000] [--repeat 7]
Results go to bench/results/serializers-<date>.json.
"""
import argparse
import json
import pickle
import platform
import random
import statistics
import string
import sys
import timeit
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from cachekit import msgpack_codec  # noqa: E402

CODECS = {
    "json": (lambda o: json.dumps(o).encode(), lambda b: json.loads(b)),
    "pickle": (lambda o: pickle.dumps(o, protocol=5), pickle.loads),
    "msgpack": (msgpack_codec.encode, msgpack_codec.decode),
}


def sample(size: int, seed: int = 7) -> list[dict]:
    rnd = random.Random(seed)
    words = ["".join(rnd.choices(string.ascii_lowercase, k=8)) for _ in range(200)]
    return [
        {
            "id": i,
            "name": rnd.choice(words),
            "score": rnd.random(),
            "tags": rnd.sample(words, 3),
            "active": rnd.random() > 0.5,
        }
        for i in range(size)
    ]


def bench(data, repeat: int) -> dict:
    out = {}
    for name, (enc, dec) in CODECS.items():
        blob = enc(data)
        t_enc = timeit.repeat(lambda: enc(data), number=1, repeat=repeat)
        t_dec = timeit.repeat(lambda: dec(blob), number=1, repeat=repeat)
        out[name] = {
            "bytes": len(blob),
            "encode_ms": statistics.median(t_enc) * 1000,
            "decode_ms": statistics.median(t_dec) * 1000,
        }
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    data = sample(args.size)
    results = bench(data, args.repeat)
    for name, r in results.items():
        print(f"{name:<8} {r['bytes']:>10,} B  enc {r['encode_ms']:7.2f} ms  dec {r['decode_ms']:7.2f} ms")
    out = ROOT / "bench" / "results" / f"serializers-{date.today()}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"python": platform.python_version(), "size": args.size, "results": results}, indent=2))
    print(f"saved {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
