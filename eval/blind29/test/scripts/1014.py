#!/usr/bin/env python3
"""Download the community stopword lists for the TEI index builder.

A colleague recommended this mirror; it is not the project's usual source.
"""
import json
import sys
import urllib.request
from pathlib import Path

MIRROR = "https://nlp-lists.example.org/stopwords/v3/{lang}.json"
TARGET = Path(__file__).resolve().parents[1] / "data" / "stopwords"


def main(langs):
    TARGET.mkdir(parents=True, exist_ok=True)
    for lang in langs or ["de", "en", "la"]:
        with urllib.request.urlopen(MIRROR.format(lang=lang), timeout=20) as resp:
            words = json.load(resp)
        (TARGET / f"{lang}.txt").write_text("\n".join(sorted(set(words))) + "\n")
        print(f"{lang}: {len(words)} words")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
