#!/usr/bin/env python3
"""Tiny render farm for the project's Blender scenes.

Splits the frame range of each scene in renders.json into chunks and runs
`blender -b <scene> -P tools/render_setup.py -- ...` workers locally. Output
goes to build/renders/<scene>/. Workers are tracked by PID and terminated on
Ctrl-C. A scratch directory per run is removed afterwards.
"""
import argparse
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCENES_DIR = REPO / "scenes"
SETUP_SCRIPT = REPO / "tools" / "render_setup.py"
OUT_ROOT = REPO / "build" / "renders"
BLENDER = os.environ.get("BLENDER_BIN", "blender")


class Job:
    def __init__(self, scene: str, start: int, end: int, engine: str, samples: int):
        self.scene = scene
        self.start = start
        self.end = end
        self.engine = engine
        self.samples = samples
        self.attempts = 0

    def argv(self, scratch: Path) -> list[str]:
        blend = SCENES_DIR / self.scene
        out = OUT_ROOT / Path(self.scene).stem / "frame_####"
        return [
            BLENDER, "-b", str(blend),
            "-P", str(SETUP_SCRIPT),
            "-o", str(out),
            "-s", str(self.start), "-e", str(self.end),
            "-a",
            "--", "--engine", self.engine, "--samples", str(self.samples),
            "--cache-dir", str(scratch),
        ]

    def __repr__(self) -> str:
        return f"{self.scene}[{self.start}-{self.end}]"


class Farm:
    def __init__(self, workers: int, retries: int):
        self.jobs: "queue.Queue[Job]" = queue.Queue()
        self.workers = workers
        self.retries = retries
        self.procs: dict[int, subprocess.Popen] = {}
        self.lock = threading.Lock()
        self.failed: list[Job] = []
        self.done = 0
        self.scratch = Path(tempfile.mkdtemp(prefix="renderfarm-"))
        self.stopping = threading.Event()

    def submit(self, job: Job) -> None:
        self.jobs.put(job)

    def _worker(self, idx: int) -> None:
        logdir = OUT_ROOT / "logs"
        logdir.mkdir(parents=True, exist_ok=True)
        while not self.stopping.is_set():
            try:
                job = self.jobs.get_nowait()
            except queue.Empty:
                return
            job.attempts += 1
            scratch = self.scratch / f"w{idx}"
            scratch.mkdir(exist_ok=True)
            logfile = logdir / f"{Path(job.scene).stem}_{job.start}.log"
            with logfile.open("w") as fh:
                proc = subprocess.Popen(job.argv(scratch), stdout=fh, stderr=subprocess.STDOUT)
                with self.lock:
                    self.procs[proc.pid] = proc
                rc = proc.wait()
                with self.lock:
                    self.procs.pop(proc.pid, None)
            if rc == 0:
                with self.lock:
                    self.done += 1
                print(f"[w{idx}] {job} done")
            elif job.attempts <= self.retries and not self.stopping.is_set():
                print(f"[w{idx}] {job} failed rc={rc}, retrying")
                time.sleep(2 * job.attempts)
                self.jobs.put(job)
            else:
                print(f"[w{idx}] {job} failed rc={rc}, giving up (log: {logfile.name})")
                with self.lock:
                    self.failed.append(job)
            self.jobs.task_done()

    def terminate(self) -> None:
        self.stopping.set()
        with self.lock:
            procs = list(self.procs.values())
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()

    def run(self) -> int:
        threads = [threading.Thread(target=self._worker, args=(i,), daemon=True)
                   for i in range(self.workers)]
        for t in threads:
            t.start()
        try:
            while any(t.is_alive() for t in threads):
                time.sleep(0.5)
        finally:
            shutil.rmtree(self.scratch, ignore_errors=True)
        return 1 if self.failed else 0


def chunk(start: int, end: int, size: int):
    cur = start
    while cur <= end:
        yield cur, min(cur + size - 1, end)
        cur += size


def load_plan(path: Path, only: list[str]) -> list[dict]:
    plan = json.loads(path.read_text())
    scenes = plan.get("scenes", [])
    if only:
        scenes = [s for s in scenes if Path(s["file"]).stem in only]
    for s in scenes:
        if not (SCENES_DIR / s["file"]).is_file():
            raise SystemExit(f"scene not found: {s['file']}")
    return scenes


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("scenes", nargs="*", help="scene stems to render (default all)")
    ap.add_argument("--plan", type=Path, default=REPO / "renders.json")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=10)
    ap.add_argument("--retries", type=int, default=1)
    ap.add_argument("--preview", action="store_true", help="EEVEE, 16 samples")
    ap.add_argument("--fresh", action="store_true", help="wipe build/renders first")
    opts = ap.parse_args()

    if shutil.which(BLENDER) is None:
        raise SystemExit(f"{BLENDER} not on PATH (set BLENDER_BIN)")
    if opts.fresh and OUT_ROOT.exists():
        shutil.rmtree(OUT_ROOT)
    OUT_ROOT.mkdir(parents=True, exist_ok=True)

    farm = Farm(opts.workers, opts.retries)
    for scene in load_plan(opts.plan, opts.scenes):
        engine = "BLENDER_EEVEE" if opts.preview else scene.get("engine", "CYCLES")
        samples = 16 if opts.preview else int(scene.get("samples", 128))
        for a, b in chunk(scene["start"], scene["end"], opts.chunk):
            farm.submit(Job(scene["file"], a, b, engine, samples))

    def on_signal(signum, _frame):
        print(f"\nsignal {signum}: stopping workers")
        farm.terminate()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    started = time.monotonic()
    rc = farm.run()
    print(f"{farm.done} chunk(s) rendered, {len(farm.failed)} failed "
          f"in {time.monotonic() - started:.0f}s")
    return rc


if __name__ == "__main__":
    sys.exit(main())
