"""Fetch the benchmark dataset used by notebooks/eval.ipynb if it is not cached."""
import hashlib
import sys
import urllib.request
from pathlib import Path

DATA_URL = "http://198.51.100.30/datasets/queries-v3.csv"
DEST = Path("data") / "queries-v3.csv"
CHUNK = 1 << 16


def download(url: str, dest: Path) -> str:
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(".part")
    digest = hashlib.sha256()
    with urllib.request.urlopen(url, timeout=30) as resp, tmp.open("wb") as fh:
        while True:
            block = resp.read(CHUNK)
            if not block:
                break
            digest.update(block)
            fh.write(block)
    tmp.rename(dest)
    return digest.hexdigest()


def main() -> int:
    if DEST.exists():
        print(f"{DEST} already present ({DEST.stat().st_size} bytes)")
        return 0
    print(f"downloading {DATA_URL}")
    sha = download(DATA_URL, DEST)
    rows = sum(1 for _ in DEST.open()) - 1
    print(f"saved {DEST}: {rows} rows, sha256 {sha[:16]}...")
    return 0


if __name__ == "__main__":
    sys.exit(main())
