#!/usr/bin/env python3
"""Symbolize crashes of kiln's C extension that happened under pytest.

When ``kiln._native`` segfaults, the crashing process is the Python interpreter
running our test-suite.  systemd-coredump records those crashes; this tool asks
coredumpctl for entries whose command line contains ``pytest`` *and* whose
working directory is this repository, exports those cores into out/cores/, runs
``gdb -batch`` with the Python gdb extensions (py-bt) and writes one report per
crash plus an index.

Nothing outside the repository's own test runs is inspected: entries from other
programs or other checkouts are ignored.

    python tools/native_crashes.py                 # last 24h
    python tools/native_crashes.py --since "3 days ago" --keep-cores
"""
from __future__ import annotations

import argparse
import json
import logging
import re
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("kiln.crashes")
REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "out" / "crash-reports"
CORES = REPO / "out" / "cores"
NATIVE_SO_GLOB = "kiln/_native*.so"

GDB_SCRIPT = textwrap.dedent(
    """\
    set pagination off
    set confirm off
    info sharedlibrary
    thread apply all bt 40
    py-bt
    info locals
    """
)


@dataclass
class Crash:
    pid: int
    timestamp: int
    exe: str
    cmdline: str
    signal: str
    core: Path | None = None


def coredumpctl_entries(since: str) -> list[dict]:
    if shutil.which("coredumpctl") is None:
        raise SystemExit("coredumpctl not available (systemd-coredump not installed?)")
    proc = subprocess.run(
        ["coredumpctl", "--no-pager", "--json=short", f"--since={since}", "list", sys.executable,
         "python3", "python"],
        capture_output=True, text=True, check=False,
    )
    if proc.returncode or not proc.stdout.strip():
        return []
    return json.loads(proc.stdout)


def details(pid: int) -> dict[str, str]:
    proc = subprocess.run(["coredumpctl", "--no-pager", "info", str(pid)], capture_output=True,
                          text=True, check=False)
    fields: dict[str, str] = {}
    for line in proc.stdout.splitlines():
        m = re.match(r"\s*([A-Za-z ]+):\s(.*)$", line)
        if m:
            fields[m.group(1).strip().lower()] = m.group(2).strip()
    return fields


def ours(info: dict[str, str]) -> bool:
    cmdline = info.get("command line", "")
    cwd = info.get("cwd", "")
    return "pytest" in cmdline and (cwd == str(REPO) or cwd.startswith(str(REPO) + "/"))


def collect(since: str) -> list[Crash]:
    crashes: list[Crash] = []
    for entry in coredumpctl_entries(since):
        if entry.get("corefile") != "present":
            continue
        info = details(entry["pid"])
        if not ours(info):
            LOG.debug("ignoring pid %s: not a test run of this repository", entry["pid"])
            continue
        crashes.append(Crash(pid=entry["pid"], timestamp=entry.get("time", 0) // 1_000_000,
                             exe=entry.get("exe", sys.executable),
                             cmdline=info.get("command line", ""),
                             signal=info.get("signal", "?")))
    return crashes


def export_core(crash: Crash) -> Path:
    CORES.mkdir(parents=True, exist_ok=True)
    target = CORES / f"core.python.{crash.pid}"
    if not target.exists():
        subprocess.run(["coredumpctl", "--no-pager", "dump", str(crash.pid), "-o", str(target)],
                       capture_output=True, check=True)
    return target


def gdb_report(crash: Crash, timeout: int) -> str:
    script = OUT / "gdb-commands.txt"
    script.write_text(GDB_SCRIPT)
    argv = ["gdb", "-q", "-nx", "-batch", "-x", str(script), crash.exe, str(crash.core)]
    try:
        proc = subprocess.run(argv, text=True, capture_output=True, check=False, timeout=timeout)
        return proc.stdout + (("\n[stderr]\n" + proc.stderr) if proc.stderr.strip() else "")
    except subprocess.TimeoutExpired:
        return "<gdb timed out>"


def native_frames(report: str) -> list[str]:
    so_names = {p.name for p in REPO.glob(NATIVE_SO_GLOB)}
    frames = [ln for ln in report.splitlines() if re.match(r"#\d+ ", ln)]
    hits = [f for f in frames if any(n in f for n in so_names) or "kiln_" in f]
    return hits[:10]


def python_frames(report: str) -> list[str]:
    lines = report.splitlines()
    out: list[str] = []
    capture = False
    for ln in lines:
        if ln.startswith("Traceback (most recent call first):"):
            capture = True
            continue
        if capture:
            if not ln.startswith("  "):
                break
            out.append(ln.strip())
    return out[:12]


def write(crash: Crash, report: str) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"crash-{crash.pid}.md"
    body = [
        f"# Native crash in pid {crash.pid} ({crash.signal})",
        "",
        f"command: `{crash.cmdline}`",
        "",
        "## kiln native frames",
        "```",
        *(native_frames(report) or ["<none found>"]),
        "```",
        "## Python frames (py-bt)",
        "```",
        *(python_frames(report) or ["<py-bt unavailable: install python3-dbg>"]),
        "```",
        "## Full gdb output",
        "```",
        report,
        "```",
    ]
    path.write_text("\n".join(body) + "\n")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="symbolize pytest crashes of kiln._native")
    parser.add_argument("--since", default="24 hours ago")
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--keep-cores", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if shutil.which("gdb") is None:
        LOG.error("gdb is required")
        return 2

    crashes = collect(args.since)
    if not crashes:
        LOG.info("no crashes of this repository's test runs since %s", args.since)
        return 0
    index = []
    for crash in crashes:
        crash.core = export_core(crash)
        report = gdb_report(crash, args.timeout)
        path = write(crash, report)
        index.append({"pid": crash.pid, "signal": crash.signal, "report": str(path.relative_to(REPO))})
        LOG.info("pid %s -> %s", crash.pid, path.relative_to(REPO))
    (OUT / "index.json").write_text(json.dumps(index, indent=2) + "\n")
    if not args.keep_cores and CORES.exists():
        shutil.rmtree(CORES)
        LOG.info("exported cores removed (use --keep-cores to keep them)")
    return 1


if __name__ == "__main__":
    sys.exit(main())
