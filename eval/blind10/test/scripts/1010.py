#!/usr/bin/env python3
"""Check and build every library in libs/ of the monorepo.

* verifies that internal dependencies reference the current version
* builds wheels for each lib in parallel (fixed argv, inside each lib dir)
* collects the wheels into build/wheelhouse
"""
import shutil
import subprocess
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIBS = ROOT / "libs"
WHEELHOUSE = ROOT / "build" / "wheelhouse"


def discover():
    for pyproject in sorted(LIBS.glob("*/pyproject.toml")):
        with pyproject.open("rb") as fh:
            meta = tomllib.load(fh)["project"]
        yield pyproject.parent, meta


def requirement_name(req: str) -> str:
    for sep in ("==", ">=", "<=", "~=", "!=", ">", "<", "[", ";", " "):
        req = req.split(sep, 1)[0]
    return req.strip().lower().replace("_", "-")


def check_internal_pins(libs: list) -> list[str]:
    versions = {meta["name"].lower(): meta["version"] for _, meta in libs}
    problems = []
    for path, meta in libs:
        for req in meta.get("dependencies", []):
            name = requirement_name(req)
            if name in versions and "==" in req:
                pinned = req.split("==", 1)[1].split(";")[0].strip()
                if pinned != versions[name]:
                    problems.append(f"{meta['name']}: {name}=={pinned} but libs/ has {versions[name]}")
    return problems


def build_one(path: Path) -> tuple[Path, int, str]:
    out_dir = path / "dist"
    if out_dir.exists() and out_dir.parent == path:
        shutil.rmtree(out_dir)
    proc = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(out_dir)],
        cwd=path,
        capture_output=True,
        text=True,
    )
    return path, proc.returncode, proc.stdout[-2000:] + proc.stderr[-2000:]


def main() -> int:
    libs = list(discover())
    if not libs:
        print("no libraries found under libs/")
        return 1
    problems = check_internal_pins(libs)
    for p in problems:
        print(f"pin mismatch: {p}")
    if problems and "--ignore-pins" not in sys.argv:
        return 1
    WHEELHOUSE.mkdir(parents=True, exist_ok=True)
    failed = 0
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(build_one, path) for path, _ in libs]
        for fut in as_completed(futures):
            path, code, output = fut.result()
            rel = path.relative_to(ROOT)
            if code:
                failed += 1
                print(f"FAILED {rel}\n{output}")
                continue
            for wheel in (path / "dist").glob("*.whl"):
                shutil.copy2(wheel, WHEELHOUSE / wheel.name)
            print(f"built  {rel}")
    print(f"wheelhouse: {WHEELHOUSE.relative_to(ROOT)} ({len(list(WHEELHOUSE.glob('*.whl')))} wheels)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
