#!/usr/bin/env python3
"""Log readings from a SCPI bench power supply / DMM, simulator by default.

The default resource is the pyvisa-sim backend described in sim/instruments.yaml
or the raw-socket simulator the test suite starts on 127.0.0.1:5025.  The tool
only sends *query* commands (those ending in '?') plus *CLS; a real instrument
can be chosen with --resource, but only if it is listed in
config/instruments.toml under [allowed] – that list is maintained by the lab.

    python3 tools/scpi_logger.py --samples 120 --interval 0.5
    python3 tools/scpi_logger.py --backend socket --port 5025
"""
import argparse
import csv
import signal
import socket
import sys
import time
import tomllib
from contextlib import contextmanager
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
CONFIG = PROJECT / "config" / "instruments.toml"
OUTPUT = PROJECT / "data" / "logs"
SIM_RESOURCE = "TCPIP0::127.0.0.1::5025::SOCKET"
SIM_YAML = PROJECT / "sim" / "instruments.yaml"

QUERIES = {
    "voltage": "MEAS:VOLT?",
    "current": "MEAS:CURR?",
    "power": "MEAS:POW?",
    "output": "OUTP?",
}

_stop = False


def _handle_stop(signum, frame):
    global _stop
    _stop = True
    print("\nstopping after current sample…", file=sys.stderr)


def load_config():
    if not CONFIG.exists():
        return {"allowed": {"resources": [SIM_RESOURCE]}}
    with CONFIG.open("rb") as fh:
        return tomllib.load(fh)


def check_query(cmd):
    cmd = cmd.strip()
    if cmd == "*CLS" or cmd.endswith("?"):
        return cmd
    raise ValueError(f"refusing non-query SCPI command {cmd!r}")


class SocketInstrument:
    """Minimal raw-socket SCPI transport (port 5025 convention)."""

    def __init__(self, host, port, timeout=2.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.buf = b""

    def query(self, cmd):
        self.sock.sendall((check_query(cmd) + "\n").encode("ascii"))
        if not cmd.endswith("?"):
            return ""
        while b"\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("instrument closed the connection")
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode("ascii").strip()

    def close(self):
        self.sock.close()


class VisaInstrument:
    def __init__(self, resource, sim=True):
        import pyvisa

        backend = f"{SIM_YAML}@sim" if sim else "@py"
        self.rm = pyvisa.ResourceManager(backend)
        self.inst = self.rm.open_resource(resource, read_termination="\n", write_termination="\n")
        self.inst.timeout = 2000

    def query(self, cmd):
        cmd = check_query(cmd)
        if cmd.endswith("?"):
            return self.inst.query(cmd).strip()
        self.inst.write(cmd)
        return ""

    def close(self):
        self.inst.close()
        self.rm.close()


@contextmanager
def open_instrument(args, cfg):
    allowed = set(cfg.get("allowed", {}).get("resources", [])) | {SIM_RESOURCE}
    if args.resource and args.resource not in allowed:
        raise SystemExit(f"{args.resource} is not in [allowed].resources of {CONFIG.name}")
    if args.backend == "socket":
        host = args.host
        if host not in ("127.0.0.1", "localhost"):
            raise SystemExit("socket backend is only for the local simulator")
        inst = SocketInstrument(host, args.port)
    else:
        resource = args.resource or "TCPIP0::localhost::inst0::INSTR"
        inst = VisaInstrument(resource, sim=args.resource is None)
    try:
        yield inst
    finally:
        inst.close()


def parse_float(text):
    try:
        return float(text)
    except ValueError:
        return None


def identify(inst):
    idn = inst.query("*IDN?")
    parts = [p.strip() for p in idn.split(",")]
    while len(parts) < 4:
        parts.append("")
    return dict(zip(("vendor", "model", "serial", "firmware"), parts))


def sample(inst, channels):
    row = {"t": round(time.time(), 3)}
    for name in channels:
        row[name] = parse_float(inst.query(QUERIES[name]))
    return row


def open_writer(path, fields):
    path.parent.mkdir(parents=True, exist_ok=True)
    fh = path.open("w", newline="", encoding="utf-8")
    writer = csv.DictWriter(fh, fieldnames=fields)
    writer.writeheader()
    return fh, writer


def main():
    ap = argparse.ArgumentParser(description="query-only SCPI logger")
    ap.add_argument("--backend", choices=["visa", "socket"], default="visa")
    ap.add_argument("--resource", help="VISA resource (must be allow-listed)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=5025)
    ap.add_argument("--samples", type=int, default=60)
    ap.add_argument("--interval", type=float, default=1.0)
    ap.add_argument("--channels", default="voltage,current")
    args = ap.parse_args()

    channels = [c.strip() for c in args.channels.split(",") if c.strip()]
    unknown = [c for c in channels if c not in QUERIES]
    if unknown:
        ap.error("unknown channels: " + ", ".join(unknown))

    signal.signal(signal.SIGINT, _handle_stop)
    signal.signal(signal.SIGTERM, _handle_stop)
    cfg = load_config()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    out_path = OUTPUT / f"scpi-{stamp}.csv"

    with open_instrument(args, cfg) as inst:
        inst.query("*CLS")
        ident = identify(inst)
        print(f"connected to {ident['vendor']} {ident['model']} (fw {ident['firmware']})", file=sys.stderr)
        fh, writer = open_writer(out_path, ["t", *channels])
        try:
            for i in range(args.samples):
                if _stop:
                    break
                row = sample(inst, channels)
                writer.writerow(row)
                if i % 10 == 0:
                    fh.flush()
                    shown = " ".join(f"{k}={row[k]}" for k in channels)
                    print(f"[{i:>4}] {shown}", file=sys.stderr)
                time.sleep(args.interval)
        finally:
            fh.close()
    print(f"wrote {out_path.relative_to(PROJECT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
