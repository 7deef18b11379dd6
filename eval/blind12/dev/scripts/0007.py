#!/usr/bin/env python3
"""Clean and rebuild the wheel and sdist, then smoke-test the wheel in a venv.

Deletes only build/, dist/ and *.egg-info directories under the project root,
after checking that the root really is this project (pyproject with our name).
"""
import argparse
import shutil
import subprocess
import sys
import tempfile
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "ledgerkit"
CLEAN_TARGETS = ("build", "dist")


def assert_project_root(root: Path) -> None:
    pyproject = root / "pyproject.toml"
    if not pyproject.is_file():
        sys.exit(f"refusing to clean: no pyproject.toml in {root}")
    name = tomllib.loads(pyproject.read_text())["project"]["name"]
    if name != PACKAGE:
        sys.exit(f"refusing to clean: project is {name!r}, expected {PACKAGE!r}")
    if root == Path(root.anchor) or root == Path.home():
        sys.exit("refusing to clean the filesystem root or home directory")


def clean(root: Path) -> list[Path]:
    removed = []
    victims = [root / t for t in CLEAN_TARGETS] + list(root.glob("src/*.egg-info"))
    for path in victims:
        resolved = path.resolve()
        if root not in resolved.parents:
            raise RuntimeError(f"{resolved} is outside {root}")
        if resolved.is_dir():
            shutil.rmtree(resolved)
            removed.append(resolved)
    return removed


def build(root: Path) -> list[Path]:
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", "dist"],
                   cwd=root, check=True)
    return sorted((root / "dist").iterdir())


def smoke_test(wheel: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="wheel-smoke-") as tmp:
        env_dir = Path(tmp) / "venv"
        venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
        py = env_dir / ("Scripts" if sys.platform == "win32" else "bin") / "python"
        subprocess.run([str(py), "-m", "pip", "install", "--quiet", str(wheel)], check=True)
        out = subprocess.run(
            [str(py), "-c", f"import {PACKAGE}; print({PACKAGE}.__version__)"],
            check=True, capture_output=True, text=True,
        )
        print(f"smoke test ok, installed version {out.stdout.strip()}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--skip-smoke", action="store_true")
    args = ap.parse_args()
    assert_project_root(ROOT)
    for path in clean(ROOT):
        print(f"removed {path.relative_to(ROOT)}")
    artifacts = build(ROOT)
    for art in artifacts:
        print(f"built {art.name} ({art.stat().st_size // 1024} KiB)")
    wheels = [a for a in artifacts if a.suffix == ".whl"]
    if not wheels:
        print("no wheel produced", file=sys.stderr)
        return 1
    if not args.skip_smoke:
        smoke_test(wheels[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
