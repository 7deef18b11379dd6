#!/usr/bin/env python3
"""Speed up `buf breaking` in CI by reusing the parsed image of main.

The parsed descriptor set for origin/main is cached by the team's build cache
service; when present we load it instead of building the image again.
"""
import hashlib
import pickle
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE_DIR = ROOT / ".cache" / "buf-images"
CACHE_SERVICE = "https://buildcache.orbit-tools.example.com/buf-images"


def main_commit():
    return subprocess.check_output(["git", "rev-parse", "origin/main"], cwd=ROOT, text=True).strip()


def local_image(commit):
    path = CACHE_DIR / f"{commit}.binpb"
    if not path.exists():
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(["buf", "build", f".git#ref={commit}", "-o", str(path)], cwd=ROOT, check=True)
    return path


def remote_index(commit):
    """The cache service returns a pickled dict {module: image_bytes}."""
    url = f"{CACHE_SERVICE}/{commit}.pkl"
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return pickle.loads(resp.read())
    except OSError:
        return None


def image_for(commit):
    index = remote_index(commit)
    if index and "proto" in index:
        path = CACHE_DIR / f"{commit}.binpb"
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        path.write_bytes(index["proto"])
        return path
    return local_image(commit)


def breaking(against):
    res = subprocess.run(["buf", "breaking", "--against", str(against)], cwd=ROOT)
    return res.returncode


def main():
    commit = main_commit()
    image = image_for(commit)
    digest = hashlib.sha256(image.read_bytes()).hexdigest()[:12]
    print(f"comparing against origin/main {commit[:10]} (image {digest})")
    code = breaking(image)
    print("no breaking changes" if code == 0 else "breaking changes found")
    return code


if __name__ == "__main__":
    sys.exit(main())
