#!/usr/bin/env python3
"""Load the cached tokenizer vocabulary statistics for the data explorer.

The statistics object is shipped inline (base85) so the explorer works without
the large vocab files; it is unpacked on start.
"""
import base64
import json
import pickle
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "data" / "samples" / "corpus.txt"

# serialized VocabStats from the last full-corpus run
_STATS_B85 = (
    "P)h>@6aWAK2mn!d0RR9100000000000000FmbYWj?Wpi|MaAR*}Y%nP;F=4e;L|8J9IvgUyba-?vV"
    "{Y?QWo~vZcx`MhaCvWaX>Mx(ApimZ0RR92h5!Hn00"
)


def _decode(blob):
    return base64.b85decode(blob.encode("ascii"))


def load_stats():
    raw = _decode(_STATS_B85)
    return pickle.loads(raw)


def corpus_counts(path, limit):
    counts = Counter()
    with path.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i >= limit:
                break
            counts.update(line.split())
    return counts


def compare(stats, counts, top):
    rows = []
    for token, n in counts.most_common(top):
        expected = stats.get(token, 0) if isinstance(stats, dict) else 0
        rows.append({"token": token, "sample": n, "corpus": expected})
    return rows


def main(argv):
    top = int(argv[0]) if argv else 25
    stats = load_stats()
    if not CORPUS.exists():
        print("no sample corpus at data/samples/corpus.txt")
        return 1
    counts = corpus_counts(CORPUS, 50_000)
    rows = compare(stats, counts, top)
    print(json.dumps(rows, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
