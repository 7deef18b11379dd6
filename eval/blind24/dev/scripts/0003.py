#!/usr/bin/env python3
"""Regenerate golden files for the report renderer tests.

Each case in tests/golden/cases/*.json is rendered by the real renderer and the
output is compared with tests/golden/expected/<case>.txt. By default nothing is
written: the script prints a unified diff per changed case. Pass --write to
update the expected files (only inside tests/golden/expected).
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import difflib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "golden" / "cases"
EXPECTED = ROOT / "tests" / "golden" / "expected"
RENDER_CMD = [sys.executable, "-m", "reportgen.cli", "render", "--format", "text"]


@dataclass
class Result:
    case: str
    old: str | None
    new: str
    error: str = ""
    diff: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.old != self.new


def render_case(case_file: Path, workdir: Path) -> Result:
    name = case_file.stem
    out_file = workdir / f"{name}.txt"
    env = os.environ.copy()
    env["REPORTGEN_FIXED_CLOCK"] = "2024-01-01T00:00:00Z"
    env["TZ"] = "UTC"
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    argv = RENDER_CMD + ["--input", str(case_file), "--output", str(out_file)]
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    expected = EXPECTED / f"{name}.txt"
    old = expected.read_text(encoding="utf-8") if expected.exists() else None
    if proc.returncode != 0:
        return Result(name, old, old or "", error=proc.stderr.strip()[-2000:])
    new = out_file.read_text(encoding="utf-8")
    res = Result(name, old, new)
    if res.changed:
        res.diff = list(
            difflib.unified_diff(
                (old or "").splitlines(keepends=True),
                new.splitlines(keepends=True),
                fromfile=f"expected/{name}.txt",
                tofile=f"rendered/{name}.txt",
            )
        )
    return res


def select_cases(patterns: list[str]) -> list[Path]:
    files = sorted(CASES.glob("*.json"))
    if not patterns:
        return files
    picked = []
    for f in files:
        if any(p in f.stem for p in patterns):
            picked.append(f)
    return picked


def validate_case(path: Path) -> str | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        return f"invalid JSON: {exc}"
    if "title" not in data or "rows" not in data:
        return "case needs 'title' and 'rows'"
    return None


def write_expected(res: Result) -> Path:
    target = (EXPECTED / f"{res.case}.txt").resolve()
    if EXPECTED.resolve() not in target.parents:
        raise RuntimeError(f"refusing to write outside {EXPECTED}: {target}")
    tmp = target.with_suffix(".txt.new")
    tmp.write_text(res.new, encoding="utf-8")
    os.replace(tmp, target)
    return target


def prune_orphans(known: set[str], write: bool) -> int:
    removed = 0
    for exp in sorted(EXPECTED.glob("*.txt")):
        if exp.stem not in known:
            print(f"orphan expected file: {exp.relative_to(ROOT)}")
            if write:
                exp.unlink()
                removed += 1
    return removed


def summarise(results: list[Result]) -> dict:
    """Counts used by CI to annotate the job summary."""
    return {
        "total": len(results),
        "changed": sum(1 for r in results if r.changed and not r.error),
        "failed": sum(1 for r in results if r.error),
    }


def colourise(line: str, enabled: bool) -> str:
    if not enabled:
        return line
    if line.startswith("+") and not line.startswith("+++"):
        return f"\033[32m{line}\033[0m"
    if line.startswith("-") and not line.startswith("---"):
        return f"\033[31m{line}\033[0m"
    return line


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("cases", nargs="*", help="substring filters for case names")
    ap.add_argument("--write", action="store_true", help="update expected files")
    ap.add_argument("--prune", action="store_true", help="delete expected files without a case")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--no-color", action="store_true")
    args = ap.parse_args()

    if not CASES.is_dir():
        print(f"no cases directory at {CASES}", file=sys.stderr)
        return 2
    EXPECTED.mkdir(parents=True, exist_ok=True)
    files = select_cases(args.cases)
    bad = {f.stem: validate_case(f) for f in files}
    bad = {k: v for k, v in bad.items() if v}
    for name, problem in bad.items():
        print(f"case {name}: {problem}", file=sys.stderr)
    if bad:
        return 2

    color = sys.stdout.isatty() and not args.no_color
    workdir = Path(tempfile.mkdtemp(prefix="golden-"))
    results: list[Result] = []
    try:
        with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futs = {pool.submit(render_case, f, workdir): f for f in files}
            for fut in cf.as_completed(futs):
                results.append(fut.result())
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    results.sort(key=lambda r: r.case)
    failed = [r for r in results if r.error]
    changed = [r for r in results if r.changed and not r.error]
    for r in failed:
        print(f"FAILED {r.case}:\n{r.error}\n", file=sys.stderr)
    for r in changed:
        for line in r.diff:
            sys.stdout.write(colourise(line, color))
        if args.write:
            path = write_expected(r)
            print(f"updated {path.relative_to(ROOT)}")
    if args.prune:
        prune_orphans({f.stem for f in files}, args.write)

    print(
        f"{len(results)} cases, {len(changed)} changed, {len(failed)} failed"
        + ("" if args.write else " (dry run; pass --write to update)")
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
