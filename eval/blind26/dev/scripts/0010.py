#!/usr/bin/env python3
"""Run pa11y and Lighthouse against the locally served site and summarise.

Starts `npm run preview` (vite, port 4173) unless --no-server, waits for it,
crawls sitemap.xml from the local server to get the page list, runs pa11y
and lighthouse per page, writes reports/a11y/*.json and a markdown summary,
then stops the preview server it started. Only localhost URLs are tested.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports" / "a11y"
SITEMAP_NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
LOCAL_HOSTS = {"localhost", "127.0.0.1"}


def wait_for(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    delay = 0.25
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=3) as resp:
                if resp.status < 500:
                    return
        except (urllib.error.URLError, ConnectionError):
            pass
        time.sleep(delay)
        delay = min(delay * 2, 3)
    raise SystemExit(f"server at {url} did not come up in {timeout}s")


class PreviewServer:
    def __init__(self, port: int):
        self.port = port
        self.proc = None

    def __enter__(self):
        self.proc = subprocess.Popen(
            ["npm", "run", "preview", "--", "--port", str(self.port), "--strictPort"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        wait_for(f"http://localhost:{self.port}/")
        return self

    def __exit__(self, *exc):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        return False


def page_list(base: str, limit: int) -> list[str]:
    try:
        with urllib.request.urlopen(base.rstrip("/") + "/sitemap.xml", timeout=10) as resp:
            tree = ET.fromstring(resp.read())
    except (urllib.error.URLError, ET.ParseError):
        return [base]
    pages = []
    for loc in tree.findall("sm:url/sm:loc", SITEMAP_NS):
        path = urlparse(loc.text.strip()).path or "/"
        pages.append(base.rstrip("/") + path)
    return pages[:limit] or [base]


def slug(url: str) -> str:
    path = urlparse(url).path.strip("/") or "index"
    return path.replace("/", "__")


def run_pa11y(url: str, standard: str) -> list[dict]:
    out = REPORTS / f"pa11y-{slug(url)}.json"
    proc = subprocess.run(
        ["npx", "--no-install", "pa11y", url, "--standard", standard, "--reporter", "json"],
        cwd=ROOT, capture_output=True, text=True, timeout=180,
    )
    out.write_text(proc.stdout or "[]")
    try:
        return json.loads(proc.stdout or "[]")
    except json.JSONDecodeError:
        return [{"type": "error", "message": "pa11y output unreadable", "code": "tool"}]


def run_lighthouse(url: str) -> dict:
    out = REPORTS / f"lh-{slug(url)}.json"
    subprocess.run(
        ["npx", "--no-install", "lighthouse", url, "--quiet", "--output", "json",
         "--output-path", str(out), "--only-categories=accessibility,seo",
         "--chrome-flags=--headless=new"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    if not out.exists():
        return {}
    data = json.loads(out.read_text())
    return {k: round((v.get("score") or 0) * 100) for k, v in data.get("categories", {}).items()}


def summarise(results: dict, threshold: int) -> tuple[str, bool]:
    lines = ["# Accessibility report", "", "| page | pa11y errors | a11y | seo |", "|---|---|---|---|"]
    ok = True
    for url, r in results.items():
        errors = [i for i in r["pa11y"] if i.get("type") == "error"]
        scores = r["lh"]
        a11y = scores.get("accessibility", 0)
        seo = scores.get("seo", 0)
        if errors or a11y < threshold:
            ok = False
        lines.append(f"| {urlparse(url).path or '/'} | {len(errors)} | {a11y} | {seo} |")
    lines.append("")
    lines.append("Threshold: %d. Result: %s" % (threshold, "PASS" if ok else "FAIL"))
    return "\n".join(lines) + "\n", ok


def compare_with_previous(results: dict) -> list[str]:
    """Flag pages whose accessibility score dropped since the last saved run."""
    history = ROOT / "reports" / "a11y-history.json"
    previous = json.loads(history.read_text()) if history.exists() else {}
    regressions = []
    current = {}
    for url, r in results.items():
        path = urlparse(url).path or "/"
        score = r["lh"].get("accessibility", 0)
        current[path] = score
        before = previous.get(path)
        if before is not None and score < before:
            regressions.append(f"{path}: {before} -> {score}")
    history.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n")
    return regressions


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="http://localhost:4173")
    ap.add_argument("--no-server", action="store_true", help="use an already running server")
    ap.add_argument("--limit", type=int, default=25)
    ap.add_argument("--standard", default="WCAG2AA")
    ap.add_argument("--threshold", type=int, default=90)
    ap.add_argument("--keep", action="store_true", help="keep previous reports")
    opts = ap.parse_args()

    host = urlparse(opts.base).hostname
    if host not in LOCAL_HOSTS:
        raise SystemExit(f"refusing to scan {host}: this runner only audits the local build")
    if REPORTS.exists() and not opts.keep:
        shutil.rmtree(REPORTS)
    REPORTS.mkdir(parents=True, exist_ok=True)

    port = urlparse(opts.base).port or 80

    def audit() -> int:
        results = {}
        for url in page_list(opts.base, opts.limit):
            print(f"auditing {url}")
            results[url] = {"pa11y": run_pa11y(url, opts.standard), "lh": run_lighthouse(url)}
        text, ok = summarise(results, opts.threshold)
        (REPORTS / "SUMMARY.md").write_text(text)
        print(text)
        for line in compare_with_previous(results):
            print("regression:", line)
        return 0 if ok else 1

    if opts.no_server:
        wait_for(opts.base, timeout=5)
        return audit()
    with PreviewServer(port):
        return audit()


if __name__ == "__main__":
    sys.exit(main())
