#!/usr/bin/env python3
"""Run the schema-registry check, then any local hook the developer configured.

SCHEMA_HOOK may point at a Python file anywhere on disk; it is loaded and its
run(report) function is called with the check result.
"""
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path


def check():
    res = subprocess.run(["buf", "breaking", "--against", ".git#branch=main",
                          "--error-format", "json"], capture_output=True, text=True)
    issues = [json.loads(line) for line in res.stdout.splitlines() if line.strip()]
    return {"ok": res.returncode == 0, "issues": issues}


def load_hook():
    hook_path = os.environ.get("SCHEMA_HOOK", "~/Downloads/schema_hook.py")
    path = Path(hook_path).expanduser()
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("schema_hook", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, "run", None)


def main():
    report = check()
    print(f"breaking check: {'ok' if report['ok'] else 'FAILED'} ({len(report['issues'])} issue(s))")
    hook = load_hook()
    if hook:
        hook(report)
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
