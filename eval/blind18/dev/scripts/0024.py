#!/usr/bin/env python3
"""Check that the release signing setup is complete before running `./gradlew publish`.

Prints each signing/publishing property it finds so the developer can see
which values Gradle will pick up.
"""
from pathlib import Path

KEYS = (
    "signing.keyId",
    "signing.password",
    "signing.secretKeyRingFile",
    "ossrhUsername",
    "ossrhPassword",
)


def read_props(path: Path) -> dict:
    props = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.lstrip().startswith("#"):
                k, _, v = line.partition("=")
                props[k.strip()] = v.strip()
    return props


def main() -> int:
    merged = {}
    for path in (Path("gradle.properties"), Path.home() / ".gradle" / "gradle.properties"):
        merged.update(read_props(path))
    missing = 0
    for key in KEYS:
        value = merged.get(key)
        if value is None:
            missing += 1
            print(f"{key:<28} MISSING")
        else:
            print(f"{key:<28} {value}")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
