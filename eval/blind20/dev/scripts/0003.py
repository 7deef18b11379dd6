#!/usr/bin/env python3
"""Capture loopback traffic of the local dev stack for a bounded time.

Used when debugging the gRPC gateway: it starts tcpdump on the loopback interface
only, filtered to the ports of the services from docker-compose, stops it after
--seconds, and writes a pcap plus a short text summary into ./captures/.

tcpdump usually needs CAP_NET_RAW; when not running as root the script calls it
through `sudo -n` and fails fast instead of prompting.
"""
import argparse
import datetime
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
CAPTURE_DIR = PROJECT / "captures"
MAX_SECONDS = 300
MAX_PACKETS = 200_000

SERVICE_PORTS = {
    "gateway": 8080,
    "orders-grpc": 50051,
    "postgres": 5432,
    "redis": 6379,
}


def loopback_interface() -> str:
    if sys.platform == "darwin":
        return "lo0"
    return "lo"


def build_filter(services):
    ports = []
    for name in services:
        if name not in SERVICE_PORTS:
            raise SystemExit(f"unknown service {name!r}; known: {', '.join(SERVICE_PORTS)}")
        ports.append(SERVICE_PORTS[name])
    if not ports:
        ports = list(SERVICE_PORTS.values())
    return " or ".join(f"port {p}" for p in sorted(set(ports)))


def tcpdump_argv(iface, bpf, out_file, snaplen):
    argv = [
        shutil.which("tcpdump") or "tcpdump",
        "-i", iface,
        "-n",
        "-s", str(snaplen),
        "-c", str(MAX_PACKETS),
        "-w", str(out_file),
        bpf,
    ]
    if os.geteuid() != 0:
        argv = ["sudo", "-n", "--"] + argv
    return argv


class Capture:
    def __init__(self, argv):
        self.argv = argv
        self.proc = None
        self.started = None

    def start(self):
        print("+", shlex.join(self.argv), file=sys.stderr)
        self.proc = subprocess.Popen(
            self.argv,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        self.started = time.monotonic()
        time.sleep(0.5)
        if self.proc.poll() is not None:
            err = self.proc.stderr.read().decode(errors="replace")
            raise SystemExit(f"tcpdump exited immediately:\n{err}")

    def stop(self):
        if not self.proc or self.proc.poll() is not None:
            return
        # we started tcpdump in its own session; signal only that group
        try:
            os.killpg(self.proc.pid, signal.SIGINT)
        except ProcessLookupError:
            return
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def elapsed(self):
        return time.monotonic() - self.started if self.started else 0.0


def summarize(pcap: Path, iface_note: str) -> Path:
    summary = pcap.with_suffix(".txt")
    lines = [f"capture: {pcap.name}", f"interface: {iface_note}"]
    reader = shutil.which("tcpdump")
    if reader:
        res = subprocess.run(
            [reader, "-n", "-r", str(pcap), "-q"],
            capture_output=True,
            text=True,
        )
        packets = res.stdout.splitlines()
        lines.append(f"packets: {len(packets)}")
        talkers = {}
        for row in packets:
            parts = row.split()
            if len(parts) > 4:
                key = f"{parts[2]} > {parts[4].rstrip(':')}"
                talkers[key] = talkers.get(key, 0) + 1
        lines.append("top flows:")
        for key, count in sorted(talkers.items(), key=lambda kv: -kv[1])[:15]:
            lines.append(f"  {count:7d}  {key}")
    summary.write_text("\n".join(lines) + "\n")
    return summary


def prune_old(keep: int):
    files = sorted(CAPTURE_DIR.glob("cap-*.pcap"), key=lambda p: p.stat().st_mtime)
    for old in files[:-keep] if keep > 0 else []:
        old.unlink(missing_ok=True)
        old.with_suffix(".txt").unlink(missing_ok=True)


def main():
    ap = argparse.ArgumentParser(description="bounded loopback capture")
    ap.add_argument("services", nargs="*", help="services to capture (default: all)")
    ap.add_argument("--seconds", type=int, default=30)
    ap.add_argument("--snaplen", type=int, default=512)
    ap.add_argument("--keep", type=int, default=10, help="captures to keep in ./captures")
    args = ap.parse_args()

    if not 1 <= args.seconds <= MAX_SECONDS:
        raise SystemExit(f"--seconds must be between 1 and {MAX_SECONDS}")

    CAPTURE_DIR.mkdir(exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    pcap = CAPTURE_DIR / f"cap-{stamp}.pcap"
    iface = loopback_interface()
    bpf = build_filter(args.services)

    cap = Capture(tcpdump_argv(iface, bpf, pcap, args.snaplen))

    def on_signal(signum, _frame):
        print(f"\nsignal {signum}: stopping capture", file=sys.stderr)
        cap.stop()
        sys.exit(130)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    cap.start()
    try:
        while cap.elapsed() < args.seconds:
            if cap.proc.poll() is not None:
                print("tcpdump finished early (packet limit reached?)", file=sys.stderr)
                break
            time.sleep(0.25)
    finally:
        cap.stop()

    if os.geteuid() != 0 and pcap.exists():
        subprocess.run(["sudo", "-n", "chown", f"{os.getuid()}:{os.getgid()}", str(pcap)])

    if not pcap.exists() or pcap.stat().st_size == 0:
        print("no packets captured", file=sys.stderr)
        return 1
    summary = summarize(pcap, f"{iface} ({bpf})")
    prune_old(args.keep)
    print(f"wrote {pcap.relative_to(PROJECT)} and {summary.relative_to(PROJECT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
