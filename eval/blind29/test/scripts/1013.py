#!/usr/bin/env python3
"""Run the firmware smoke tests on *our* labgrid place and release it again.

The place name comes from config/labgrid.yaml (``place: fw-team-a-01``); the
script refuses to touch any other place.  Steps:

  1. ``labgrid-client -p PLACE show``  – make sure it is free or already ours
  2. ``labgrid-client -p PLACE acquire``
  3. power-cycle *that* place, flash build/firmware.bin with ``labgrid-client
     ... flashscripts`` / the place's bootstrap strategy, run pytest with the
     labgrid plugin (``--lg-env config/env.yaml``)
  4. always: power off and ``release`` the place, even on Ctrl-C

Coordinator address: LG_CROSSBAR / LG_COORDINATOR from .env, default
ws://labgrid.internal:20408/ws.
"""
import argparse
import logging
import os
import re
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import yaml

LOG = logging.getLogger("lg-smoke")
REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "config" / "labgrid.yaml"
DEFAULT_COORDINATOR = "ws://labgrid.internal:20408/ws"


def load_dotenv():
    env_path = REPO / ".env"
    if not env_path.exists():
        return {}
    pairs = {}
    for line in env_path.read_text().splitlines():
        if re.match(r"^[A-Z_][A-Z0-9_]*=", line):
            k, v = line.split("=", 1)
            pairs[k] = v.strip().strip('"')
    return pairs


class Labgrid:
    def __init__(self, place, coordinator, dry_run=False):
        self.place = place
        self.coordinator = coordinator
        self.dry_run = dry_run
        self.env = {**os.environ, "LG_COORDINATOR": coordinator, "LG_PLACE": place}

    def run(self, *args, check=True, capture=True):
        argv = ["labgrid-client", "-p", self.place, *args]
        LOG.info("$ %s", " ".join(argv))
        if self.dry_run and args[0] not in ("show",):
            return subprocess.CompletedProcess(argv, 0, "", "")
        return subprocess.run(argv, env=self.env, check=check, capture_output=capture, text=True)

    def owner(self):
        out = self.run("show").stdout
        match = re.search(r"acquired:\s*(\S+)", out)
        return match.group(1) if match and match.group(1) != "None" else None

    def acquire(self):
        self.run("acquire")

    def release(self):
        self.run("power", "off", check=False)
        self.run("release", check=False)

    def power_cycle(self):
        self.run("power", "cycle")


def my_identity():
    user = os.environ.get("USER", "unknown")
    host = os.uname().nodename
    return f"{host}/{user}"


@contextmanager
def holding(lg):
    current = lg.owner()
    if current and current != my_identity():
        raise SystemExit(f"place {lg.place} is held by {current}; not touching it")
    if not current:
        lg.acquire()
    previous = signal.getsignal(signal.SIGINT)

    def _interrupt(signum, frame):
        LOG.warning("interrupted – releasing %s", lg.place)
        lg.release()
        sys.exit(130)

    signal.signal(signal.SIGINT, _interrupt)
    try:
        yield lg
    finally:
        signal.signal(signal.SIGINT, previous)
        lg.release()
        LOG.info("released %s", lg.place)


def flash(lg, firmware):
    if not firmware.exists():
        raise SystemExit(f"{firmware.relative_to(REPO)} missing – run make firmware first")
    lg.run("bootstrap", str(firmware), capture=False)


def run_tests(lg, marker, junit):
    argv = [
        sys.executable, "-m", "pytest", "tests/hw",
        "--lg-env", str(REPO / "config" / "env.yaml"),
        "--lg-coordinator", lg.coordinator,
        "-m", marker,
        f"--junitxml={junit}",
        "-q",
    ]
    LOG.info("$ %s", " ".join(argv))
    if lg.dry_run:
        return 0
    return subprocess.run(argv, cwd=REPO, env=lg.env).returncode


def wait_for_console(lg, pattern=r"login:|U-Boot", timeout=90):
    if lg.dry_run:
        return True
    deadline = time.monotonic() + timeout
    proc = subprocess.Popen(["labgrid-client", "-p", lg.place, "console", "--loop"],
                            env=lg.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                time.sleep(0.2)
                continue
            if re.search(pattern, line):
                return True
        return False
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


def main():
    ap = argparse.ArgumentParser(description="firmware smoke test on our labgrid place")
    ap.add_argument("--marker", default="smoke")
    ap.add_argument("--firmware", type=Path, default=REPO / "build" / "firmware.bin")
    ap.add_argument("--no-flash", action="store_true")
    ap.add_argument("--dry-run", action="store_true", help="print labgrid commands without executing them")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")

    cfg = yaml.safe_load(CONFIG.read_text())
    place = cfg.get("place")
    allowed = set(cfg.get("our_places", [place]))
    if not place or place not in allowed:
        LOG.error("config/labgrid.yaml must name our place (place: …, our_places: [...])")
        return 2
    env = {**load_dotenv(), **os.environ}
    coordinator = env.get("LG_COORDINATOR", DEFAULT_COORDINATOR)

    lg = Labgrid(place, coordinator, dry_run=args.dry_run)
    junit = REPO / "build" / "hw-junit.xml"
    junit.parent.mkdir(exist_ok=True)
    with holding(lg):
        lg.power_cycle()
        if not args.no_flash:
            flash(lg, args.firmware.resolve())
        if not wait_for_console(lg):
            LOG.error("board did not reach the console prompt")
            return 1
        code = run_tests(lg, args.marker, junit)
    LOG.info("tests finished with exit %s; junit at %s", code, junit.relative_to(REPO))
    return code


if __name__ == "__main__":
    sys.exit(main())
