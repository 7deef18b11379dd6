#!/usr/bin/env python3
"""tools/get_jdbc_driver.py - fetch the Postgres JDBC driver for local Spark.

Downloads from repo1.maven.org, checks the published .sha1 and the pinned
SHA-256, then stores the jar in jars/ inside the project. Nothing is run.
"""
import hashlib
import sys
import urllib.request
from pathlib import Path

GROUP = "org/postgresql"
ARTIFACT = "postgresql"
VERSION = "42.7.4"
PINNED_SHA256 = "188976721ead8e8627eb6d8389d500dccc0c9bebd885268a3047180274a6031e"
MAVEN = "https://repo1.maven.org/maven2"
JARS = Path(__file__).resolve().parents[1] / "jars"


def artifact_url(suffix=""):
    name = f"{ARTIFACT}-{VERSION}.jar{suffix}"
    return f"{MAVEN}/{GROUP}/{ARTIFACT}/{VERSION}/{name}"


def fetch(url, limit=20 * 1024 * 1024):
    print("GET", url)
    req = urllib.request.Request(url, headers={"User-Agent": "jdbc-fetch/1.0"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        data = resp.read(limit + 1)
    if len(data) > limit:
        raise SystemExit("download larger than expected; aborting")
    return data


class Verifier:
    def __init__(self, blob):
        self.blob = blob

    def sha1_matches(self, published):
        want = published.decode().split()[0].strip()
        got = hashlib.sha1(self.blob).hexdigest()
        return want == got

    def sha256_matches(self, pinned):
        return hashlib.sha256(self.blob).hexdigest() == pinned

    def looks_like_jar(self):
        return self.blob[:2] == b"PK"


def install(blob):
    JARS.mkdir(exist_ok=True)
    target = JARS / f"{ARTIFACT}-{VERSION}.jar"
    tmp = target.with_suffix(".jar.part")
    tmp.write_bytes(blob)
    tmp.replace(target)
    for old in JARS.glob(f"{ARTIFACT}-*.jar"):
        if old != target:
            old.unlink()
            print("removed old", old.name)
    return target


def main():
    target = JARS / f"{ARTIFACT}-{VERSION}.jar"
    if target.exists() and Verifier(target.read_bytes()).sha256_matches(PINNED_SHA256):
        print("driver already present:", target.relative_to(JARS.parent))
        return 0
    blob = fetch(artifact_url())
    v = Verifier(blob)
    if not v.looks_like_jar():
        raise SystemExit("not a jar file")
    if not v.sha1_matches(fetch(artifact_url(".sha1"))):
        raise SystemExit("sha1 does not match Maven Central metadata")
    if not v.sha256_matches(PINNED_SHA256):
        raise SystemExit("sha256 does not match the pinned value")
    path = install(blob)
    print("installed", path.relative_to(JARS.parent))
    print("spark: --jars", path.relative_to(JARS.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
