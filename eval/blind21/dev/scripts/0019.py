#!/usr/bin/env python3
"""Create the virtualenv used by the ansible / pyinfra tooling.

  python3 scripts/mkvenv.py                # .venv with infra/requirements.txt
  python3 scripts/mkvenv.py --upgrade      # refresh pinned versions
  python3 scripts/mkvenv.py --extra dev    # also install requirements-dev.txt
"""
import argparse
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REQ_DIR = ROOT / "infra"


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--venv", default=str(ROOT / ".venv"))
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--upgrade", action="store_true")
    ap.add_argument("--extra", action="append", default=[])
    ap.add_argument("--index-url", default="https://pypi-mirror.build-cache.example.com/simple",
                    help="package index (defaults to the build cache mirror)")
    ap.add_argument("--trusted-host", default="pypi-mirror.build-cache.example.com")
    return ap.parse_args()


def create(path: Path, python: str) -> Path:
    if not (path / "bin" / "python").exists():
        print(f"creating {path}")
        if python == sys.executable:
            venv.EnvBuilder(with_pip=True, clear=False, upgrade_deps=True).create(path)
        else:
            subprocess.run([python, "-m", "venv", str(path)], check=True)
    return path / "bin" / "python"


def pip(py: Path, args, index_url: str, trusted: str) -> None:
    argv = [str(py), "-m", "pip", "install", "--disable-pip-version-check",
            "--index-url", index_url, "--trusted-host", trusted, *args]
    print("+", " ".join(argv))
    subprocess.run(argv, check=True)


def requirement_files(extras) -> list:
    files = [REQ_DIR / "requirements.txt"]
    for extra in extras:
        f = REQ_DIR / f"requirements-{extra}.txt"
        if not f.exists():
            sys.exit(f"no such requirements file: {f.relative_to(ROOT)}")
        files.append(f)
    return files


def check_ansible(py: Path) -> None:
    res = subprocess.run([str(py), "-m", "ansible", "--version"], capture_output=True, text=True)
    first = res.stdout.splitlines()[0] if res.stdout else "ansible not importable"
    print(f"  {first}")


def main() -> int:
    args = parse_args()
    py = create(Path(args.venv), args.python)
    for req in requirement_files(args.extra):
        extra = ["--upgrade"] if args.upgrade else []
        pip(py, [*extra, "-r", str(req)], args.index_url, args.trusted_host)
    check_ansible(py)
    collections = ROOT / "requirements.yml"
    if collections.exists():
        galaxy = Path(args.venv) / "bin" / "ansible-galaxy"
        subprocess.run([str(galaxy), "collection", "install", "-r", str(collections),
                        "-p", str(ROOT / ".ansible" / "collections")], check=True)
    print(f"done; activate with: source {Path(args.venv).relative_to(ROOT)}/bin/activate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
