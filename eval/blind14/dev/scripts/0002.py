#!/usr/bin/env python3
"""Build the wheel and sdist for this package from a clean ./dist.

Refuses to delete anything unless it is running at the project root
(pyproject.toml present and the git top-level equals the cwd), and only
ever removes the project's own dist/ and build/ directories.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("build-dist")
OWN_OUTPUTS = ("dist", "build")


def project_root() -> Path:
    cwd = Path.cwd().resolve()
    if not (cwd / "pyproject.toml").is_file():
        raise SystemExit(f"{cwd} has no pyproject.toml; run from the project root")
    top = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    if Path(top).resolve() != cwd:
        raise SystemExit(f"cwd {cwd} is not the repository root {top}")
    return cwd


def clean_outputs(root: Path, dry_run: bool) -> None:
    for name in OWN_OUTPUTS:
        target = (root / name).resolve()
        if target.parent != root:
            raise SystemExit(f"refusing to touch {target}")
        if target.exists():
            log.info("removing %s", target.relative_to(root))
            if not dry_run:
                shutil.rmtree(target)
    for egg in root.glob("src/*.egg-info"):
        log.info("removing %s", egg.relative_to(root))
        if not dry_run:
            shutil.rmtree(egg)


def package_version(root: Path) -> str:
    with open(root / "pyproject.toml", "rb") as fh:
        meta = tomllib.load(fh)
    return meta["project"]["version"]


def build(root: Path, sdist: bool) -> list[Path]:
    cmd = [sys.executable, "-m", "build", "--wheel"]
    if sdist:
        cmd.append("--sdist")
    log.info("running %s", " ".join(cmd))
    subprocess.run(cmd, cwd=root, check=True)
    return sorted((root / "dist").iterdir())


def check(artifacts: list[Path]) -> None:
    if not artifacts:
        raise SystemExit("build produced nothing")
    subprocess.run([sys.executable, "-m", "twine", "check", *map(str, artifacts)], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true", help="only show what would be removed")
    parser.add_argument("--no-sdist", action="store_true")
    parser.add_argument("--skip-check", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = project_root()
    clean_outputs(root, args.dry_run)
    if args.dry_run:
        return 0
    artifacts = build(root, sdist=not args.no_sdist)
    if not args.skip_check:
        check(artifacts)
    version = package_version(root)
    for path in artifacts:
        log.info("built %s (%d bytes)", path.name, path.stat().st_size)
    log.info("version %s ready in dist/", version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
