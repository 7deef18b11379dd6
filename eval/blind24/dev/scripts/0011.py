#!/usr/bin/env python3
"""Find flaky tests by re-running failures, and optionally file a GitHub issue.

1. runs the suite once with pytest-json-report
2. re-runs only the failures (--lf) up to --reruns times
3. a test that failed then passed is "flaky"; one that always fails is "broken"
4. --post opens (or comments on) a tracking issue via api.github.com using
   GITHUB_TOKEN; without --post the issue body is printed instead.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

API = "https://api.github.com"
LABEL = "flaky-test"


def run_pytest(extra: list[str], report: Path, last_failed: bool) -> dict:
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly",
            "--json-report", f"--json-report-file={report}"]
    if last_failed:
        argv.append("--lf")
    argv += extra
    print("$", " ".join(argv), file=sys.stderr)
    subprocess.run(argv, check=False)
    if not report.exists():
        raise SystemExit("pytest produced no JSON report; is pytest-json-report installed?")
    return json.loads(report.read_text())


def outcomes(report: dict) -> dict[str, str]:
    return {t["nodeid"]: t["outcome"] for t in report.get("tests", [])}


def classify(first: dict[str, str], reruns: list[dict[str, str]]) -> tuple[list, list]:
    failed = [n for n, o in first.items() if o in ("failed", "error")]
    flaky, broken = [], []
    for node in failed:
        later = [r.get(node) for r in reruns if node in r]
        if any(o == "passed" for o in later):
            flaky.append(node)
        else:
            broken.append(node)
    return sorted(flaky), sorted(broken)


def load_quarantine(path: Path = Path("tests/quarantine.json")) -> set[str]:
    """Tests already known to be flaky; they are reported but not re-filed."""
    if not path.exists():
        return set()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        print(f"warning: {path} is not valid JSON; ignoring", file=sys.stderr)
        return set()
    return set(data.get("tests", []))


def write_quarantine(flaky: list[str], path: Path = Path("tests/quarantine.json")) -> None:
    known = load_quarantine(path)
    merged = sorted(known | set(flaky))
    if merged == sorted(known):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"tests": merged}, indent=2) + "\n", encoding="utf-8")
    print(f"updated {path} ({len(merged)} entries)")


def repo_slug() -> str:
    slug = os.environ.get("GITHUB_REPOSITORY")
    if slug:
        return slug
    url = subprocess.run(["git", "remote", "get-url", "origin"], capture_output=True,
                         text=True, check=True).stdout.strip()
    if url.endswith(".git"):
        url = url[:-4]
    for prefix in ("https://github.com/", "git@github.com:"):
        if url.startswith(prefix):
            return url[len(prefix):]
    raise SystemExit(f"origin {url} is not a GitHub remote")


def gh(method: str, path: str, token: str, body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(
        f"{API}{path}", data=data, method=method,
        headers={
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        },
    )
    for attempt in range(4):
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code in (502, 503) and attempt < 3:
                time.sleep(2 ** attempt)
                continue
            raise SystemExit(f"GitHub API {method} {path}: {exc.code} {exc.read()[:300]!r}")
    return {}


def issue_body(flaky: list[str], broken: list[str], runs: int) -> str:
    sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                         text=True).stdout.strip()
    lines = [f"Flaky-test report for `{sha}` ({runs} reruns)", ""]
    if flaky:
        lines.append("### Flaky (failed, then passed)")
        lines += [f"- `{n}`" for n in flaky]
    if broken:
        lines.append("")
        lines.append("### Failing every time")
        lines += [f"- `{n}`" for n in broken]
    return "\n".join(lines) + "\n"


def post(body: str, token: str) -> None:
    slug = repo_slug()
    found = gh("GET", f"/repos/{slug}/issues?labels={LABEL}&state=open&per_page=1", token)
    if found:
        number = found[0]["number"]
        gh("POST", f"/repos/{slug}/issues/{number}/comments", token, {"body": body})
        print(f"commented on #{number}")
    else:
        created = gh("POST", f"/repos/{slug}/issues", token,
                     {"title": "Flaky tests detected", "body": body, "labels": [LABEL]})
        print(f"opened #{created.get('number')}")


def main() -> int:
    ap = argparse.ArgumentParser(description="detect flaky pytest tests")
    ap.add_argument("--reruns", type=int, default=3)
    ap.add_argument("--post", action="store_true", help="file/update a GitHub issue")
    ap.add_argument("--keep-reports", action="store_true")
    ap.add_argument("--quarantine", action="store_true", help="record flaky tests locally")
    ap.add_argument("pytest_args", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    extra = args.pytest_args[1:] if args.pytest_args[:1] == ["--"] else args.pytest_args
    workdir = Path(tempfile.mkdtemp(prefix="flaky-"))
    try:
        first = outcomes(run_pytest(extra, workdir / "run0.json", last_failed=False))
        reruns = []
        for i in range(1, args.reruns + 1):
            if not any(o in ("failed", "error") for o in first.values()):
                break
            reruns.append(outcomes(run_pytest(extra, workdir / f"run{i}.json", last_failed=True)))
        flaky, broken = classify(first, reruns)
        if args.keep_reports:
            dest = Path("reports") / "flaky"
            dest.mkdir(parents=True, exist_ok=True)
            for f in workdir.glob("*.json"):
                shutil.copy2(f, dest / f.name)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"{len(flaky)} flaky, {len(broken)} broken")
    known = load_quarantine()
    if known:
        flaky = [n for n in flaky if n not in known]
    if args.quarantine:
        write_quarantine(flaky)
    if not flaky and not broken:
        return 0
    body = issue_body(flaky, broken, len(reruns))
    if not args.post:
        print(body)
        print("(pass --post to file this on GitHub)")
        return 1
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        raise SystemExit("GITHUB_TOKEN is required for --post")
    post(body, token)
    return 1


if __name__ == "__main__":
    sys.exit(main())
