#!/usr/bin/env python3
"""Drive the SAS programs of the registry report and summarise their logs.

Program order, options and the SAS executable come from sas/batch.yaml, e.g.

    sas: /opt/sasinside/SASHome/SASFoundation/9.4/sas
    workdir: build/saswork
    programs:
      - file: sas/00_formats.sas
      - file: sas/10_import.sas
        sysparm: "year=2023"
      - file: sas/20_tables.sas
        timeout: 3600

Each program gets its own -log/-print file under build/sas/ and a private WORK library
inside the configured workdir, which is emptied before and after the run. SAS's exit
status (0 ok, 1 warnings, 2 errors) is combined with a log scan. The script stops the
process group of a SAS run that hangs past its timeout, nothing else.
"""
import argparse
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

BASE = Path(__file__).resolve().parents[1]
OUT = BASE / "build" / "sas"
NOTE_PATTERNS = [
    re.compile(r"^ERROR( \d+-\d+)?:", re.M),
    re.compile(r"^WARNING: Apparent symbolic reference", re.M),
    re.compile(r"^NOTE: Variable \S+ is uninitialized", re.M),
    re.compile(r"^NOTE: Missing values were generated", re.M),
    re.compile(r"^NOTE: Numeric values have been converted to character", re.M),
]
RUNNING = {}


def load_plan(path):
    plan = yaml.safe_load(path.read_text())
    sas = plan.get("sas", "sas")
    workdir = (BASE / plan.get("workdir", "build/saswork")).resolve()
    if BASE not in workdir.parents:
        raise SystemExit("workdir must be inside the project")
    steps = []
    for entry in plan["programs"]:
        prog = (BASE / entry["file"]).resolve()
        if not prog.is_file():
            raise SystemExit(f"missing program {entry['file']}")
        steps.append({
            "file": prog,
            "sysparm": entry.get("sysparm", ""),
            "timeout": int(entry.get("timeout", plan.get("timeout", 1800))),
            "options": entry.get("options", []),
        })
    return sas, workdir, steps


def fresh_dir(path):
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path


def on_signal(signum, _frame):
    for pid in list(RUNNING):
        try:
            os.killpg(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    sys.exit(128 + signum)


def command_for(sas, step, work):
    stem = step["file"].stem
    argv = [sas, "-nodms", "-noterminal", "-batch",
            "-sysin", str(step["file"]),
            "-log", str(OUT / f"{stem}.log"),
            "-print", str(OUT / f"{stem}.lst"),
            "-work", str(work),
            "-set", "REPO", str(BASE)]
    if step["sysparm"]:
        argv += ["-sysparm", step["sysparm"]]
    argv += [str(o) for o in step["options"]]
    return argv


def execute(argv, timeout):
    proc = subprocess.Popen(argv, cwd=BASE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    RUNNING[proc.pid] = proc
    try:
        _, err = proc.communicate(timeout=timeout)
        return proc.returncode, err.decode(errors="replace")
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        return 124, "timed out"
    finally:
        RUNNING.pop(proc.pid, None)


def scan(log_path):
    if not log_path.exists():
        return ["no log file"]
    text = log_path.read_text(encoding="latin-1", errors="replace")
    hits = []
    for pat in NOTE_PATTERNS:
        found = pat.findall(text)
        if found:
            hits.append(f"{pat.pattern.lstrip('^').split('(')[0].strip()} x{len(found)}")
    return hits


def verdict(rc, hits):
    if rc == 124:
        return "TIMEOUT"
    if rc >= 2 or any(h.startswith("ERROR") for h in hits):
        return "ERROR"
    if hits:
        return "LOG-ISSUES"
    return "WARN" if rc == 1 else "OK"


def write_table(rows):
    lines = [f"{'program':<28}{'result':<12}{'rc':>4}{'secs':>8}  findings"]
    for r in rows:
        lines.append(f"{r['name']:<28}{r['verdict']:<12}{r['rc']:>4}{r['secs']:>8.0f}  "
                     + "; ".join(r["hits"]))
    text = "\n".join(lines) + "\n"
    (OUT / "summary.txt").write_text(text)
    return text


def archive_logs(rows, keep_runs=10):
    """Copy this run's logs into build/sas/history/<stamp>/ and keep the last N runs."""
    history = OUT / "history"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = history / stamp
    target.mkdir(parents=True)
    for r in rows:
        log = OUT / f"{r['name']}.log"
        if log.exists():
            shutil.copy2(log, target / log.name)
    runs = sorted(p for p in history.iterdir() if p.is_dir())
    for old in runs[:-keep_runs]:
        shutil.rmtree(old)
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plan", type=Path, default=BASE / "sas" / "batch.yaml")
    ap.add_argument("--from", dest="start", help="start at this program stem")
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args()

    sas, workdir, steps = load_plan(args.plan)
    if args.start:
        names = [s["file"].stem for s in steps]
        if args.start not in names:
            raise SystemExit(f"{args.start} not in plan ({', '.join(names)})")
        steps = steps[names.index(args.start):]
    if shutil.which(sas) is None and not args.print_only:
        raise SystemExit(f"SAS executable {sas} not found")
    OUT.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    rows = []
    try:
        for step in steps:
            work = fresh_dir(workdir / step["file"].stem)
            argv = command_for(sas, step, work)
            if args.print_only:
                print(shlex.join(argv))
                continue
            t0 = time.monotonic()
            rc, err = execute(argv, step["timeout"])
            hits = scan(OUT / f"{step['file'].stem}.log")
            row = {"name": step["file"].stem, "rc": rc, "secs": time.monotonic() - t0,
                   "hits": hits, "verdict": verdict(rc, hits)}
            rows.append(row)
            print(f"{row['name']}: {row['verdict']}")
            if err.strip() and rc not in (0, 1):
                print(f"  stderr: {err.strip().splitlines()[-1]}")
            if row["verdict"] in ("ERROR", "TIMEOUT"):
                break
    finally:
        if workdir.exists():
            shutil.rmtree(workdir)
    if rows:
        print(write_table(rows))
        print(f"logs archived in {archive_logs(rows).relative_to(BASE)}")
    bad = [r for r in rows if r["verdict"] in ("ERROR", "TIMEOUT")]
    return 1 if bad or (rows and len(rows) < len(steps)) else 0


if __name__ == "__main__":
    sys.exit(main())
