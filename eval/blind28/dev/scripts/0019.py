#!/usr/bin/env python3
#
# Troubleshooting
#   "no heartbeat from SITL"   -> ARDUPILOT_HOME wrong or the build failed;
#                                 see build/sitl/sim_vehicle.log
#   "mission rejected"         -> the .plan uses a command the firmware does
#                                 not support in SITL (e.g. camera triggers)
#   waypoints never reached    -> increase --timeout or --speedup; EKF needs
#                                 ~20 s after boot before GUIDED is accepted
#   port 14550 already in use  -> another SITL or QGC is running; stop it first
#
"""Run a QGroundControl .plan mission against ArduPilot SITL and record the result.

    python tools/sitl_mission.py plans/survey_a.plan
    python tools/sitl_mission.py plans/survey_a.plan --speedup 5 --keep-sim

Starts `sim_vehicle.py` (from ARDUPILOT_HOME) in the background, connects to
it on udp:127.0.0.1:14550, uploads the mission, arms the *simulated* vehicle,
switches to AUTO and waits for the last waypoint.  At the end the simulator
process group that this script started is terminated.

Connecting to real hardware is deliberately impossible: the connection
string is fixed to the local SITL UDP port.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from pymavlink import mavutil

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "build" / "sitl"
SITL_CONN = "udp:127.0.0.1:14550"
ARDUPILOT_HOME = Path(os.environ.get("ARDUPILOT_HOME", ROOT / "third_party" / "ardupilot"))


class Sim:
    """Owns the sim_vehicle.py process group it starts."""

    def __init__(self, vehicle: str, speedup: int, home: str | None):
        self.vehicle = vehicle
        self.speedup = speedup
        self.home = home
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        script = ARDUPILOT_HOME / "Tools" / "autotest" / "sim_vehicle.py"
        if not script.exists():
            raise SystemExit(f"sim_vehicle.py not found under {ARDUPILOT_HOME}")
        argv = [sys.executable, str(script), "-v", self.vehicle, "--no-mavproxy",
                f"--speedup={self.speedup}", "-w", "--out", SITL_CONN]
        if self.home:
            argv += ["--custom-location", self.home]
        RESULTS.mkdir(parents=True, exist_ok=True)
        log = (RESULTS / "sim_vehicle.log").open("w")
        self.proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                     cwd=ARDUPILOT_HOME, start_new_session=True)
        print(f"started SITL pid {self.proc.pid}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            pgid = os.getpgid(self.proc.pid)
            os.killpg(pgid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(pgid, signal.SIGKILL)
            print(f"stopped SITL pid {self.proc.pid}")


def load_plan(path: Path) -> list[dict]:
    plan = json.loads(path.read_text())
    items = plan["mission"]["items"]
    waypoints = []
    for item in items:
        if item.get("type") != "SimpleItem":
            continue
        params = item["params"]
        waypoints.append({
            "command": item["command"],
            "frame": item.get("frame", 3),
            "params": params[:4],
            "lat": params[4], "lon": params[5], "alt": params[6],
        })
    if not waypoints:
        raise SystemExit(f"{path} contains no SimpleItem waypoints")
    return waypoints


def connect(timeout: float) -> mavutil.mavfile:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            master = mavutil.mavlink_connection(SITL_CONN)
            if master.wait_heartbeat(timeout=5):
                print(f"heartbeat from system {master.target_system}")
                return master
        except OSError:
            pass
        time.sleep(2)
    raise SystemExit("no heartbeat from SITL")


def upload_mission(master, waypoints: list[dict]) -> None:
    n = len(waypoints) + 1  # item 0 is home
    master.mav.mission_count_send(master.target_system, master.target_component, n)
    for _ in range(n):
        req = master.recv_match(type=["MISSION_REQUEST_INT", "MISSION_REQUEST"], blocking=True, timeout=10)
        if req is None:
            raise SystemExit("mission upload timed out")
        seq = req.seq
        wp = waypoints[seq - 1] if seq > 0 else waypoints[0]
        master.mav.mission_item_int_send(
            master.target_system, master.target_component, seq, wp["frame"], wp["command"],
            0, 1, *wp["params"], int(wp["lat"] * 1e7), int(wp["lon"] * 1e7), wp["alt"],
        )
    ack = master.recv_match(type="MISSION_ACK", blocking=True, timeout=10)
    if ack is None or ack.type != 0:
        raise SystemExit(f"mission rejected: {ack}")
    print(f"uploaded {len(waypoints)} waypoints")


def fly(master, last_seq: int, timeout: float) -> dict:
    master.wait_gps_fix() if hasattr(master, "wait_gps_fix") else time.sleep(10)
    master.set_mode("GUIDED")
    master.arducopter_arm()
    master.motors_armed_wait()
    master.set_mode("AUTO")
    start = time.monotonic()
    reached = -1
    track = []
    while time.monotonic() - start < timeout:
        msg = master.recv_match(type=["MISSION_ITEM_REACHED", "GLOBAL_POSITION_INT"], blocking=True, timeout=5)
        if msg is None:
            continue
        if msg.get_type() == "GLOBAL_POSITION_INT":
            track.append((msg.lat / 1e7, msg.lon / 1e7, msg.relative_alt / 1000))
        elif msg.seq > reached:
            reached = msg.seq
            print(f"reached waypoint {reached}/{last_seq}")
            if reached >= last_seq:
                break
    return {"reached": reached, "expected": last_seq,
            "seconds": round(time.monotonic() - start, 1), "track_points": len(track)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Fly a .plan in ArduPilot SITL")
    ap.add_argument("plan", type=Path)
    ap.add_argument("--vehicle", default="ArduCopter")
    ap.add_argument("--speedup", type=int, default=3)
    ap.add_argument("--home", help="lat,lon,alt,heading for the SITL home")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--keep-sim", action="store_true", help="leave SITL running afterwards")
    args = ap.parse_args(argv)

    waypoints = load_plan(args.plan)
    sim = Sim(args.vehicle, args.speedup, args.home)
    sim.start()
    signal.signal(signal.SIGTERM, lambda *_: (sim.stop(), sys.exit(143)))
    try:
        master = connect(timeout=120)
        upload_mission(master, waypoints)
        result = fly(master, len(waypoints), args.timeout)
    finally:
        if not args.keep_sim:
            sim.stop()
    out = RESULTS / f"{args.plan.stem}.json"
    out.write_text(json.dumps(result, indent=2))
    print(f"result: {result} -> {out.relative_to(ROOT)}")
    return 0 if result["reached"] >= result["expected"] else 1


if __name__ == "__main__":
    sys.exit(main())
