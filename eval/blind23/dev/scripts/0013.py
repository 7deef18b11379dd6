#!/usr/bin/env python3
"""Compare benchmark results of the working tree against a baseline ref.

* Builds both revisions in separate git worktrees under build/bench-worktrees/
  (removed again at the end unless --keep).
* Runs the CLI benchmarks with hyperfine (JSON export) and the library ones with
  pytest-benchmark.
* Prints a table of relative changes and exits 1 on regressions above --threshold.
* With --comment and a PR number, posts the table as a pull-request comment via
  the GitHub REST API (token from GITHUB_TOKEN, sent only to api.github.com).
"""
from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True).strip())
WORK = ROOT / "build" / "bench-worktrees"
RESULTS = ROOT / "build" / "bench-results"
API = "https://api.github.com"

CLI_CASES = {
    "small-file": "{bin} compress tests/data/small.bin -o /dev/null",
    "large-file": "{bin} compress tests/data/large.bin -o /dev/null",
    "decompress": "{bin} decompress tests/data/large.bin.rz -o /dev/null",
}


def run(argv, cwd=None, **kw):
    print("$ " + " ".join(str(a) for a in argv), file=sys.stderr)
    return subprocess.run([str(a) for a in argv], cwd=cwd, check=True, **kw)


def add_worktree(ref: str) -> Path:
    path = WORK / ref.replace("/", "_")
    if path.exists():
        run(["git", "worktree", "remove", "--force", path], cwd=ROOT)
    WORK.mkdir(parents=True, exist_ok=True)
    run(["git", "worktree", "add", "--detach", path, ref], cwd=ROOT)
    return path


def remove_worktrees() -> None:
    if not WORK.exists():
        return
    for child in WORK.iterdir():
        subprocess.run(["git", "worktree", "remove", "--force", str(child)], cwd=ROOT,
                       check=False, capture_output=True)
    shutil.rmtree(WORK, ignore_errors=True)
    subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=False)


def build(tree: Path) -> Path:
    run(["cmake", "-S", tree, "-B", tree / "build", "-G", "Ninja",
         "-DCMAKE_BUILD_TYPE=Release", "-DRELAY_BUILD_TESTS=OFF"])
    run(["cmake", "--build", tree / "build", "--target", "relay-cli"])
    return tree / "build" / "relay-cli"


def hyperfine(label: str, binary: Path, runs: int) -> dict[str, float]:
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"hyperfine-{label}.json"
    argv = ["hyperfine", "--warmup", "2", "--runs", str(runs), "--export-json", out,
            "--shell=none"]
    for name, template in CLI_CASES.items():
        argv += ["--command-name", name, template.format(bin=binary)]
    run(argv, cwd=ROOT, stdout=subprocess.DEVNULL)
    data = json.loads(out.read_text())
    return {r["command"]: statistics.median(r["times"]) for r in data["results"]}


def pytest_bench(label: str, tree: Path) -> dict[str, float]:
    out = RESULTS / f"pytest-{label}.json"
    run([sys.executable, "-m", "pytest", "-q", "--benchmark-only",
         f"--benchmark-json={out}", "bindings/tests/bench"], cwd=tree)
    data = json.loads(out.read_text())
    return {b["name"]: b["stats"]["median"] for b in data["benchmarks"]}


def compare(base: dict[str, float], head: dict[str, float]) -> list[tuple[str, float, float, float]]:
    rows = []
    for name in sorted(set(base) & set(head)):
        change = (head[name] - base[name]) / base[name] * 100
        rows.append((name, base[name], head[name], change))
    return rows


def table(rows) -> str:
    lines = ["| benchmark | base | head | change |", "|---|---:|---:|---:|"]
    for name, b, h, c in rows:
        flag = " :warning:" if c > 5 else ""
        lines.append(f"| {name} | {b * 1000:.2f} ms | {h * 1000:.2f} ms | {c:+.1f}%{flag} |")
    return "\n".join(lines)


def post_comment(repo: str, pr: int, body: str, token: str) -> None:
    req = urllib.request.Request(
        f"{API}/repos/{repo}/issues/{pr}/comments",
        data=json.dumps({"body": body}).encode(),
        headers={"Authorization": f"Bearer {token}",
                 "Accept": "application/vnd.github+json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        print(f"comment posted: HTTP {resp.status}")


def repo_slug() -> str:
    url = subprocess.check_output(["git", "remote", "get-url", "origin"], cwd=ROOT,
                                  text=True).strip()
    slug = url.split("github.com")[-1].lstrip(":/")
    return slug[:-4] if slug.endswith(".git") else slug


def machine_notes() -> list[str]:
    """Things that make benchmark numbers noisy; printed so reviewers can judge."""
    notes = []
    governor = Path("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
    if governor.exists():
        value = governor.read_text().strip()
        if value != "performance":
            notes.append(f"CPU governor is '{value}' (numbers may vary between runs)")
    boost = Path("/sys/devices/system/cpu/cpufreq/boost")
    if boost.exists() and boost.read_text().strip() == "1":
        notes.append("turbo boost is enabled")
    try:
        load1 = os.getloadavg()[0]
        if load1 > (os.cpu_count() or 1) / 2:
            notes.append(f"system load is high ({load1:.1f})")
    except OSError:
        pass
    return notes


def main() -> int:
    parser = argparse.ArgumentParser(description="benchmark HEAD against a baseline")
    parser.add_argument("--base", default="origin/main")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--threshold", type=float, default=5.0)
    parser.add_argument("--comment", type=int, metavar="PR")
    parser.add_argument("--keep", action="store_true", help="keep the worktrees")
    parser.add_argument("--skip-pytest", action="store_true")
    args = parser.parse_args()

    if shutil.which("hyperfine") is None:
        print("hyperfine is required (cargo install hyperfine)", file=sys.stderr)
        return 2
    if not args.keep:
        atexit.register(remove_worktrees)

    base_tree = add_worktree(args.base)
    head_tree = add_worktree("HEAD")
    base_bin, head_bin = build(base_tree), build(head_tree)

    base = hyperfine("base", base_bin, args.runs)
    head = hyperfine("head", head_bin, args.runs)
    if not args.skip_pytest:
        base.update(pytest_bench("base", base_tree))
        head.update(pytest_bench("head", head_tree))

    rows = compare(base, head)
    text = table(rows)
    notes = machine_notes()
    if notes:
        text += "\n\n" + "\n".join(f"> note: {n}" for n in notes)
    print(text)
    (RESULTS / "comparison.md").write_text(text + "\n")

    if args.comment:
        token = os.environ.get("GITHUB_TOKEN")
        if token:
            body = f"Benchmark vs `{args.base}` ({args.runs} runs)\n\n{text}"
            post_comment(repo_slug(), args.comment, body, token)
        else:
            print("GITHUB_TOKEN not set; not commenting", file=sys.stderr)

    regressions = [r for r in rows if r[3] > args.threshold]
    for name, _, _, change in regressions:
        print(f"REGRESSION {name}: {change:+.1f}%", file=sys.stderr)
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
