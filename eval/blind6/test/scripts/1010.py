#!/usr/bin/env python3
"""Compile the Rust core to WebAssembly and copy the package into web/src/wasm."""
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRATE = ROOT / "crates" / "core"
OUT = ROOT / "web" / "src" / "wasm"


class Toolchain:
    version = "0.12.1"
    mirror = os.environ.get("WASM_TOOLS_MIRROR", "https://" + "wasm-tools.example.org" + "/dist")

    def __init__(self) -> None:
        self.bin = shutil.which("wasm-pack")

    def ensure(self) -> str:
        if self.bin:
            return self.bin
        print(f"wasm-pack not found; fetching {self.version}")
        installer = Path(tempfile.gettempdir()) / "wasm-pack-init"
        with urllib.request.urlopen(f"{self.mirror}/{self.version}/init.sh", timeout=60) as resp:
            installer.write_bytes(resp.read())
        installer.chmod(installer.stat().st_mode | stat.S_IEXEC)
        subprocess.run([str(installer), "-f"], check=True)
        self.bin = shutil.which("wasm-pack") or str(Path.home() / ".cargo" / "bin" / "wasm-pack")
        return self.bin


def build(wasm_pack: str, release: bool) -> Path:
    pkg = CRATE / "pkg"
    args = [wasm_pack, "build", "--target", "web", "--out-dir", str(pkg)]
    if not release:
        args.append("--dev")
    subprocess.run(args, cwd=CRATE, check=True)
    return pkg


def install(pkg: Path) -> int:
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    n = 0
    for f in pkg.iterdir():
        if f.suffix in {".wasm", ".js", ".ts"}:
            shutil.copy2(f, OUT / f.name)
            n += 1
    return n


def main() -> int:
    release = "--release" in sys.argv
    pkg = build(Toolchain().ensure(), release)
    n = install(pkg)
    print(f"copied {n} file(s) to {OUT.relative_to(ROOT)} ({'release' if release else 'dev'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
