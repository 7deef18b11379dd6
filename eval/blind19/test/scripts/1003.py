#!/usr/bin/env python3
"""Execute notebooks in-process with nbclient and fail CI on errors.

Why not `jupyter nbconvert --execute`? We want per-cell timing, a retry for
cells tagged `flaky-network`, and outputs stripped before the notebooks are
committed. Everything happens on copies in a temporary folder; only
`--write-back` touches the files under analysis/.

    python ci/exec_notebooks.py analysis/*.ipynb
    python ci/exec_notebooks.py --write-back analysis/02_features.ipynb
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError

ROOT = Path(__file__).resolve().parents[1]
TIMING_FILE = ROOT / "build" / "notebook-timings.json"
RETRY_TAG = "flaky-network"
SKIP_TAG = "skip-ci"


@dataclass
class CellTiming:
    index: int
    seconds: float
    tags: list[str] = field(default_factory=list)


@dataclass
class Outcome:
    path: str
    ok: bool
    seconds: float
    error: str | None = None
    slowest: list[CellTiming] = field(default_factory=list)


class TimedClient(NotebookClient):
    """NotebookClient that records how long every cell took and retries flaky ones."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.timings: list[CellTiming] = []

    async def async_execute_cell(self, cell, cell_index, execution_count=None, store_history=True):
        tags = cell.get("metadata", {}).get("tags", [])
        if SKIP_TAG in tags:
            return cell
        attempts = 3 if RETRY_TAG in tags else 1
        for attempt in range(1, attempts + 1):
            started = time.perf_counter()
            try:
                result = await super().async_execute_cell(cell, cell_index, execution_count, store_history)
                self.timings.append(CellTiming(cell_index, time.perf_counter() - started, tags))
                return result
            except CellExecutionError:
                if attempt == attempts:
                    raise
                time.sleep(2 * attempt)
        return cell


def expand(patterns: list[str]) -> list[Path]:
    found: list[Path] = []
    for pattern in patterns:
        matches = glob.glob(pattern) or [pattern]
        found.extend(Path(m).resolve() for m in matches)
    for path in found:
        if not path.exists():
            raise SystemExit(f"{path} does not exist")
        if ROOT not in path.parents:
            raise SystemExit(f"{path} is outside the repository")
    return sorted(set(found))


def strip_outputs(nb) -> None:
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        cell.metadata.pop("execution", None)


def run_one(path: Path, workdir: Path, timeout: int, kernel: str) -> tuple[Outcome, object]:
    copy = workdir / path.name
    shutil.copy2(path, copy)
    nb = nbformat.read(copy, as_version=4)
    client = TimedClient(
        nb,
        timeout=timeout,
        kernel_name=kernel,
        resources={"metadata": {"path": str(path.parent)}},
        allow_errors=False,
    )
    started = time.perf_counter()
    try:
        client.execute()
        ok, message = True, None
    except (CellExecutionError, CellTimeoutError) as exc:
        ok, message = False, str(exc).splitlines()[-1][:300]
    elapsed = time.perf_counter() - started
    slowest = sorted(client.timings, key=lambda t: t.seconds, reverse=True)[:3]
    return Outcome(str(path.relative_to(ROOT)), ok, elapsed, message, slowest), nb


def save_timings(outcomes: list[Outcome]) -> None:
    TIMING_FILE.parent.mkdir(parents=True, exist_ok=True)
    history = {}
    if TIMING_FILE.exists():
        history = json.loads(TIMING_FILE.read_text())
    for o in outcomes:
        history.setdefault(o.path, []).append(round(o.seconds, 1))
        history[o.path] = history[o.path][-20:]
    TIMING_FILE.write_text(json.dumps(history, indent=2, sort_keys=True))


def report(outcomes: list[Outcome]) -> None:
    width = max(len(o.path) for o in outcomes)
    for o in outcomes:
        mark = "PASS" if o.ok else "FAIL"
        print(f"{mark}  {o.path:<{width}}  {o.seconds:7.1f}s")
        for t in o.slowest:
            print(f"        cell {t.index:>3}: {t.seconds:6.1f}s {' '.join(t.tags)}")
        if o.error:
            print(f"        {o.error}")


def regressions(outcomes: list[Outcome], factor: float = 1.5) -> list[str]:
    """Notebooks that got much slower than their recent median."""
    if not TIMING_FILE.exists():
        return []
    history = json.loads(TIMING_FILE.read_text())
    slow = []
    for o in outcomes:
        past = sorted(history.get(o.path, []))
        if len(past) < 5:
            continue
        median = past[len(past) // 2]
        if o.seconds > median * factor:
            slow.append(f"{o.path}: {o.seconds:.0f}s vs median {median:.0f}s")
    return slow


def main() -> int:
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    parser.add_argument("notebooks", nargs="+")
    parser.add_argument("--timeout", type=int, default=int(os.environ.get("NB_TIMEOUT", "600")))
    parser.add_argument("--kernel", default=os.environ.get("NB_KERNEL", "python3"))
    parser.add_argument("--write-back", action="store_true", help="strip outputs and save over the originals")
    args = parser.parse_args()

    paths = expand(args.notebooks)
    outcomes: list[Outcome] = []
    workdir = Path(tempfile.mkdtemp(prefix="nbexec-"))
    try:
        for path in paths:
            outcome, nb = run_one(path, workdir, args.timeout, args.kernel)
            outcomes.append(outcome)
            if args.write_back and outcome.ok:
                strip_outputs(nb)
                nbformat.write(nb, path)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    report(outcomes)
    for line in regressions(outcomes):
        print(f"slower than usual: {line}")
    save_timings(outcomes)
    failed = [o for o in outcomes if not o.ok]
    print(f"\n{len(outcomes) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
