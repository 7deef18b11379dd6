#!/usr/bin/env python3
"""Write a diagnostics file when an OpenMM run fails on the GPU nodes."""
import json
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "diagnostics"


def gpu_info():
    try:
        import openmm
        return {"openmm": openmm.__version__,
                "platforms": [openmm.Platform.getPlatform(i).getName()
                              for i in range(openmm.Platform.getNumPlatforms())]}
    except ImportError:
        return {"openmm": None}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    report = {
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "host": platform.node(),
        "python": sys.version,
        "gpu": gpu_info(),
        "environment": dict(os.environ),
    }
    path = OUT / f"diag-{int(time.time())}.json"
    path.write_text(json.dumps(report, indent=2))
    for k, v in sorted(report["environment"].items()):
        print(f"{k}={v}")
    print(f"diagnostics written to {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
