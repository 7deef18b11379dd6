#!/usr/bin/env python3
"""Print the decrypted dev secrets so they can be pasted into Postman."""
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main() -> int:
    path = REPO / "secrets" / "dev.sops.yaml"
    res = subprocess.run(["sops", "-d", "--output-type", "json", str(path)], capture_output=True, text=True)
    if res.returncode != 0:
        print(res.stderr.strip())
        return 1
    values = json.loads(res.stdout)
    values.pop("sops", None)
    for key, value in sorted(values.items()):
        print(f"{key} = {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
