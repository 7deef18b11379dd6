#!/usr/bin/env python3
"""Execute the project's notebooks headlessly and collect HTML reports.

Each notebook under notebooks/ listed in notebooks/manifest.toml is executed with
`jupyter nbconvert --execute` in a scratch directory, then rendered to HTML under
reports/notebooks/. A small cache under ~/.cache/fernleaf-nbrun/ remembers the
content hash of notebooks that already rendered cleanly so unchanged ones are skipped.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib  # type: ignore

ROOT = Path(__file__).resolve().parents[1]
NB_DIR = ROOT / "notebooks"
REPORT_DIR = ROOT / "reports" / "notebooks"
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "fernleaf-nbrun"
CACHE_FILE = CACHE_DIR / "rendered.json"
DEFAULT_TIMEOUT = 900


@dataclass
class NotebookJob:
    name: str
    path: Path
    kernel: str = "python3"
    timeout: int = DEFAULT_TIMEOUT
    parameters: dict = field(default_factory=dict)

    def digest(self) -> str:
        h = hashlib.sha256()
        h.update(self.path.read_bytes())
        h.update(json.dumps(self.parameters, sort_keys=True).encode())
        return h.hexdigest()


@dataclass
class Result:
    job: NotebookJob
    ok: bool
    seconds: float
    skipped: bool = False
    message: str = ""


def load_manifest(path: Path) -> list[NotebookJob]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    jobs = []
    for name, spec in data.get("notebook", {}).items():
        nb_path = (NB_DIR / spec["file"]).resolve()
        if NB_DIR.resolve() not in nb_path.parents:
            raise SystemExit(f"manifest entry {name} points outside notebooks/: {nb_path}")
        jobs.append(
            NotebookJob(
                name=name,
                path=nb_path,
                kernel=spec.get("kernel", "python3"),
                timeout=int(spec.get("timeout", DEFAULT_TIMEOUT)),
                parameters=spec.get("parameters", {}),
            )
        )
    return jobs


def load_cache() -> dict:
    try:
        return json.loads(CACHE_FILE.read_text())
    except (OSError, json.JSONDecodeError):
        return {}


def save_cache(cache: dict) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    tmp = CACHE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(cache, indent=2, sort_keys=True))
    tmp.replace(CACHE_FILE)


def run_with_timeout(argv: list[str], cwd: Path, timeout: int, env: dict) -> tuple[int, str]:
    """Run argv in its own process group so a hung kernel can be stopped cleanly."""
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        # Only the group we started: nbconvert plus the kernel it spawned.
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            out, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
        return 124, (out or "") + f"\n[timed out after {timeout}s]"


def execute(job: NotebookJob, keep_scratch: bool) -> Result:
    started = time.monotonic()
    scratch = Path(tempfile.mkdtemp(prefix=f"nbrun-{job.name}-"))
    try:
        work_nb = scratch / job.path.name
        shutil.copy2(job.path, work_nb)
        env = dict(os.environ)
        env["FERNLEAF_NB_PARAMS"] = json.dumps(job.parameters)
        env.setdefault("MPLBACKEND", "Agg")
        argv = [
            sys.executable, "-m", "jupyter", "nbconvert",
            "--to", "notebook", "--execute", "--inplace",
            f"--ExecutePreprocessor.timeout={job.timeout}",
            f"--ExecutePreprocessor.kernel_name={job.kernel}",
            str(work_nb),
        ]
        code, out = run_with_timeout(argv, NB_DIR, job.timeout + 60, env)
        if code != 0:
            tail = "\n".join(out.splitlines()[-25:])
            return Result(job, False, time.monotonic() - started, message=tail)
        REPORT_DIR.mkdir(parents=True, exist_ok=True)
        html_argv = [
            sys.executable, "-m", "jupyter", "nbconvert",
            "--to", "html", "--no-input",
            "--output-dir", str(REPORT_DIR),
            "--output", job.name,
            str(work_nb),
        ]
        code, out = run_with_timeout(html_argv, NB_DIR, 300, env)
        ok = code == 0
        return Result(job, ok, time.monotonic() - started, message="" if ok else out[-2000:])
    finally:
        if keep_scratch:
            print(f"  scratch kept at {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)


def write_index(results: list[Result]) -> Path:
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    rows = []
    for r in results:
        status = "skipped (unchanged)" if r.skipped else ("ok" if r.ok else "FAILED")
        link = f"<a href='{r.job.name}.html'>{r.job.name}</a>"
        rows.append(f"<tr><td>{link}</td><td>{status}</td><td>{r.seconds:.1f}s</td></tr>")
    html = (
        "<!doctype html><meta charset='utf-8'><title>Notebook reports</title>"
        "<h1>Notebook reports</h1><table><tr><th>notebook</th><th>status</th><th>time</th></tr>"
        + "".join(rows)
        + "</table>"
    )
    index = REPORT_DIR / "index.html"
    index.write_text(html, encoding="utf-8")
    return index


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--manifest", type=Path, default=NB_DIR / "manifest.toml")
    ap.add_argument("--only", action="append", default=[], help="run only these notebook names")
    ap.add_argument("--force", action="store_true", help="ignore the render cache")
    ap.add_argument("--keep-scratch", action="store_true")
    args = ap.parse_args()

    jobs = load_manifest(args.manifest)
    if args.only:
        jobs = [j for j in jobs if j.name in set(args.only)]
    cache = {} if args.force else load_cache()
    results: list[Result] = []
    for job in jobs:
        digest = job.digest()
        if cache.get(job.name) == digest and (REPORT_DIR / f"{job.name}.html").exists():
            results.append(Result(job, True, 0.0, skipped=True))
            print(f"- {job.name}: unchanged, skipping")
            continue
        print(f"- {job.name}: executing ({job.kernel}, timeout {job.timeout}s)")
        res = execute(job, args.keep_scratch)
        results.append(res)
        if res.ok:
            cache[job.name] = digest
        else:
            cache.pop(job.name, None)
            print(f"  failed:\n{res.message}")
    save_cache(cache)
    index = write_index(results)
    failed = [r.job.name for r in results if not r.ok]
    print(f"index written to {index.relative_to(ROOT)}; {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
