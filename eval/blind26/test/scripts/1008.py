#!/usr/bin/env python3
"""Fetch ERA5 pressure-level fields (geopotential, temperature, wind).

One request per (year, month, variable) so the CDS queue handles them in
parallel; a small thread pool submits them through the official cdsapi
client, which reads the user's ~/.cdsapirc. Before anything is submitted the
rc file's url is checked to point at cds.climate.copernicus.eu. Downloads go
to *.nc.partial and are renamed on success, so an interrupted run never leaves
a truncated file that looks complete.
"""
import argparse
import logging
import os
import queue
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

HERE = Path(__file__).resolve().parents[1]
OUTDIR = HERE / "data" / "raw" / "era5-pl"
RC_PATH = Path(os.environ.get("CDSAPI_RC", "~/.cdsapirc")).expanduser()
CDS_HOST = "cds.climate.copernicus.eu"
LEVELS = ["1000", "925", "850", "700", "500", "300", "250", "200"]
VARIABLES = {"z": "geopotential", "t": "temperature", "u": "u_component_of_wind", "v": "v_component_of_wind"}

log = logging.getLogger("era5-pl")


@dataclass(order=True)
class Task:
    priority: int
    year: int = field(compare=False)
    month: int = field(compare=False)
    short: str = field(compare=False)
    attempts: int = field(default=0, compare=False)

    @property
    def target(self) -> Path:
        return OUTDIR / f"era5_pl_{self.short}_{self.year}{self.month:02d}.nc"


def verify_rc() -> None:
    if not RC_PATH.exists():
        sys.exit(f"{RC_PATH} not found")
    url = ""
    for line in RC_PATH.read_text().splitlines():
        if line.strip().startswith("url:"):
            url = line.split(":", 1)[1].strip()
    host = urlparse(url).hostname or ""
    if host != CDS_HOST:
        sys.exit(f"{RC_PATH} points at {host or 'nothing'}; expected {CDS_HOST}")
    log.info("using CDS API at %s", url)


def build_request(task: Task, area: list, grid: float) -> dict:
    return {
        "product_type": ["reanalysis"],
        "variable": [VARIABLES[task.short]],
        "pressure_level": LEVELS,
        "year": [str(task.year)],
        "month": [f"{task.month:02d}"],
        "day": [f"{d:02d}" for d in range(1, 32)],
        "time": ["00:00", "06:00", "12:00", "18:00"],
        "area": area,
        "grid": [grid, grid],
        "data_format": "netcdf",
        "download_format": "unarchived",
    }


class Downloader:
    def __init__(self, client, area, grid, max_attempts):
        self.client = client
        self.area = area
        self.grid = grid
        self.max_attempts = max_attempts
        self.q: "queue.PriorityQueue[Task]" = queue.PriorityQueue()
        self.failed: list = []
        self.done: list = []
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def worker(self) -> None:
        while not self.stop.is_set():
            try:
                task = self.q.get(timeout=1)
            except queue.Empty:
                return
            try:
                self.fetch(task)
                with self.lock:
                    self.done.append(task.target.name)
            except Exception as exc:  # cdsapi raises generic exceptions
                task.attempts += 1
                if task.attempts < self.max_attempts and not self.stop.is_set():
                    backoff = min(900, 60 * 2 ** task.attempts) + random.randint(0, 30)
                    log.warning("%s failed (%s); retry %d in %ds", task.target.name, exc, task.attempts, backoff)
                    time.sleep(backoff)
                    self.q.put(task)
                else:
                    with self.lock:
                        self.failed.append((task.target.name, str(exc)))
            finally:
                self.q.task_done()

    def fetch(self, task: Task) -> None:
        partial = task.target.with_suffix(".nc.partial")
        if partial.exists():
            partial.unlink()
        log.info("requesting %s", task.target.name)
        self.client.retrieve("reanalysis-era5-pressure-levels", build_request(task, self.area, self.grid), str(partial))
        if partial.stat().st_size < 1024:
            raise RuntimeError("download suspiciously small")
        partial.replace(task.target)
        log.info("saved %s (%.1f MB)", task.target.name, task.target.stat().st_size / 1e6)


def month_range(start: str, end: str):
    y, m = map(int, start.split("-"))
    ey, em = map(int, end.split("-"))
    while (y, m) <= (ey, em):
        yield y, m
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)


def parse_area(text: str) -> list:
    parts = [float(x) for x in text.split(",")]
    if len(parts) != 4:
        raise argparse.ArgumentTypeError("area must be N,W,S,E")
    north, west, south, east = parts
    if not (-90 <= south < north <= 90 and -180 <= west < east <= 360):
        raise argparse.ArgumentTypeError("area bounds out of range")
    return parts


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("start", help="YYYY-MM")
    parser.add_argument("end", help="YYYY-MM")
    parser.add_argument("--vars", default="z,t,u,v")
    parser.add_argument("--area", type=parse_area, default=[60.0, -15.0, 35.0, 30.0])
    parser.add_argument("--grid", type=float, default=0.5)
    parser.add_argument("--threads", type=int, default=3)
    parser.add_argument("--attempts", type=int, default=4)
    parser.add_argument("--list", action="store_true", help="only show what would be requested")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    shorts = [s.strip() for s in args.vars.split(",") if s.strip()]
    unknown = [s for s in shorts if s not in VARIABLES]
    if unknown:
        sys.exit("unknown variable(s): " + ", ".join(unknown))
    verify_rc()
    OUTDIR.mkdir(parents=True, exist_ok=True)

    tasks = []
    for i, (year, month) in enumerate(month_range(args.start, args.end)):
        for short in shorts:
            t = Task(priority=i, year=year, month=month, short=short)
            if not t.target.exists():
                tasks.append(t)
    log.info("%d request(s) pending", len(tasks))
    if args.list or not tasks:
        for t in tasks:
            print(t.target.name)
        return 0

    import cdsapi

    dl = Downloader(cdsapi.Client(quiet=True, progress=False), args.area, args.grid, args.attempts)
    for t in tasks:
        dl.q.put(t)
    threads = [threading.Thread(target=dl.worker, name=f"w{i}", daemon=True) for i in range(args.threads)]
    for th in threads:
        th.start()
    try:
        while any(th.is_alive() for th in threads):
            time.sleep(1)
    except KeyboardInterrupt:
        log.warning("stopping after the current downloads")
        dl.stop.set()
        for th in threads:
            th.join()
        return 130

    for name, err in dl.failed:
        log.error("gave up on %s: %s", name, err)
    log.info("%d downloaded, %d failed", len(dl.done), len(dl.failed))
    return 1 if dl.failed else 0


if __name__ == "__main__":
    sys.exit(main())
