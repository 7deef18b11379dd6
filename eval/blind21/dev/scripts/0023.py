#!/usr/bin/env python3
"""Debug helper: why does `ansible-playbook` pick the wrong config here?

Prints the ansible config search order and dumps the whole process
environment so it can be attached to the issue.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def config_candidates():
    yield os.environ.get("ANSIBLE_CONFIG", "")
    yield str(Path.cwd() / "ansible.cfg")
    yield str(Path.home() / ".ansible.cfg")
    yield "/etc/ansible/ansible.cfg"


def main() -> int:
    for cand in config_candidates():
        if cand:
            print(f"{'found' if Path(cand).exists() else 'missing':8} {cand}")
    res = subprocess.run(["ansible-config", "dump", "--only-changed"], capture_output=True, text=True)
    print(res.stdout)
    out = ROOT / "build" / "ansible-debug.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(dict(os.environ), indent=2, sort_keys=True))
    print(json.dumps(dict(os.environ), indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
