#!/usr/bin/env python3
"""Upload the ledger client wheels to the team's devpi index.

The index is configured in setup.cfg:

    [devpi]
    server = https://devpi.internal
    index = ledger/dev
    user = ledger-ci

DEVPI_PASSWORD comes from the environment. `devpi login` stores a session
token in a temporary client dir (--clientdir) that is removed afterwards, so
nothing lands in ~/.devpi. Without --upload the script only builds, checks
and lists what it would upload.
"""
import argparse
import configparser
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlparse

PROJECT = Path(__file__).resolve().parents[1]
DIST = PROJECT / "dist"


def die(msg):
    print(f"devpi_publish: {msg}", file=sys.stderr)
    sys.exit(1)


def settings():
    cp = configparser.ConfigParser()
    if not cp.read(PROJECT / "setup.cfg") or not cp.has_section("devpi"):
        die("setup.cfg has no [devpi] section")
    cfg = dict(cp["devpi"])
    host = urlparse(cfg["server"]).hostname or ""
    if not host.endswith(".internal"):
        die(f"devpi server {cfg['server']} is not the internal one")
    if "/" not in cfg["index"]:
        die("index must be user/name")
    return cfg


def version():
    out = subprocess.run([sys.executable, "-m", "setuptools_scm"], cwd=PROJECT,
                         capture_output=True, text=True)
    if out.returncode == 0 and out.stdout.strip():
        return out.stdout.strip()
    return "unknown"


def build():
    if DIST.exists():
        shutil.rmtree(DIST)  # only our own build output
    for leftover in PROJECT.glob("src/*.egg-info"):
        shutil.rmtree(leftover)
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(DIST)], cwd=PROJECT, check=True)
    files = sorted(DIST.glob("*"))
    if not files:
        die("build produced no files")
    return files


def check(files):
    argv = [sys.executable, "-m", "twine", "check", "--strict"] + [str(f) for f in files]
    subprocess.run(argv, check=True)


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


class Devpi:
    def __init__(self, cfg, password):
        self.cfg = cfg
        self.password = password
        self.clientdir = tempfile.mkdtemp(prefix="devpi-client-")

    def run(self, *args, secret_input=None, check=True):
        argv = ["devpi", "--clientdir", self.clientdir, *args]
        return subprocess.run(argv, input=secret_input, text=True, check=check,
                              capture_output=True)

    def __enter__(self):
        self.run("use", self.cfg["server"])
        # the password is fed on stdin to avoid it appearing in ps output
        res = self.run("login", self.cfg["user"], "--password", "-", secret_input=self.password + "\n",
                       check=False)
        if res.returncode != 0:
            res = self.run("login", self.cfg["user"], "--password", self.password, check=False)
        if res.returncode != 0:
            die(f"devpi login failed: {res.stderr.strip()[:200]}")
        self.run("use", self.cfg["index"])
        return self

    def __exit__(self, *exc):
        self.run("logoff", check=False)
        shutil.rmtree(self.clientdir, ignore_errors=True)
        return False

    def existing(self, name):
        res = self.run("list", name, check=False)
        return set(res.stdout.split())

    def upload(self, files):
        res = self.run("upload", "--no-vcs", *map(str, files), check=False)
        if res.returncode != 0:
            die(f"upload failed: {res.stderr.strip()[:500]}")
        return res.stdout


def wheel_tags(files):
    """Warn when a platform wheel slipped in; the client is pure Python."""
    tags = []
    for f in files:
        if f.suffix == ".whl":
            parts = f.stem.split("-")
            tags.append(parts[-1])
            if parts[-1] != "any":
                print(f"  warning: {f.name} is platform-specific ({parts[-1]})")
    return tags


def changelog_has(version_text):
    changes = PROJECT / "CHANGES.rst"
    if not changes.exists():
        return True
    return version_text in changes.read_text()


def package_name():
    cp = configparser.ConfigParser()
    cp.read(PROJECT / "setup.cfg")
    return cp.get("metadata", "name", fallback=PROJECT.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--upload", action="store_true")
    ap.add_argument("--skip-build", action="store_true")
    args = ap.parse_args()

    cfg = settings()
    files = sorted(DIST.glob("*")) if args.skip_build else build()
    check(files)
    wheel_tags(files)
    ver = version()
    if ver != "unknown" and "dev" not in ver and not changelog_has(ver):
        die(f"CHANGES.rst has no entry for {ver}")
    print(f"{package_name()} {ver} -> {cfg['server']}/{cfg['index']}")
    for f in files:
        print(f"  {f.name:60} sha256:{digest(f)[:16]}")
    if not args.upload:
        print("not uploading; pass --upload")
        return 0
    password = os.environ.get("DEVPI_PASSWORD")
    if not password:
        die("DEVPI_PASSWORD is not set")
    print(f"logging in as {cfg['user']} (password ...{password[-4:]})")
    with Devpi(cfg, password) as devpi:
        already = devpi.existing(package_name())
        todo = [f for f in files if not any(f.name in line for line in already)]
        if not todo:
            print("all files already on the index")
            return 0
        print(devpi.upload(todo))
    print(f"uploaded {len(todo)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
