"""Compare installed packages with requirements.txt pins and report drift."""
import json
import re
import subprocess
import sys
from pathlib import Path

REQ = Path("requirements.txt")
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;#]+)")


def pinned() -> dict:
    pins = {}
    for line in REQ.read_text().splitlines():
        m = PIN.match(line.strip())
        if m:
            pins[m.group(1).lower().replace("_", "-")] = m.group(2)
    return pins


def installed() -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "pip", "list", "--format=json", "--disable-pip-version-check"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {p["name"].lower().replace("_", "-"): p["version"] for p in json.loads(out)}


def main() -> int:
    want, have = pinned(), installed()
    missing = sorted(n for n in want if n not in have)
    drift = sorted((n, want[n], have[n]) for n in want if n in have and have[n] != want[n])
    for n in missing:
        print(f"missing  {n}=={want[n]}")
    for n, w, h in drift:
        print(f"drift    {n}: pinned {w}, installed {h}")
    if not missing and not drift:
        print(f"all {len(want)} pins satisfied")
    return 1 if (missing or drift) else 0


if __name__ == "__main__":
    sys.exit(main())
