#!/usr/bin/env python3
"""pyperf-based benchmark runner with stored baselines and a GitHub check run.

    python bench/run.py                         # run suites, compare to baseline
    python bench/run.py --save-baseline         # store results as the new baseline
    python bench/run.py --check-run             # publish a check run on the commit

Benchmarks are defined in bench/suites/*.py as pyperf scripts.  Each suite runs
in its own process via ``python bench/suites/<x>.py -o out/bench/<x>.json``;
pyperf spawns its own worker processes underneath and cleans them up.  The check
run is created through the GitHub REST API with the token from GITHUB_TOKEN in
the Authorization header and nothing else leaves the machine.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import statistics
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("kiln.bench")
REPO = Path(__file__).resolve().parents[1]
SUITES = REPO / "bench" / "suites"
OUT = REPO / "out" / "bench"
BASELINE = REPO / "bench" / "baseline.json"
API_ROOT = "https://api.github.com"


def suite_files(only: list[str]) -> list[Path]:
    files = sorted(p for p in SUITES.glob("*.py") if not p.name.startswith("_"))
    if only:
        files = [p for p in files if p.stem in only]
    return files


def run_suite(path: Path, fast: bool, affinity: str | None) -> Path:
    out = OUT / f"{path.stem}.json"
    if out.exists():
        out.unlink()
    argv = [sys.executable, str(path), "-o", str(out), "--quiet"]
    if fast:
        argv.append("--fast")
    if affinity:
        argv.append(f"--affinity={affinity}")
    LOG.info("suite %s", path.stem)
    subprocess.run(argv, cwd=REPO, check=True)
    return out


def medians(result_file: Path) -> dict[str, float]:
    data = json.loads(result_file.read_text())
    out: dict[str, float] = {}
    for bench in data.get("benchmarks", []):
        name = bench.get("metadata", {}).get("name") or data.get("metadata", {}).get("name")
        values = [v for run in bench.get("runs", []) for v in run.get("values", [])]
        if name and values:
            out[name] = statistics.median(values)
    return out


def compare(current: dict[str, float], baseline: dict[str, float], threshold: float):
    rows, regressions = [], []
    for name in sorted(current):
        now = current[name]
        base = baseline.get(name)
        if base is None:
            rows.append((name, None, now, None))
            continue
        delta = (now - base) / base * 100
        rows.append((name, base, now, delta))
        if delta > threshold:
            regressions.append(name)
    return rows, regressions


def render(rows) -> str:
    lines = ["| benchmark | baseline | current | delta |", "|---|---:|---:|---:|"]
    for name, base, now, delta in rows:
        b = f"{base * 1e3:.3f} ms" if base is not None else "-"
        d = f"{delta:+.1f}%" if delta is not None else "new"
        lines.append(f"| {name} | {b} | {now * 1e3:.3f} ms | {d} |")
    return "\n".join(lines)


def repo_slug() -> str:
    url = subprocess.run(["git", "remote", "get-url", "origin"], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout.strip()
    slug = url.rsplit("github.com", 1)[-1].lstrip(":/")
    return slug.removesuffix(".git")


def publish_check(markdown: str, regressions: list[str]) -> None:
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        LOG.warning("GITHUB_TOKEN not set; not creating a check run")
        return
    sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True,
                         check=True).stdout.strip()
    body = {
        "name": "kiln benchmarks",
        "head_sha": sha,
        "status": "completed",
        "conclusion": "failure" if regressions else "success",
        "output": {"title": f"{len(regressions)} regression(s)", "summary": markdown[:65000]},
    }
    req = urllib.request.Request(
        f"{API_ROOT}/repos/{repo_slug()}/check-runs",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=45) as resp:
            LOG.info("check run created (HTTP %s)", resp.status)
    except urllib.error.HTTPError as exc:
        LOG.error("check run failed: HTTP %s", exc.code)


def system_tuning_hint() -> None:
    if shutil.which("pyperf") is None:
        return
    proc = subprocess.run([sys.executable, "-m", "pyperf", "system", "show"], capture_output=True,
                          text=True, check=False)
    if "ERROR" in proc.stdout or "WARNING" in proc.stdout:
        LOG.info("system not tuned for benchmarks; see `python -m pyperf system show` "
                 "(tuning needs root and is intentionally not done here)")


def keep_history(current: dict[str, float]) -> None:
    """One JSON line per run in out/bench/history.jsonl for local trend plots."""
    sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                         text=True, check=False).stdout.strip()
    line = json.dumps({"commit": sha, "when": int(__import__("time").time()), "medians": current})
    with (OUT / "history.jsonl").open("a") as fh:
        fh.write(line + "\n")
    lines = (OUT / "history.jsonl").read_text().splitlines()
    if len(lines) > 500:
        (OUT / "history.jsonl").write_text("\n".join(lines[-500:]) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="kiln benchmarks")
    parser.add_argument("suites", nargs="*")
    parser.add_argument("--fast", action="store_true")
    parser.add_argument("--affinity")
    parser.add_argument("--threshold", type=float, default=5.0, help="regression threshold in %%")
    parser.add_argument("--save-baseline", action="store_true")
    parser.add_argument("--check-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    OUT.mkdir(parents=True, exist_ok=True)
    system_tuning_hint()
    current: dict[str, float] = {}
    for suite in suite_files(args.suites):
        current.update(medians(run_suite(suite, args.fast, args.affinity)))
    if not current:
        LOG.error("no benchmark results")
        return 2
    keep_history(current)

    if args.save_baseline:
        BASELINE.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n")
        LOG.info("baseline saved to %s (commit it)", BASELINE.relative_to(REPO))
        return 0

    baseline = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    rows, regressions = compare(current, baseline, args.threshold)
    markdown = render(rows)
    print(markdown)
    (OUT / "comparison.md").write_text(markdown + "\n")
    if args.check_run:
        publish_check(markdown, regressions)
    for name in regressions:
        LOG.warning("regression: %s", name)
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
