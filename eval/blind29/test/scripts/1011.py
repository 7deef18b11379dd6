#!/usr/bin/env python3
"""Grab screenshots and waveform data from the bench oscilloscope.

Default backend is pyvisa-sim with the instrument description in
sim/scope.yaml, so the script runs on laptops and in CI.  A real scope is
used only with ``--resource`` *and* when that resource string is listed in
config/lab.toml under ``[scope].allowed``.  Only read/query commands are
sent (``:WAV:DATA?``, ``:DISP:DATA?``, ``*IDN?`` and the ``:WAV:`` format
setup, which changes no acquisition settings).

Outputs go to data/scope/<timestamp>/: PNG screenshot, CSV per channel and a
metadata JSON with the preamble (scale/offset) so the CSV can be re-derived.
"""
import argparse
import csv
import json
import logging
import struct
import sys
import time
import tomllib
from pathlib import Path

LOG = logging.getLogger("scope")
REPO = Path(__file__).resolve().parents[1]
SIM_FILE = REPO / "sim" / "scope.yaml"
LAB_CONFIG = REPO / "config" / "lab.toml"
SIM_RESOURCE = "TCPIP0::localhost::inst0::INSTR"
ALLOWED_PREFIXES = (":WAV:", ":DISP:DATA?", "*IDN?", ":CHAN", ":TIM:SCAL?", ":ACQ:SRAT?")


class QueryOnly:
    """Wrap a pyvisa resource and refuse anything that could change acquisition."""

    def __init__(self, resource):
        self._res = resource

    def _check(self, cmd):
        upper = cmd.strip().upper()
        if upper.startswith(":CHAN") and not upper.endswith("?"):
            raise PermissionError(f"blocked channel change: {cmd}")
        if not upper.startswith(ALLOWED_PREFIXES):
            raise PermissionError(f"blocked command: {cmd}")

    def write(self, cmd):
        self._check(cmd)
        self._res.write(cmd)

    def query(self, cmd):
        self._check(cmd)
        return self._res.query(cmd).strip()

    def query_binary(self, cmd):
        self._check(cmd)
        return self._res.query_binary_values(cmd, datatype="B", container=bytes)

    def close(self):
        self._res.close()


def allowed_resources():
    if not LAB_CONFIG.exists():
        return set()
    with LAB_CONFIG.open("rb") as fh:
        cfg = tomllib.load(fh)
    return set(cfg.get("scope", {}).get("allowed", []))


def open_scope(resource):
    import pyvisa

    if resource is None:
        rm = pyvisa.ResourceManager(f"{SIM_FILE}@sim")
        res = rm.open_resource(SIM_RESOURCE, read_termination="\n", write_termination="\n")
    else:
        if resource not in allowed_resources():
            raise SystemExit(f"{resource} is not in [scope].allowed of {LAB_CONFIG.relative_to(REPO)}")
        rm = pyvisa.ResourceManager("@py")
        res = rm.open_resource(resource, read_termination="\n", write_termination="\n")
    res.timeout = 10000
    return QueryOnly(res)


def preamble(scope):
    fields = scope.query(":WAV:PRE?").split(",")
    names = ["format", "type", "points", "count", "xinc", "xorig", "xref", "yinc", "yorig", "yref"]
    values = dict(zip(names, fields))
    return {k: float(v) if k not in ("format", "type") else int(float(v)) for k, v in values.items()}


def read_channel(scope, channel, points):
    scope.write(f":WAV:SOUR CHAN{channel}")
    scope.write(":WAV:MODE NORM")
    scope.write(":WAV:FORM BYTE")
    scope.write(f":WAV:POIN {points}")
    pre = preamble(scope)
    raw = scope.query_binary(":WAV:DATA?")
    volts = [(b - pre["yorig"] - pre["yref"]) * pre["yinc"] for b in raw]
    times = [pre["xorig"] + i * pre["xinc"] for i in range(len(volts))]
    return pre, times, volts


def screenshot(scope, target):
    data = scope.query_binary(":DISP:DATA? ON,OFF,PNG")
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        LOG.warning("screenshot is not a PNG (%d bytes); saving anyway", len(data))
    target.write_bytes(data)


def stats(volts):
    if not volts:
        return {}
    n = len(volts)
    mean = sum(volts) / n
    rms = (sum(v * v for v in volts) / n) ** 0.5
    return {"min": min(volts), "max": max(volts), "mean": mean, "rms": rms, "vpp": max(volts) - min(volts)}


def frequency_estimate(times, volts):
    """Rough frequency from rising zero crossings around the mean."""
    if len(volts) < 3:
        return None
    mean = sum(volts) / len(volts)
    crossings = [
        times[i] for i in range(1, len(volts))
        if volts[i - 1] < mean <= volts[i]
    ]
    if len(crossings) < 2:
        return None
    periods = [b - a for a, b in zip(crossings, crossings[1:])]
    avg = sum(periods) / len(periods)
    return 1.0 / avg if avg > 0 else None


def unpack_words(raw):
    """Helper for scopes that return 16-bit WORD format instead of BYTE."""
    count = len(raw) // 2
    return list(struct.unpack(f"<{count}H", raw[: count * 2]))


def write_csv(path, times, volts):
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["t_s", "v"])
        for t, v in zip(times, volts):
            w.writerow([f"{t:.9e}", f"{v:.6f}"])


def main():
    ap = argparse.ArgumentParser(description="read-only scope capture (simulator by default)")
    ap.add_argument("--resource", help="VISA resource of a real scope (must be allow-listed)")
    ap.add_argument("--channels", default="1,2")
    ap.add_argument("--points", type=int, default=1200)
    ap.add_argument("--no-screenshot", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    channels = [int(c) for c in args.channels.split(",") if c.strip()]
    if any(c not in (1, 2, 3, 4) for c in channels):
        ap.error("channels must be 1-4")
    out = REPO / "data" / "scope" / time.strftime("%Y%m%d-%H%M%S")
    out.mkdir(parents=True)

    scope = open_scope(args.resource)
    meta = {"resource": args.resource or f"sim:{SIM_RESOURCE}", "channels": {}}
    try:
        meta["idn"] = scope.query("*IDN?")
        LOG.info("connected: %s", meta["idn"])
        for ch in channels:
            pre, times, volts = read_channel(scope, ch, args.points)
            write_csv(out / f"ch{ch}.csv", times, volts)
            meta["channels"][ch] = {
                "preamble": pre,
                "stats": stats(volts),
                "samples": len(volts),
                "freq_hz": frequency_estimate(times, volts),
            }
            LOG.info("CH%d: %d samples, Vpp %.3f V", ch, len(volts), meta["channels"][ch]["stats"].get("vpp", 0))
        if not args.no_screenshot:
            screenshot(scope, out / "screen.png")
    finally:
        scope.close()
    (out / "meta.json").write_text(json.dumps(meta, indent=2))
    LOG.info("saved to %s", out.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
