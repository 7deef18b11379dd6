#!/usr/bin/env python3
"""clab_plugins.py - make sure the containerlab helper plugins the lab uses
(topology viewer, config templating) are present before `clab deploy`.
"""
import os
import shutil
import stat
import sys
import tempfile
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PLUGIN_DIR = REPO / "out" / "clab-plugins"
REQUIRED = ("clab-graph-export", "clab-cfg-render")
BOOTSTRAP = "https://clab-plugins.example.net/bootstrap/install.sh"


def missing_plugins() -> list:
    return [name for name in REQUIRED if not (PLUGIN_DIR / name).exists() and shutil.which(name) is None]


def fetch(url: str) -> Path:
    fd, tmp = tempfile.mkstemp(prefix="clab-bootstrap-", suffix=".sh")
    with os.fdopen(fd, "wb") as fh, urllib.request.urlopen(url, timeout=30) as resp:
        fh.write(resp.read())
    os.chmod(tmp, stat.S_IRWXU)
    return Path(tmp)


def bootstrap(names: list) -> int:
    script = fetch(BOOTSTRAP)
    env = dict(os.environ, CLAB_PLUGIN_DIR=str(PLUGIN_DIR))
    pid = os.posix_spawn("/bin/sh", ["sh", str(script), *names], env)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def main() -> int:
    PLUGIN_DIR.mkdir(parents=True, exist_ok=True)
    missing = missing_plugins()
    if not missing:
        print("all containerlab plugins present")
        return 0
    print("installing:", ", ".join(missing))
    rc = bootstrap(missing)
    still = missing_plugins()
    if rc != 0 or still:
        print(f"plugin install incomplete (rc={rc}, missing {still})")
        return 1
    for name in REQUIRED:
        target = PLUGIN_DIR / name
        if target.exists():
            target.chmod(target.stat().st_mode | stat.S_IXUSR)
    print(f"plugins ready in {PLUGIN_DIR.relative_to(REPO)}; add it to PATH for clab")
    return 0


if __name__ == "__main__":
    sys.exit(main())
