#!/usr/bin/env python3
"""Run a standard volatility3 plugin set against a memory image in case/.

The plugin list depends on the OS detected by ``windows.info`` /
``linux.banners``.  Each plugin runs as a separate ``vol`` process with JSON
output into out/<image>/vol/<plugin>.json; plugins run in parallel (default 3)
because most of them are single-threaded.  Processes still running when the
script is interrupted are terminated – they are all children of this script.

Optional ``--dump-suspicious`` re-runs ``windows.malfind --dump`` for the PIDs
flagged by malfind, with the dumped regions written to out/<image>/dumps/.
``--symbols`` points at an ISF folder inside the repo (tools/symbols by
default); the script never downloads symbol packs.
"""
import argparse
import json
import logging
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

LOG = logging.getLogger("memtriage")
REPO = Path(__file__).resolve().parents[1]
CASE = REPO / "case"

WINDOWS_PLUGINS = [
    "windows.pslist", "windows.pstree", "windows.cmdline", "windows.netscan",
    "windows.dlllist", "windows.handles", "windows.malfind", "windows.svcscan",
    "windows.registry.userassist", "windows.filescan",
]
LINUX_PLUGINS = ["linux.pslist", "linux.pstree", "linux.bash", "linux.lsof", "linux.sockstat", "linux.malfind"]
SLOW = {"windows.filescan", "windows.handles"}

RUNNING: dict[int, subprocess.Popen] = {}


def stop_running(signum, _frame):
    for pid, proc in list(RUNNING.items()):
        if proc.poll() is None:
            LOG.warning("terminating vol pid %d", pid)
            proc.terminate()
    sys.exit(128 + signum)


def vol_argv(image: Path, plugin: str, symbols: Path | None, extra=()):
    argv = ["vol", "-q", "-r", "json", "-f", str(image)]
    if symbols:
        argv += ["-s", str(symbols)]
    return argv + [plugin, *extra]


def run_plugin(image, plugin, out_dir, symbols, timeout, extra=()):
    target = out_dir / f"{plugin}.json"
    err_file = out_dir / f"{plugin}.stderr"
    started = time.monotonic()
    with target.open("w") as out, err_file.open("w") as err:
        proc = subprocess.Popen(vol_argv(image, plugin, symbols, extra), stdout=out, stderr=err)
        RUNNING[proc.pid] = proc
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            code = -9
        finally:
            RUNNING.pop(proc.pid, None)
    if err_file.stat().st_size == 0:
        err_file.unlink()
    rows = 0
    if code == 0:
        try:
            rows = len(json.loads(target.read_text() or "[]"))
        except json.JSONDecodeError:
            code = 3
    return plugin, code, rows, round(time.monotonic() - started, 1)


def detect_os(image, symbols):
    probe = subprocess.run(vol_argv(image, "windows.info", symbols), capture_output=True, text=True, timeout=900)
    if probe.returncode == 0 and "NtBuildLab" in probe.stdout:
        return "windows"
    probe = subprocess.run(vol_argv(image, "banners.Banners", symbols), capture_output=True, text=True, timeout=900)
    if "Linux version" in probe.stdout:
        return "linux"
    return "unknown"


def suspicious_pids(out_dir):
    malfind = out_dir / "windows.malfind.json"
    if not malfind.exists():
        return []
    try:
        rows = json.loads(malfind.read_text() or "[]")
    except json.JSONDecodeError:
        return []
    return sorted({int(r["PID"]) for r in rows if "PID" in r})


def summarise(out_dir, results):
    summary = {"plugins": {}, "generated": time.strftime("%Y-%m-%dT%H:%M:%S")}
    for plugin, code, rows, secs in sorted(results):
        summary["plugins"][plugin] = {"exit": code, "rows": rows, "seconds": secs}
    pslist = out_dir / "windows.pslist.json"
    if pslist.exists():
        procs = json.loads(pslist.read_text() or "[]")
        names = {}
        for p in procs:
            names[p.get("ImageFileName")] = names.get(p.get("ImageFileName"), 0) + 1
        summary["process_names"] = dict(sorted(names.items(), key=lambda kv: -kv[1])[:25])
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=2))
    return summary


def main():
    ap = argparse.ArgumentParser(description="volatility3 triage of a case memory image")
    ap.add_argument("image", help="file name inside case/")
    ap.add_argument("--jobs", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=3600)
    ap.add_argument("--symbols", type=Path, default=REPO / "tools" / "symbols")
    ap.add_argument("--dump-suspicious", action="store_true")
    ap.add_argument("--fresh", action="store_true", help="remove previous results for this image first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if shutil.which("vol") is None:
        LOG.error("volatility3 'vol' not on PATH (activate the project venv)")
        return 2
    image = (CASE / args.image).resolve()
    if CASE.resolve() not in image.parents or not image.is_file():
        LOG.error("%s is not an image inside case/", args.image)
        return 2
    symbols = args.symbols.resolve() if args.symbols.is_dir() else None

    out_dir = REPO / "out" / image.stem / "vol"
    if args.fresh and out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)

    signal.signal(signal.SIGINT, stop_running)
    signal.signal(signal.SIGTERM, stop_running)

    os_name = detect_os(image, symbols)
    plugins = WINDOWS_PLUGINS if os_name == "windows" else LINUX_PLUGINS if os_name == "linux" else []
    if not plugins:
        LOG.error("could not identify the OS of %s", image.name)
        return 1
    LOG.info("%s image, %d plugins, %d parallel", os_name, len(plugins), args.jobs)

    ordered = sorted(plugins, key=lambda p: p in SLOW)
    results = []
    with ThreadPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(run_plugin, image, p, out_dir, symbols, args.timeout) for p in ordered]
        for job in as_completed(jobs):
            plugin, code, rows, secs = job.result()
            results.append((plugin, code, rows, secs))
            LOG.info("%-28s exit=%s rows=%s %.0fs", plugin, code, rows, secs)

    if args.dump_suspicious and os_name == "windows":
        pids = suspicious_pids(out_dir)
        if pids:
            dump_dir = out_dir.parent / "dumps"
            dump_dir.mkdir(exist_ok=True)
            extra = ["--dump", *sum((["--pid", str(p)] for p in pids), [])]
            LOG.info("dumping malfind regions for %d pid(s)", len(pids))
            argv = ["vol", "-q", "-o", str(dump_dir), "-f", str(image), "windows.malfind", *extra]
            subprocess.run(argv, check=False, stdout=subprocess.DEVNULL)

    summary = summarise(out_dir, results)
    slowest = sorted(results, key=lambda r: -r[3])[:3]
    for plugin, _code, _rows, secs in slowest:
        LOG.info("slowest: %s %.0fs", plugin, secs)
    failed = [p for p, meta in summary["plugins"].items() if meta["exit"] != 0]
    if failed:
        LOG.warning("failed plugins: %s", ", ".join(failed))
    LOG.info("results in %s", out_dir.relative_to(REPO))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
