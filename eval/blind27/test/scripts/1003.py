#!/usr/bin/env python3
"""Run the ROOT control-plot macros over every sample and collect the output.

    python tools/plots.py --samples config/samples.json --jobs 6
    python tools/plots.py --only ttbar,wjets --clean

For each sample: hadd the per-job files (if not merged yet), then run
`root -l -b -q 'macros/control.C("<merged>","<outdir>")'` in a worker thread.
The ROOT processes are children of this script; on Ctrl-C the script sends
SIGTERM to those children only. build/plots is rebuilt with --clean.
"""
import argparse
import glob
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
MACRO = BASE / "macros" / "control.C"
MERGED = BASE / "build" / "merged"
PLOTS = BASE / "build" / "plots"

children = set()
children_lock = threading.Lock()


def spawn(argv, log_path):
    with open(log_path, "w") as log:
        proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, cwd=BASE,
                                start_new_session=True)
        with children_lock:
            children.add(proc)
        try:
            return proc.wait()
        finally:
            with children_lock:
                children.discard(proc)


def on_interrupt(signum, _frame):
    with children_lock:
        procs = list(children)
    print(f"\ninterrupted: stopping {len(procs)} ROOT job(s) started here", file=sys.stderr)
    for p in procs:
        try:
            os.killpg(p.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    sys.exit(128 + signum)


def load_samples(path, only):
    samples = json.loads(Path(path).read_text())
    if only:
        wanted = set(only.split(","))
        missing = wanted - set(samples)
        if missing:
            raise SystemExit(f"unknown samples: {', '.join(sorted(missing))}")
        samples = {k: v for k, v in samples.items() if k in wanted}
    return samples


def inputs_for(spec):
    files = []
    for pattern in spec["files"]:
        full = (BASE / pattern).as_posix()
        files.extend(sorted(glob.glob(full)))
    return files


def merge(name, spec):
    target = MERGED / f"{name}.root"
    files = inputs_for(spec)
    if not files:
        return None, "no input files"
    newest_input = max(os.path.getmtime(f) for f in files)
    if target.exists() and target.stat().st_mtime >= newest_input:
        return target, "up to date"
    argv = ["hadd", "-f", "-k", str(target), *files]
    rc = spawn(argv, MERGED / f"{name}.hadd.log")
    if rc != 0:
        return None, f"hadd exited {rc}"
    return target, f"merged {len(files)} files"


def plot(name, merged, weight):
    outdir = PLOTS / name
    outdir.mkdir(parents=True, exist_ok=True)
    call = f'{MACRO}("{merged}","{outdir}",{weight})'
    argv = ["root", "-l", "-b", "-q", call]
    t0 = time.time()
    rc = spawn(argv, outdir / "root.log")
    return rc, time.time() - t0, sorted(p.name for p in outdir.glob("*.pdf"))


def process(name, spec):
    merged, note = merge(name, spec)
    if merged is None:
        return {"sample": name, "status": "skipped", "note": note}
    rc, secs, pdfs = plot(name, merged, spec.get("weight", 1.0))
    return {
        "sample": name,
        "status": "ok" if rc == 0 else f"root exited {rc}",
        "note": note,
        "seconds": round(secs, 1),
        "plots": pdfs,
    }


def write_index(results):
    lines = ["<html><body><h1>Control plots</h1>"]
    for r in results:
        lines.append(f"<h2>{r['sample']} ({r['status']})</h2>")
        for pdf in r.get("plots", []):
            lines.append(f'<a href="{r["sample"]}/{pdf}">{pdf}</a><br>')
    lines.append("</body></html>")
    (PLOTS / "index.html").write_text("\n".join(lines))


def stale_outputs(samples):
    """Plot directories for samples no longer in the config (reported, not deleted)."""
    if not PLOTS.exists():
        return []
    known = set(samples)
    return sorted(p.name for p in PLOTS.iterdir() if p.is_dir() and p.name not in known)


def disk_report():
    total = 0
    for p in MERGED.glob("*.root"):
        total += p.stat().st_size
    usage = shutil.disk_usage(BASE)
    print(f"merged files: {total / 1e9:.2f} GB; free on disk: {usage.free / 1e9:.1f} GB")


def check_tools():
    missing = [t for t in ("root", "hadd") if shutil.which(t) is None]
    if missing:
        raise SystemExit(f"missing {', '.join(missing)}; source thisroot.sh first")
    version = subprocess.run(["root-config", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"ROOT {version}")


def main():
    ap = argparse.ArgumentParser(description="ROOT control plots for all samples")
    ap.add_argument("--samples", default="config/samples.json")
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--clean", action="store_true", help="remove build/plots first")
    args = ap.parse_args()

    check_tools()
    samples = load_samples(BASE / args.samples, args.only)
    if args.clean and PLOTS.exists():
        shutil.rmtree(PLOTS)
    MERGED.mkdir(parents=True, exist_ok=True)
    PLOTS.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGINT, on_interrupt)

    print(f"{len(samples)} samples, {args.jobs} parallel jobs")
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda kv: process(*kv), samples.items()))
    for r in results:
        print(f"  {r['sample']:<16} {r['status']:<14} {r.get('seconds', '-'):>6}s  {r['note']}")
    write_index(results)
    (PLOTS / "summary.json").write_text(json.dumps(results, indent=2))
    print("open", shlex.quote(str((PLOTS / "index.html").relative_to(BASE))))
    for name in stale_outputs(samples):
        print(f"note: build/plots/{name} belongs to a sample no longer configured")
    disk_report()
    return 0 if all(r["status"] in ("ok", "skipped") for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
