#!/usr/bin/env python3
# Owner: flight-test tooling (#sitl)
#
#
# Start SITL first, e.g.
#   sim_vehicle.py -v ArduCopter --out udp:127.0.0.1:14550
# IGNORED_PREFIXES covers calibration and statistics parameters that change on
# every boot; add to it rather than to the baseline when new ones appear.
#
# Exit status: 0 live parameters match the baseline, 1 differences found,
# 2 baseline missing.
#
# Updating the baseline after an intended change:
#   python tools/param_audit.py --vehicle copter --write params/copter.parm
#
"""param_audit.py - compare the parameters of a running SITL vehicle with the baseline.

The regression suite flies with the parameters in params/<vehicle>.parm.  When
somebody tweaks a value in SITL and forgets to update the baseline, tests start
failing for reasons nobody can see.  This tool connects to SITL over MAVLink,
downloads every parameter (PARAM_REQUEST_LIST), and prints:

  * parameters that differ from the baseline (with tolerance for floats)
  * parameters missing from the baseline
  * baseline entries the firmware does not know (renamed/removed params)

    python tools/param_audit.py --vehicle copter
    python tools/param_audit.py --vehicle plane --write out/params/plane-live.parm

Connection is fixed to SITL's local UDP port; the tool never sends PARAM_SET,
so it cannot change a vehicle even if pointed at one.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

from pymavlink import mavutil

PROJECT = Path(__file__).resolve().parent.parent
PARAMS = PROJECT / "params"
SITL_URL = "udpin:127.0.0.1:14550"
IGNORED_PREFIXES = ("STAT_", "SYSID_", "INS_ACC", "INS_GYR", "COMPASS_OFS", "COMPASS_DEC", "BARO_GND")
FLOAT_TOLERANCE = 1e-4


def parse_parm(path: Path) -> dict[str, float]:
    values: dict[str, float] = {}
    for lineno, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.replace(",", " ").split()
        if len(parts) < 2:
            print(f"{path.name}:{lineno}: cannot parse '{raw}'", file=sys.stderr)
            continue
        try:
            values[parts[0]] = float(parts[1])
        except ValueError:
            print(f"{path.name}:{lineno}: bad value '{parts[1]}'", file=sys.stderr)
    return values


def connect(timeout: float):
    master = mavutil.mavlink_connection(SITL_URL, source_system=250)
    hb = master.wait_heartbeat(timeout=timeout)
    if hb is None:
        raise SystemExit(f"no heartbeat on {SITL_URL}; is SITL running?")
    print(f"connected: system {master.target_system}, type {hb.type}, autopilot {hb.autopilot}")
    return master


def fetch_all(master, timeout: float) -> dict[str, float]:
    master.mav.param_request_list_send(master.target_system, master.target_component)
    params: dict[str, float] = {}
    expected = None
    deadline = time.monotonic() + timeout
    last_progress = time.monotonic()
    while time.monotonic() < deadline:
        msg = master.recv_match(type="PARAM_VALUE", blocking=True, timeout=1)
        if msg is None:
            if expected and time.monotonic() - last_progress > 3:
                missing = [i for i in range(expected) if i not in seen_indexes(params, expected)]
                if missing:
                    for idx in missing[:50]:
                        master.mav.param_request_read_send(master.target_system, master.target_component, b"", idx)
                last_progress = time.monotonic()
            continue
        name = msg.param_id.rstrip("\x00") if isinstance(msg.param_id, str) else msg.param_id.decode().rstrip("\x00")
        params[name] = float(msg.param_value)
        params.setdefault("__index__" + str(msg.param_index), 1)
        expected = msg.param_count
        last_progress = time.monotonic()
        real = len([k for k in params if not k.startswith("__index__")])
        if expected and real >= expected:
            break
    return {k: v for k, v in params.items() if not k.startswith("__index__")}


def seen_indexes(params: dict, expected: int) -> set[int]:
    return {int(k[len("__index__"):]) for k in params if k.startswith("__index__")}


def ignored(name: str) -> bool:
    return name.startswith(IGNORED_PREFIXES)


def differs(a: float, b: float) -> bool:
    if a == b:
        return False
    if float(a).is_integer() and float(b).is_integer():
        return True
    return not math.isclose(a, b, rel_tol=FLOAT_TOLERANCE, abs_tol=FLOAT_TOLERANCE)


def compare(live: dict[str, float], baseline: dict[str, float]):
    changed = []
    for name, value in sorted(live.items()):
        if ignored(name) or name not in baseline:
            continue
        if differs(value, baseline[name]):
            changed.append((name, baseline[name], value))
    unknown = sorted(n for n in baseline if n not in live and not ignored(n))
    undocumented = sorted(n for n in live if n not in baseline and not ignored(n))
    return changed, unknown, undocumented


def fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.6g}"


def write_parm(path: Path, values: dict[str, float]) -> None:
    path.parent.mkdir(exist_ok=True, parents=True)
    lines = [f"{name},{fmt(values[name])}" for name in sorted(values)]
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Compare SITL parameters with params/<vehicle>.parm")
    ap.add_argument("--vehicle", default="copter", help="baseline name in params/")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--write", type=Path, help="also save the live parameters as a .parm file")
    ap.add_argument("--show-undocumented", action="store_true")
    args = ap.parse_args(argv)

    baseline_file = PARAMS / f"{args.vehicle}.parm"
    if not baseline_file.exists():
        print(f"no baseline {baseline_file.relative_to(PROJECT)}", file=sys.stderr)
        return 2
    baseline = parse_parm(baseline_file)
    master = connect(timeout=30)
    live = fetch_all(master, args.timeout)
    print(f"received {len(live)} parameters, baseline has {len(baseline)}")
    changed, unknown, undocumented = compare(live, baseline)

    if changed:
        print(f"\n{len(changed)} parameter(s) differ from {baseline_file.name}:")
        for name, want, got in changed:
            print(f"  {name:20s} baseline {fmt(want):>12s}  live {fmt(got):>12s}")
    if unknown:
        print(f"\n{len(unknown)} baseline parameter(s) unknown to this firmware:")
        for name in unknown:
            print(f"  {name}")
    if args.show_undocumented and undocumented:
        print(f"\n{len(undocumented)} live parameter(s) not in the baseline:")
        for name in undocumented[:100]:
            print(f"  {name} = {fmt(live[name])}")
    if args.write:
        target = args.write if args.write.is_absolute() else PROJECT / args.write
        write_parm(target, live)
        print(f"\nlive parameters written to {target}")
    return 1 if changed or unknown else 0


if __name__ == "__main__":
    sys.exit(main())
