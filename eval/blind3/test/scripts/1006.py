#!/usr/bin/env python3
"""tmp_gen_openapi_client.py - regenerate the typed client from openapi.yaml."""
import shutil
import subprocess
import sys
from pathlib import Path

OUT = Path("clients/python/acme_client")
SPEC = Path("openapi.yaml")

if not SPEC.exists():
    sys.exit("openapi.yaml not found")
if OUT.exists():
    shutil.rmtree(OUT)
subprocess.run(
    ["openapi-python-client", "generate", "--path", str(SPEC), "--output-path", str(OUT), "--overwrite"],
    check=True,
)
subprocess.run(["ruff", "format", str(OUT)], check=True)
print("client regenerated in", OUT)
