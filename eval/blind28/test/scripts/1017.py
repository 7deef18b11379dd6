#!/usr/bin/env python3
"""ecu_sim.py - a small UDS (ISO 14229) ECU simulator on a virtual CAN interface.

The instrument-cluster tests talk to this simulator instead of a real ECU.  It
listens with ISO-TP (python-can-isotp) on request id 0x7E0 and answers on 0x7E8:

    0x10 DiagnosticSessionControl   default / extended / programming (no flashing!)
    0x11 ECUReset                   pretends to reset, session back to default
    0x22 ReadDataByIdentifier       DIDs from sim/dids.yaml (VIN, SW version, odometer)
    0x27 SecurityAccess             seed/key with the documented test algorithm
    0x19 ReadDTCInformation         DTCs from sim/dtcs.yaml
    0x3E TesterPresent

Everything else gets NRC 0x11 (serviceNotSupported).  The simulator refuses to
bind to anything but vcanN, so it can never answer on a real vehicle bus.

    python tools/ecu_sim.py --iface vcan0
    python tools/ecu_sim.py --iface vcan0 --log out/ecu_sim.log --seed 1234
"""
from __future__ import annotations

import argparse
import logging
import random
import re
import signal
import struct
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import can
import isotp
import yaml

PKG = Path(__file__).resolve().parent.parent
SIM_DIR = PKG / "sim"
LOG = logging.getLogger("ecu_sim")
TEST_KEY_XOR = 0x5A3C  # documented test algorithm, not a production secret
SESSIONS = {0x01: "default", 0x02: "programming", 0x03: "extended"}


@dataclass
class EcuState:
    session: int = 0x01
    unlocked: bool = False
    seed: int = 0
    last_tester_present: float = field(default_factory=time.monotonic)
    requests: int = 0


def negative(service: int, nrc: int) -> bytes:
    return bytes([0x7F, service, nrc])


def load_yaml(name: str) -> dict:
    path = SIM_DIR / name
    if not path.exists():
        LOG.warning("%s missing, using empty table", path.relative_to(PKG))
        return {}
    return yaml.safe_load(path.read_text()) or {}


class Ecu:
    def __init__(self, rng: random.Random):
        self.state = EcuState()
        self.rng = rng
        self.dids = {int(k, 16) if isinstance(k, str) else int(k): v for k, v in load_yaml("dids.yaml").items()}
        self.dtcs = load_yaml("dtcs.yaml").get("active", [])

    def handle(self, req: bytes) -> bytes | None:
        self.state.requests += 1
        if not req:
            return None
        sid = req[0]
        handler = {
            0x10: self.session_control,
            0x11: self.ecu_reset,
            0x22: self.read_did,
            0x27: self.security_access,
            0x19: self.read_dtc,
            0x3E: self.tester_present,
        }.get(sid)
        if handler is None:
            return negative(sid, 0x11)
        return handler(req)

    def session_control(self, req: bytes) -> bytes:
        if len(req) != 2:
            return negative(0x10, 0x13)
        sub = req[1] & 0x7F
        if sub not in SESSIONS:
            return negative(0x10, 0x12)
        self.state.session = sub
        self.state.unlocked = False
        LOG.info("session -> %s", SESSIONS[sub])
        return bytes([0x50, sub, 0x00, 0x32, 0x01, 0xF4])

    def ecu_reset(self, req: bytes) -> bytes:
        self.state = EcuState()
        LOG.info("simulated reset")
        return bytes([0x51, req[1] if len(req) > 1 else 0x01])

    def read_did(self, req: bytes) -> bytes:
        if len(req) < 3 or (len(req) - 1) % 2:
            return negative(0x22, 0x13)
        out = bytearray([0x62])
        for i in range(1, len(req), 2):
            did = struct.unpack(">H", req[i:i + 2])[0]
            if did not in self.dids:
                return negative(0x22, 0x31)
            value = self.dids[did]
            payload = value.encode() if isinstance(value, str) else struct.pack(">I", int(value))
            out += struct.pack(">H", did) + payload
        return bytes(out)

    def security_access(self, req: bytes) -> bytes:
        if self.state.session == 0x01:
            return negative(0x27, 0x22)
        if len(req) < 2:
            return negative(0x27, 0x13)
        if req[1] % 2 == 1:  # request seed
            self.state.seed = self.rng.randint(1, 0xFFFF)
            return bytes([0x67, req[1]]) + struct.pack(">H", self.state.seed)
        if len(req) != 4:
            return negative(0x27, 0x13)
        key = struct.unpack(">H", req[2:4])[0]
        if key != (self.state.seed ^ TEST_KEY_XOR):
            return negative(0x27, 0x35)
        self.state.unlocked = True
        return bytes([0x67, req[1]])

    def read_dtc(self, req: bytes) -> bytes:
        if len(req) < 3 or req[1] != 0x02:
            return negative(0x19, 0x12)
        mask = req[2]
        out = bytearray([0x59, 0x02, 0xFF])
        for dtc in self.dtcs:
            code = int(dtc["code"], 16)
            status = int(dtc.get("status", 0x09))
            if status & mask:
                out += code.to_bytes(3, "big") + bytes([status])
        return bytes(out)

    def tester_present(self, req: bytes) -> bytes | None:
        self.state.last_tester_present = time.monotonic()
        if len(req) > 1 and req[1] & 0x80:
            return None  # suppress positive response
        return bytes([0x7E, 0x00])


def vcan_only(iface: str) -> str:
    if not re.fullmatch(r"vcan\d+", iface):
        raise SystemExit(f"refusing to run on {iface}: the simulator only binds to vcanN")
    return iface


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="UDS ECU simulator on vcan")
    ap.add_argument("--iface", default="vcan0")
    ap.add_argument("--rx", type=lambda s: int(s, 16), default=0x7E0)
    ap.add_argument("--tx", type=lambda s: int(s, 16), default=0x7E8)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--log", type=Path)
    ap.add_argument("--session-timeout", type=float, default=5.0)
    args = ap.parse_args(argv)

    handlers = [logging.StreamHandler()]
    if args.log:
        args.log.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(logging.FileHandler(args.log))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", handlers=handlers)

    iface = vcan_only(args.iface)
    ecu = Ecu(random.Random(args.seed))
    bus = can.Bus(interface="socketcan", channel=iface)
    addr = isotp.Address(isotp.AddressingMode.Normal_11bits, rxid=args.rx, txid=args.tx)
    stack = isotp.CanStack(bus, address=addr, params={"tx_padding": 0xAA})
    running = True

    def stop(signum, _frame):
        nonlocal running
        running = False
        LOG.info("signal %s, shutting down", signum)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    LOG.info("ECU simulator on %s rx=0x%03X tx=0x%03X", iface, args.rx, args.tx)
    try:
        while running:
            stack.process()
            if stack.available():
                req = stack.recv()
                resp = ecu.handle(req)
                LOG.info("req %s -> %s", req.hex(" "), resp.hex(" ") if resp else "(suppressed)")
                if resp:
                    stack.send(resp)
            if ecu.state.session != 0x01 and time.monotonic() - ecu.state.last_tester_present > args.session_timeout:
                ecu.state.session, ecu.state.unlocked = 0x01, False
                LOG.info("S3 timeout, back to default session")
            time.sleep(stack.sleep_time())
    finally:
        bus.shutdown()
    LOG.info("handled %d requests", ecu.state.requests)
    return 0


if __name__ == "__main__":
    sys.exit(main())
