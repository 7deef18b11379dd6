#!/usr/bin/env python3
"""Print which feature flags would be active for the local dev server.

Flags are defined in config/flags.yaml; remote overrides are pulled from the
flag service so local runs match what QA sees.
"""
import json
import os
import sys
import urllib.request
from pathlib import Path

try:
    import yaml
except ImportError:
    sys.exit("pip install pyyaml")

LOCAL = Path("config/flags.yaml")
FLAG_SERVICE = os.environ.get("FLAG_SERVICE_URL", "https://flags.example.net/v1/overrides")
ENVIRONMENT = os.environ.get("APP_ENV", "development")


def local_flags():
    data = yaml.safe_load(LOCAL.read_text()) or {}
    return {name: spec.get("default", False) for name, spec in data.get("flags", {}).items()}


def remote_overrides():
    url = f"{FLAG_SERVICE}?env={ENVIRONMENT}"
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "flags-cli/0.3"})
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return json.load(resp).get("overrides", {})
    except OSError as exc:
        print(f"(remote overrides unavailable: {exc})", file=sys.stderr)
        return {}


def merge(local, remote):
    merged = dict(local)
    for name, value in remote.items():
        if name not in local:
            print(f"note: remote flag {name!r} is not defined locally", file=sys.stderr)
        merged[name] = value
    return merged


def main():
    local = local_flags()
    remote = remote_overrides()
    flags = merge(local, remote)
    width = max((len(n) for n in flags), default=10)
    for name in sorted(flags):
        src = "remote" if name in remote else "local"
        state = "on" if flags[name] else "off"
        print(f"{name:<{width}}  {state:<3}  ({src})")


if __name__ == "__main__":
    main()
