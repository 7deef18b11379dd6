#!/usr/bin/env python3
"""Watch a pytest run and tell me about failures without me staring at it.

    python scripts/pyalert.py -- -x tests/integration
    python scripts/pyalert.py --say --copy-ids -- -k checkout

After the run:
  * desktop notification (notify-send / terminal-notifier / osascript)
  * optional spoken summary on macOS (`say`)
  * optional: failing test node ids copied to the clipboard, ready for
    `pytest --deselect`/`-k` or a bug report
The pytest process is our own child; Ctrl-C is forwarded to it and nothing
else is ever signalled.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

IS_DARWIN = platform.system() == "Darwin"


class Clipboard:
    """Small wrapper over the platform clipboard tools (stdin based)."""

    CANDIDATES = (
        ("pbcopy", []),
        ("wl-copy", []),
        ("xclip", ["-selection", "clipboard"]),
        ("xsel", ["-b", "-i"]),
    )

    def __init__(self):
        self.argv = None
        for name, extra in self.CANDIDATES:
            if shutil.which(name):
                self.argv = [name, *extra]
                break

    def put(self, text: str) -> bool:
        if not self.argv:
            return False
        proc = subprocess.run(self.argv, input=text, text=True)
        return proc.returncode == 0


class Notifier:
    def __init__(self, speak: bool):
        self.speak = speak and IS_DARWIN and shutil.which("say") is not None

    def send(self, title: str, message: str, failed: bool) -> None:
        if shutil.which("terminal-notifier"):
            subprocess.run(["terminal-notifier", "-title", title, "-message", message,
                            "-sound", "Basso" if failed else "Glass"], check=False)
        elif IS_DARWIN:
            script = "display notification {} with title {}".format(json.dumps(message), json.dumps(title))
            subprocess.run(["/usr/bin/osascript", "-e", script], check=False)
        elif shutil.which("notify-send"):
            subprocess.run(["notify-send", "--app-name=pytest", "-u", "critical" if failed else "normal",
                            title, message], check=False)
        else:
            sys.stderr.write("\a")
        if self.speak:
            subprocess.run(["say", message], check=False)


def run_pytest(pytest_args: list[str], report: Path) -> tuple[int, float]:
    argv = [sys.executable, "-m", "pytest", f"--junitxml={report}", *pytest_args]
    started = time.monotonic()
    child = subprocess.Popen(argv)

    def forward(signum, _frame):
        if child.poll() is None:
            child.send_signal(signum)

    old_int = signal.signal(signal.SIGINT, forward)
    old_term = signal.signal(signal.SIGTERM, forward)
    try:
        rc = child.wait()
    finally:
        signal.signal(signal.SIGINT, old_int)
        signal.signal(signal.SIGTERM, old_term)
    return rc, time.monotonic() - started


def failures_from_junit(report: Path) -> list[str]:
    if not report.exists():
        return []
    import xml.etree.ElementTree as ET

    tree = ET.parse(report)
    ids = []
    for case in tree.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            classname = case.get("classname", "")
            name = case.get("name", "")
            module_path = classname.replace(".", "/")
            parts = module_path.split("/")
            # classname is module.Class or module; rebuild a node id pytest accepts
            if parts and parts[-1][:1].isupper():
                node = "/".join(parts[:-1]) + ".py::" + parts[-1] + "::" + name
            else:
                node = module_path + ".py::" + name
            ids.append(node)
    return ids


def counts_from_junit(report: Path) -> dict:
    if not report.exists():
        return {}
    import xml.etree.ElementTree as ET

    root = ET.parse(report).getroot()
    suite = root if root.tag == "testsuite" else root.find("testsuite")
    if suite is None:
        return {}
    return {k: int(suite.get(k, 0)) for k in ("tests", "failures", "errors", "skipped")}


def previous_run() -> dict:
    """Result of the last pyalert run in this project, if recorded."""
    last = Path(".pytest_cache") / "pyalert-last.json"
    if not last.exists():
        return {}
    try:
        return json.loads(last.read_text())
    except (OSError, json.JSONDecodeError):
        return {}


def newly_failing(current: list[str], before: dict) -> list[str]:
    old = set(before.get("failed", []))
    return [n for n in current if n not in old]


def human(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.0f}s"
    return f"{int(seconds // 60)}m{int(seconds % 60):02d}s"


def main() -> int:
    ap = argparse.ArgumentParser(description="run pytest and notify when it finishes")
    ap.add_argument("--say", action="store_true", help="speak the summary (macOS)")
    ap.add_argument("--copy-ids", action="store_true", help="copy failing node ids to the clipboard")
    ap.add_argument("--min-seconds", type=float, default=0,
                    help="only notify if the run took at least this long")
    ap.add_argument("pytest_args", nargs=argparse.REMAINDER, help="arguments for pytest")
    opts = ap.parse_args()
    args = opts.pytest_args[1:] if opts.pytest_args[:1] == ["--"] else opts.pytest_args

    before = previous_run()
    with tempfile.TemporaryDirectory(prefix="pyalert-") as tmp:
        report = Path(tmp) / "junit.xml"
        rc, took = run_pytest(args, report)
        failed_ids = failures_from_junit(report)
        counts = counts_from_junit(report)

    failed = rc != 0
    summary = (f"{counts.get('failures', 0) + counts.get('errors', 0)} failed of {counts.get('tests', '?')}"
               if counts else f"exit code {rc}")
    title = f"pytest {'FAILED' if failed else 'passed'} in {human(took)}"
    fresh = newly_failing(failed_ids, before)
    if fresh and before:
        summary += f" ({len(fresh)} new since last run)"
    if took >= opts.min_seconds:
        Notifier(opts.say).send(title, summary, failed)
    if failed_ids and opts.copy_ids:
        if Clipboard().put("\n".join(failed_ids) + "\n"):
            print(f"pyalert: {len(failed_ids)} failing ids copied to clipboard", file=sys.stderr)
        else:
            print("pyalert: no clipboard tool; failing ids:\n" + "\n".join(failed_ids), file=sys.stderr)
    last = Path(".pytest_cache") / "pyalert-last.json"
    if last.parent.is_dir():
        last.write_text(json.dumps({"rc": rc, "took": round(took, 1), "failed": failed_ids}, indent=1))
    return rc


if __name__ == "__main__":
    sys.exit(main())
