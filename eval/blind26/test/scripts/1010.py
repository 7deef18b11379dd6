#!/usr/bin/env python3
"""Accessibility regression check against a committed baseline.

Serves the built site (dist/) with http.server on 127.0.0.1 in a background
thread, runs pa11y on each page listed in a11y/pages.txt, and compares the
issue codes per page with a11y/baseline.json. New issues fail the run; fixed
issues are reported so the baseline can be tightened with --update. The
server thread is shut down in a finally block.
"""
import argparse
import functools
import http.server
import json
import socketserver
import subprocess
import sys
import threading
from collections import defaultdict
from pathlib import Path

SITE = Path(__file__).resolve().parents[1]
DIST = SITE / "dist"
PAGES = SITE / "a11y" / "pages.txt"
BASELINE = SITE / "a11y" / "baseline.json"
RESULTS = SITE / "reports" / "a11y-regression"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):  # keep the console readable
        pass


class ThreadedServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def start_server(port: int) -> ThreadedServer:
    handler = functools.partial(QuietHandler, directory=str(DIST))
    server = ThreadedServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, name="dist-server", daemon=True)
    thread.start()
    return server


def read_pages() -> list:
    if not PAGES.exists():
        return ["/"]
    pages = []
    for line in PAGES.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            pages.append(line if line.startswith("/") else "/" + line)
    return pages


def pa11y(url: str, standard: str, timeout: int) -> list:
    argv = ["npx", "--no-install", "pa11y", url, "--standard", standard, "--reporter", "json",
            "--timeout", str(timeout * 1000)]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout + 30)
    try:
        return json.loads(proc.stdout or "[]")
    except json.JSONDecodeError:
        raise RuntimeError(f"pa11y output for {url} was not JSON: {proc.stderr[-200:]}")


def issue_key(issue: dict) -> str:
    return f"{issue.get('type')}:{issue.get('code')}:{issue.get('selector', '')[:80]}"


def load_baseline() -> dict:
    if not BASELINE.exists():
        return {}
    return json.loads(BASELINE.read_text())


def save_baseline(data: dict) -> None:
    BASELINE.parent.mkdir(parents=True, exist_ok=True)
    BASELINE.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


def compare(current: dict, baseline: dict):
    new, fixed = defaultdict(list), defaultdict(list)
    for page, keys in current.items():
        before = set(baseline.get(page, []))
        now = set(keys)
        for k in sorted(now - before):
            new[page].append(k)
        for k in sorted(before - now):
            fixed[page].append(k)
    return new, fixed


def check_pages_exist(pages: list) -> list:
    """Pages in pages.txt that have no file in dist/ (typos, removed routes)."""
    missing = []
    for page in pages:
        rel = page.lstrip("/")
        candidates = [DIST / rel, DIST / rel / "index.html", DIST / f"{rel}.html"]
        if not rel:
            candidates = [DIST / "index.html"]
        if not any(c.is_file() for c in candidates):
            missing.append(page)
    return missing


def group_by_code(current_issues: dict) -> list:
    """Most frequent issue codes across all pages, for the summary line."""
    counts = defaultdict(int)
    for issues in current_issues.values():
        for issue in issues:
            counts[issue.get("code", "?")] += 1
    return sorted(counts.items(), key=lambda kv: kv[1], reverse=True)[:10]


def write_report(current_issues: dict, new: dict, fixed: dict) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "issues.json").write_text(json.dumps(current_issues, indent=2))
    lines = ["# Accessibility regression check", ""]
    if not new:
        lines.append("No new issues compared with the baseline.")
    for page, keys in sorted(new.items()):
        lines.append(f"## {page} - {len(keys)} new")
        lines += [f"- `{k}`" for k in keys]
        lines.append("")
    if fixed:
        lines += ["", "## Fixed since baseline", ""]
        for page, keys in sorted(fixed.items()):
            lines += [f"- {page}: `{k}`" for k in keys]
    (RESULTS / "README.md").write_text("\n".join(lines) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=4810)
    parser.add_argument("--standard", default="WCAG2AA", choices=["WCAG2A", "WCAG2AA", "WCAG2AAA"])
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--update", action="store_true", help="write the current state as baseline")
    parser.add_argument("--include-warnings", action="store_true")
    args = parser.parse_args()

    if not (DIST / "index.html").exists():
        print("dist/index.html missing - run the build first", file=sys.stderr)
        return 2

    missing = check_pages_exist(read_pages())
    if missing:
        print("pages.txt lists pages that are not in dist/: " + ", ".join(missing), file=sys.stderr)
        return 2

    server = start_server(args.port)
    base = f"http://127.0.0.1:{args.port}"
    current = {}
    current_issues = {}
    try:
        for page in read_pages():
            issues = pa11y(base + page, args.standard, args.timeout)
            if not args.include_warnings:
                issues = [i for i in issues if i.get("type") == "error"]
            current_issues[page] = issues
            current[page] = sorted({issue_key(i) for i in issues})
            print(f"{page:<40} {len(current[page]):>3} issue(s)")
    finally:
        server.shutdown()
        server.server_close()

    if args.update:
        save_baseline(current)
        print(f"baseline updated ({sum(len(v) for v in current.values())} known issues)")
        return 0

    new, fixed = compare(current, load_baseline())
    write_report(current_issues, new, fixed)
    for code, n in group_by_code(current_issues):
        print(f"  {n:>4}  {code}")
    total_new = sum(len(v) for v in new.values())
    total_fixed = sum(len(v) for v in fixed.values())
    print(f"{total_new} new issue(s), {total_fixed} fixed; details in reports/a11y-regression/")
    if total_fixed and not total_new:
        print("run with --update to lock in the improvements")
    return 1 if total_new else 0


if __name__ == "__main__":
    sys.exit(main())
