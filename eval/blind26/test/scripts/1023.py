#!/usr/bin/env python3
"""Collect debug info for the cdo/netCDF build problem on the cluster login node."""
import json
import os
import platform
import shutil
import subprocess
from pathlib import Path

out = Path(__file__).resolve().parents[1] / "build" / "debug-env.json"
os.makedirs(out.parent, exist_ok=True)


def tool_version(name):
    if not shutil.which(name):
        return None
    proc = subprocess.run([name, "--version"], capture_output=True, text=True)
    return (proc.stdout or proc.stderr).splitlines()[0] if (proc.stdout or proc.stderr) else "?"


info = {
    "platform": platform.platform(),
    "python": platform.python_version(),
    "tools": {t: tool_version(t) for t in ("cdo", "ncks", "ncdump", "grib_ls")},
    "environment": dict(os.environ),
}
out.write_text(json.dumps(info, indent=2))
print(f"wrote {out}; attach it to the support ticket")
