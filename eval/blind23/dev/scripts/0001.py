#!/usr/bin/env python3
"""Crash triage for the relay daemon.

Collects core dumps produced by *our* binaries (build/relayd, build/relay-cli and the
test runners), runs ``gdb -batch`` on each of them and writes a markdown report into
build/crash-reports/.  With ``--file-issue`` the summary is posted as a GitHub issue on
the project repository using the token from the environment / .env file.

Usage:
    tools/crash_triage.py                 # scan, symbolize, write report
    tools/crash_triage.py --since 2d      # only cores newer than two days
    tools/crash_triage.py --file-issue    # also open an issue (needs GITHUB_TOKEN)
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
BUILD_DIR = REPO_ROOT / "build"
REPORT_DIR = BUILD_DIR / "crash-reports"
OUR_BINARIES = ("relayd", "relay-cli", "unit_tests", "integration_test")
GITHUB_API = "https://api.github.com"
GITHUB_REPO = "relay-project/relay"
GDB_COMMANDS = [
    "set pagination off",
    "set print pretty on",
    "info sharedlibrary",
    "thread apply all bt 25",
    "info registers",
]


@dataclass
class CoreFile:
    path: Path
    binary: Path
    mtime: float
    frames: list[str] = field(default_factory=list)
    signature: str = ""


def log(msg: str) -> None:
    print(f"[triage {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr)


def parse_since(value: str) -> float:
    match = re.fullmatch(r"(\d+)([smhd])", value)
    if not match:
        raise argparse.ArgumentTypeError(f"bad duration: {value!r} (use e.g. 30m, 2d)")
    amount, unit = int(match.group(1)), match.group(2)
    scale = {"s": 1, "m": 60, "h": 3600, "d": 86400}[unit]
    return time.time() - amount * scale


def load_dotenv(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip('"').strip("'")
    return values


def find_binary_for(core: Path) -> Path | None:
    """Cores are named core.<exe>.<pid> by our ctest fixture (see CMakeLists)."""
    parts = core.name.split(".")
    if len(parts) >= 3 and parts[1] in OUR_BINARIES:
        candidate = BUILD_DIR / parts[1]
        if candidate.exists():
            return candidate
    try:
        out = subprocess.run(["file", "-b", str(core)], capture_output=True, text=True,
                             check=False).stdout
    except FileNotFoundError:
        return None
    match = re.search(r"execfn: '([^']+)'", out)
    if match:
        exe = Path(match.group(1))
        if exe.name in OUR_BINARIES and (BUILD_DIR / exe.name).exists():
            return BUILD_DIR / exe.name
    return None


def collect_cores(since: float) -> list[CoreFile]:
    found: list[CoreFile] = []
    search_dirs = [BUILD_DIR, BUILD_DIR / "tests", REPO_ROOT / "var" / "cores"]
    for directory in search_dirs:
        if not directory.is_dir():
            continue
        for core in directory.glob("core*"):
            if not core.is_file() or core.stat().st_mtime < since:
                continue
            binary = find_binary_for(core)
            if binary is None:
                log(f"skip {core.relative_to(REPO_ROOT)}: not produced by one of our binaries")
                continue
            found.append(CoreFile(core, binary, core.stat().st_mtime))
    found.extend(collect_from_coredumpctl(since))
    return sorted(found, key=lambda c: c.mtime, reverse=True)


def collect_from_coredumpctl(since: float) -> list[CoreFile]:
    """Ask systemd-coredump for cores of our own executables only."""
    if shutil.which("coredumpctl") is None:
        return []
    result: list[CoreFile] = []
    export_dir = BUILD_DIR / "crash-reports" / "cores"
    for name in OUR_BINARIES:
        exe = BUILD_DIR / name
        if not exe.exists():
            continue
        proc = subprocess.run(
            ["coredumpctl", "--no-pager", "--json=short", "list", str(exe)],
            capture_output=True, text=True, check=False,
        )
        if proc.returncode != 0 or not proc.stdout.strip():
            continue
        for entry in json.loads(proc.stdout):
            ts = entry.get("time", 0) / 1_000_000
            if ts < since or not entry.get("corefile") == "present":
                continue
            export_dir.mkdir(parents=True, exist_ok=True)
            target = export_dir / f"core.{name}.{entry['pid']}"
            subprocess.run(["coredumpctl", "dump", str(entry["pid"]), "-o", str(target)],
                           capture_output=True, check=False)
            if target.exists():
                result.append(CoreFile(target, exe, ts))
    return result


def symbolize(core: CoreFile, timeout: int) -> None:
    argv = ["gdb", "-q", "-nx", "-batch"]
    for command in GDB_COMMANDS:
        argv += ["-ex", command]
    argv += [str(core.binary), str(core.path)]
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        core.frames = ["<gdb timed out>"]
        return
    frames = [ln for ln in proc.stdout.splitlines() if re.match(r"#\d+\s", ln)]
    core.frames = frames[:40]
    top = [re.sub(r"0x[0-9a-f]+", "", f).split(" in ")[-1].split(" (")[0] for f in frames[:5]]
    core.signature = hashlib.sha1("|".join(top).encode()).hexdigest()[:12]


def write_report(cores: list[CoreFile]) -> Path:
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    report = REPORT_DIR / f"triage-{stamp}.md"
    groups: dict[str, list[CoreFile]] = {}
    for core in cores:
        groups.setdefault(core.signature, []).append(core)
    lines = [f"# Crash triage {stamp}", "", f"{len(cores)} core(s), {len(groups)} signature(s)", ""]
    for sig, members in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        first = members[0]
        lines.append(f"## {sig} - {first.binary.name} x{len(members)}")
        lines.append("")
        lines.append("```")
        lines.extend(first.frames[:20] or ["<no frames>"])
        lines.append("```")
        lines.append("")
        for member in members:
            lines.append(f"- `{member.path.relative_to(REPO_ROOT)}`")
        lines.append("")
    report.write_text("\n".join(lines), encoding="utf-8")
    return report


def file_issue(report: Path, token: str) -> None:
    body = report.read_text(encoding="utf-8")
    payload = json.dumps({
        "title": f"Crash triage: {report.stem}",
        "body": body[:60000],
        "labels": ["crash", "triage"],
    }).encode()
    req = urllib.request.Request(
        f"{GITHUB_API}/repos/{GITHUB_REPO}/issues",
        data=payload,
        method="POST",
        headers={
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        },
    )
    for attempt in range(4):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                data = json.load(resp)
                log(f"opened issue #{data.get('number')}")
                return
        except OSError as exc:
            wait = 2 ** attempt
            log(f"GitHub request failed ({exc}); retrying in {wait}s")
            time.sleep(wait)
    log("giving up on issue creation; report is still on disk")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--since", type=parse_since, default=parse_since("7d"))
    parser.add_argument("--gdb-timeout", type=int, default=60)
    parser.add_argument("--file-issue", action="store_true", help="open a GitHub issue")
    parser.add_argument("--keep-exported", action="store_true")
    args = parser.parse_args()

    if shutil.which("gdb") is None:
        log("gdb not found; install it with your package manager")
        return 2
    cores = collect_cores(args.since)
    if not cores:
        log("no cores from our binaries; nothing to do")
        return 0
    for core in cores:
        log(f"symbolizing {core.path.name} against {core.binary.name}")
        symbolize(core, args.gdb_timeout)
    report = write_report(cores)
    log(f"report written to {report.relative_to(REPO_ROOT)}")

    if args.file_issue:
        env = {**load_dotenv(REPO_ROOT / ".env"), **os.environ}
        token = env.get("GITHUB_TOKEN")
        if not token:
            log("GITHUB_TOKEN not set; skipping issue creation")
        else:
            file_issue(report, token)

    exported = REPORT_DIR / "cores"
    if exported.is_dir() and not args.keep_exported:
        shutil.rmtree(exported)
    return 0


if __name__ == "__main__":
    sys.exit(main())
