#!/usr/bin/env python3
"""Parallel coverage for kiln with diff-cover gating.

* runs ``pytest -n auto`` under coverage with ``parallel = true`` so each xdist
  worker writes its own ``.coverage.*`` data file into out/coverage/data/,
* combines, writes XML/HTML/JSON reports into out/coverage/,
* runs ``diff-cover`` against the merge base with ``--fail-under``,
* optionally uploads the XML to Codecov (``--upload``), which reads the
  repository token from CODECOV_TOKEN in its own environment.

Old data files are removed before each run so stale workers never leak into the
totals.  Nothing outside out/coverage/ is deleted.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("kiln.coverage")
REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "out" / "coverage"
DATA = OUT / "data"
RCFILE = OUT / "coveragerc"

RC_TEMPLATE = """\
[run]
branch = true
parallel = true
source = kiln
data_file = {data}/.coverage
omit =
    kiln/_vendor/*
    kiln/**/conftest.py

[report]
skip_empty = true
exclude_also =
    if TYPE_CHECKING:
    raise NotImplementedError
    @overload
"""


def sh(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    LOG.info("$ %s", " ".join(argv))
    return subprocess.run(argv, cwd=REPO, **kwargs)


def prepare() -> dict[str, str]:
    if DATA.exists():
        shutil.rmtree(DATA)
    DATA.mkdir(parents=True)
    RCFILE.write_text(RC_TEMPLATE.format(data=DATA))
    env = dict(os.environ)
    env["COVERAGE_RCFILE"] = str(RCFILE)
    env["COVERAGE_PROCESS_START"] = str(RCFILE)
    return env


def run_tests(env: dict[str, str], markers: str | None, workers: str) -> int:
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
            f"--numprocesses={workers}", "--cov", f"--cov-config={RCFILE}", "--cov-report="]
    if markers:
        argv += ["-m", markers]
    return sh(argv, env=env, check=False).returncode


def reports(env: dict[str, str]) -> dict:
    cov = [sys.executable, "-m", "coverage"]
    sh(cov + ["combine", "--keep", str(DATA)], env=env, check=True)
    sh(cov + ["xml", "-o", str(OUT / "coverage.xml")], env=env, check=True)
    sh(cov + ["html", "-d", str(OUT / "html"), "--title", "kiln coverage"], env=env, check=True)
    sh(cov + ["json", "-o", str(OUT / "coverage.json")], env=env, check=True)
    data = json.loads((OUT / "coverage.json").read_text())
    return data["totals"]


def merge_base(ref: str) -> str:
    return subprocess.run(["git", "merge-base", "HEAD", ref], cwd=REPO, capture_output=True,
                          text=True, check=True).stdout.strip()


def diff_cover(ref: str, fail_under: float) -> int:
    if shutil.which("diff-cover") is None:
        LOG.warning("diff-cover not installed; skipping diff coverage")
        return 0
    base = merge_base(ref)
    proc = sh(["diff-cover", str(OUT / "coverage.xml"), f"--compare-branch={base}",
               f"--fail-under={fail_under}", "--html-report", str(OUT / "diff-cover.html"),
               "--json-report", str(OUT / "diff-cover.json")], check=False)
    try:
        summary = json.loads((OUT / "diff-cover.json").read_text())
        LOG.info("diff coverage: %s%% of %s changed line(s)", summary.get("total_percent_covered"),
                 summary.get("total_num_lines"))
    except (FileNotFoundError, json.JSONDecodeError):
        pass
    return proc.returncode


def upload() -> None:
    if not os.environ.get("CODECOV_TOKEN"):
        LOG.warning("CODECOV_TOKEN not set; upload skipped")
        return
    cli = shutil.which("codecovcli") or shutil.which("codecov")
    if cli is None:
        LOG.warning("codecov CLI not installed; upload skipped")
        return
    sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True,
                         check=True).stdout.strip()
    for attempt in range(1, 4):
        proc = sh([cli, "upload-process", "-f", str(OUT / "coverage.xml"), "-C", sha,
                   "-F", "python"], check=False)
        if proc.returncode == 0:
            return
        LOG.warning("upload attempt %d failed", attempt)


def print_worst(limit: int = 8) -> None:
    data = json.loads((OUT / "coverage.json").read_text())
    files = sorted(data["files"].items(), key=lambda kv: kv[1]["summary"]["percent_covered"])
    for name, info in files[:limit]:
        s = info["summary"]
        print(f"  {s['percent_covered']:5.1f}%  {s['missing_lines']:4d} missing  {name}")


def history(totals: dict) -> None:
    """Append the total to out/coverage/history.csv so trends are visible locally."""
    hist = OUT / "history.csv"
    new = not hist.exists()
    sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                         text=True, check=False).stdout.strip() or "unknown"
    with hist.open("a") as fh:
        if new:
            fh.write("commit,percent,lines,branches\n")
        fh.write(f"{sha},{totals['percent_covered']:.2f},{totals['covered_lines']},"
                 f"{totals.get('covered_branches', 0)}\n")
    rows = hist.read_text().splitlines()[1:]
    if len(rows) >= 2:
        prev = float(rows[-2].split(",")[1])
        delta = totals["percent_covered"] - prev
        LOG.info("coverage change since previous run: %+.2f points", delta)


def badge(totals: dict) -> None:
    pct = totals["percent_covered"]
    colour = "brightgreen" if pct >= 90 else "yellow" if pct >= 75 else "red"
    (OUT / "badge.json").write_text(json.dumps(
        {"schemaVersion": 1, "label": "coverage", "message": f"{pct:.0f}%", "color": colour}) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="kiln coverage with diff-cover")
    parser.add_argument("-m", "--markers", help="pytest -m expression")
    parser.add_argument("-n", "--workers", default="auto")
    parser.add_argument("--compare", default="origin/main")
    parser.add_argument("--fail-under", type=float, default=85.0)
    parser.add_argument("--total-min", type=float, default=0.0)
    parser.add_argument("--upload", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    env = prepare()
    test_rc = run_tests(env, args.markers, args.workers)
    if not any(DATA.glob(".coverage*")):
        LOG.error("no coverage data was written (pytest exit %s)", test_rc)
        return test_rc or 1
    totals = reports(env)
    print(f"total: {totals['percent_covered']:.2f}% "
          f"({totals['covered_lines']}/{totals['num_statements']} lines, "
          f"{totals.get('covered_branches', 0)}/{totals.get('num_branches', 0)} branches)")
    print("least covered files:")
    print_worst()
    history(totals)
    badge(totals)
    diff_rc = diff_cover(args.compare, args.fail_under)
    if args.upload:
        upload()
    if totals["percent_covered"] < args.total_min:
        LOG.error("total coverage below %.1f%%", args.total_min)
        return 1
    return test_rc or diff_rc


if __name__ == "__main__":
    sys.exit(main())
