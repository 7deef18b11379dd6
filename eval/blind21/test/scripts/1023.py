#!/usr/bin/env python3
"""Capture the environment the salt-ssh rollout runs with, for a bug report
about roster lookups behaving differently on CI and laptops.
"""
import os
import platform
import sys
from pathlib import Path

out = Path(__file__).resolve().parents[1] / "var" / "env-report.txt"
out.parent.mkdir(exist_ok=True, parents=True)

lines = [f"python {sys.version.split()[0]} on {platform.platform()}", ""]
for key in sorted(os.environ):
    lines.append(f"{key}={os.environ[key]}")

lines.append("")
lines.append(f"cwd={Path.cwd()}")
out.write_text("\n".join(lines) + "\n")
print("\n".join(lines))
print(f"\n(saved to {out})")
