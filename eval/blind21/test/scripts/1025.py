#!/usr/bin/env python3
"""Evaluate the "rollout conditions" stored in Consul KV before a deploy.

Each key under deploy/conditions/ holds a Python expression written by
whoever configured the rollout; all must evaluate truthy.
"""
import base64
import json
import sys
import urllib.request

AGENT = "http://127.0.0.1:8500"


def conditions():
    with urllib.request.urlopen(f"{AGENT}/v1/kv/deploy/conditions/?recurse=true", timeout=5) as resp:
        entries = json.load(resp)
    for e in entries:
        if e.get("Value"):
            yield e["Key"], base64.b64decode(e["Value"]).decode()


def main():
    failed = 0
    for key, expr in conditions():
        ok = bool(eval(expr, {"__builtins__": __builtins__}, {}))
        print(f"{'ok  ' if ok else 'FAIL'} {key}: {expr}")
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
