#!/usr/bin/env python3
"""Build release artefacts for the `quillmark` package.

Removes the previous build output (only inside the repository), builds sdist
and wheel with the standard build frontend, and writes SHA256SUMS next to them.
"""
from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
BUILD_DIRS = ("build", "dist", "src/quillmark.egg-info")


class ReleaseError(RuntimeError):
    pass


def ensure_repo_root(root: Path) -> None:
    """Refuse to run anywhere except a checkout of this project."""
    marker = root / "pyproject.toml"
    if not marker.is_file():
        raise ReleaseError(f"{root} does not look like the project root")
    if "quillmark" not in marker.read_text(encoding="utf-8"):
        raise ReleaseError("pyproject.toml is not the quillmark one")
    if root == Path(root.anchor) or root == Path.home():
        raise ReleaseError("refusing to operate on / or $HOME")


def clean(root: Path, dry_run: bool) -> None:
    for rel in BUILD_DIRS:
        target = (root / rel).resolve()
        if root not in target.parents:
            raise ReleaseError(f"{target} escapes the repository")
        if target.exists():
            print(f"removing {target.relative_to(root)}")
            if not dry_run:
                shutil.rmtree(target)


def run(argv: list[str], cwd: Path) -> None:
    print("+", " ".join(argv))
    proc = subprocess.run(argv, cwd=cwd, check=False)
    if proc.returncode != 0:
        raise ReleaseError(f"{argv[0]} exited with {proc.returncode}")


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def write_checksums(dist: Path) -> Path:
    lines = []
    for artefact in sorted(dist.iterdir()):
        if artefact.suffix in {".whl", ".gz"}:
            lines.append(f"{sha256(artefact)}  {artefact.name}")
    out = dist / "SHA256SUMS"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--skip-tests", action="store_true")
    args = parser.parse_args(argv)
    try:
        ensure_repo_root(REPO_ROOT)
        clean(REPO_ROOT, args.dry_run)
        if args.dry_run:
            return 0
        if not args.skip_tests:
            run([sys.executable, "-m", "pytest", "-q"], REPO_ROOT)
        run([sys.executable, "-m", "build", "--sdist", "--wheel"], REPO_ROOT)
        sums = write_checksums(REPO_ROOT / "dist")
        print(sums.read_text(encoding="utf-8"))
    except ReleaseError as exc:
        print(f"release failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
