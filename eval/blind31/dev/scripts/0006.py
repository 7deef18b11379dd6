#!/usr/bin/env python3
"""Run Ghidra headless analysis over the firmware images this repo builds.

For every binary listed in tools/ghidra/batch.toml we:
  1. create a throwaway Ghidra project under build/ghidra-tmp/<name>,
  2. import + auto-analyse the binary,
  3. run the project's own post-scripts (tools/ghidra/scripts/*.java),
  4. copy the CSV/JSON they emit into reports/ghidra/<name>/,
  5. delete the throwaway project.

Ghidra leaves its JVM running if it is interrupted, so we keep the Popen
handle and terminate the process group we started on SIGINT/SIGTERM.
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "tools" / "ghidra" / "batch.toml"
SCRIPT_DIR = ROOT / "tools" / "ghidra" / "scripts"
TMP_ROOT = ROOT / "build" / "ghidra-tmp"
REPORTS = ROOT / "reports" / "ghidra"

_running: subprocess.Popen | None = None


def log(msg: str) -> None:
    print(f"[ghidra-batch {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def find_headless(cfg: dict) -> Path:
    candidates = [
        cfg.get("ghidra_home"),
        os.environ.get("GHIDRA_INSTALL_DIR"),
        "/opt/ghidra",
    ]
    for cand in candidates:
        if not cand:
            continue
        path = Path(cand).expanduser() / "support" / "analyzeHeadless"
        if path.exists():
            return path
    found = shutil.which("analyzeHeadless")
    if found:
        return Path(found)
    raise SystemExit("analyzeHeadless not found; set ghidra_home in batch.toml or GHIDRA_INSTALL_DIR")


def load_config(path: Path) -> dict:
    with path.open("rb") as fh:
        cfg = tomllib.load(fh)
    for target in cfg.get("targets", []):
        binary = (ROOT / target["binary"]).resolve()
        if ROOT not in binary.parents:
            raise SystemExit(f"target {target['name']} points outside the repo: {binary}")
        target["binary"] = binary
        target.setdefault("processor", None)
        target.setdefault("scripts", ["ExportFunctions.java", "ExportStrings.java"])
        target.setdefault("timeout", 1800)
    return cfg


def headless_argv(headless: Path, target: dict, project_dir: Path, out_dir: Path) -> list[str]:
    argv = [
        str(headless),
        str(project_dir),
        f"batch_{target['name']}",
        "-import", str(target["binary"]),
        "-scriptPath", str(SCRIPT_DIR),
        "-log", str(out_dir / "analysis.log"),
        "-scriptlog", str(out_dir / "scripts.log"),
        "-analysisTimeoutPerFile", str(target["timeout"]),
        "-deleteProject",
    ]
    if target["processor"]:
        argv += ["-processor", target["processor"]]
    if target.get("loader"):
        argv += ["-loader", target["loader"]]
        for key, value in target.get("loader_args", {}).items():
            argv += [f"-loader-{key}", str(value)]
    for script in target["scripts"]:
        if not (SCRIPT_DIR / script).exists():
            raise SystemExit(f"post-script {script} missing from {SCRIPT_DIR}")
        argv += ["-postScript", script, str(out_dir)]
    return argv


def _terminate(signum, _frame):
    global _running
    if _running and _running.poll() is None:
        log(f"signal {signum}: stopping ghidra (pgid {_running.pid})")
        try:
            os.killpg(_running.pid, signal.SIGTERM)
            _running.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(_running.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    sys.exit(130)


def run_target(headless: Path, target: dict, keep_tmp: bool, jvm_mem: str) -> bool:
    global _running
    name = target["name"]
    project_dir = TMP_ROOT / name
    out_dir = REPORTS / name
    if project_dir.exists():
        shutil.rmtree(project_dir)
    project_dir.mkdir(parents=True)
    out_dir.mkdir(parents=True, exist_ok=True)

    argv = headless_argv(headless, target, project_dir, out_dir)
    env = dict(os.environ, MAXMEM=jvm_mem)
    log(f"{name}: analysing {target['binary'].relative_to(ROOT)}")
    started = time.monotonic()
    _running = subprocess.Popen(argv, env=env, start_new_session=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    tail: list[str] = []
    assert _running.stdout is not None
    for line in _running.stdout:
        tail.append(line.rstrip())
        if len(tail) > 40:
            tail.pop(0)
        if "ERROR" in line:
            log(f"{name}: {line.strip()}")
    rc = _running.wait()
    _running = None
    elapsed = time.monotonic() - started

    if not keep_tmp:
        shutil.rmtree(project_dir, ignore_errors=True)
    if rc != 0:
        log(f"{name}: FAILED rc={rc} after {elapsed:.0f}s; last lines:")
        for line in tail[-15:]:
            print("    " + line)
        return False
    produced = sorted(p.name for p in out_dir.iterdir() if p.suffix in {".csv", ".json"})
    log(f"{name}: ok in {elapsed:.0f}s -> {', '.join(produced) or 'no outputs'}")
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="batch Ghidra analysis of project binaries")
    ap.add_argument("--config", default=str(CONFIG))
    ap.add_argument("--only", action="append", default=[], help="target name (repeatable)")
    ap.add_argument("--keep-tmp", action="store_true", help="keep build/ghidra-tmp for debugging")
    ap.add_argument("--jvm-mem", default="4G")
    args = ap.parse_args(argv)

    signal.signal(signal.SIGINT, _terminate)
    signal.signal(signal.SIGTERM, _terminate)

    cfg = load_config(Path(args.config))
    headless = find_headless(cfg)
    targets = [t for t in cfg.get("targets", []) if not args.only or t["name"] in args.only]
    if not targets:
        log("no targets selected")
        return 1
    missing = [t["name"] for t in targets if not t["binary"].exists()]
    if missing:
        log(f"binaries not built yet: {', '.join(missing)} (run `make firmware` first)")
        return 1

    failures = 0
    for target in targets:
        if not run_target(headless, target, args.keep_tmp, args.jvm_mem):
            failures += 1
    if TMP_ROOT.exists() and not any(TMP_ROOT.iterdir()):
        TMP_ROOT.rmdir()
    log(f"done: {len(targets) - failures}/{len(targets)} succeeded")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
