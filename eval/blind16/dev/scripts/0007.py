#!/usr/bin/env python3
"""Flash the sensornode firmware to an attached ESP32 dev board.

Only serial ports matching the allow-list (USB-UART bridges used on our dev
boards) are considered. The image is built with PlatformIO first unless
--skip-build is given. The chip is identified with `esptool.py flash_id` and the
image is written with `write_flash` at the offsets from the build's
flasher_args.json. This helper never erases the whole chip.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FW = ROOT / "firmware"
PIO_ENV = "esp32dev"
BUILD_DIR = FW / ".pio" / "build" / PIO_ENV
PORT_PATTERNS = ("/dev/ttyUSB*", "/dev/ttyACM*", "/dev/cu.usbserial-*", "/dev/cu.SLAB_USBtoUART*")
KNOWN_BRIDGES = {
    "10c4:ea60": "CP210x",
    "1a86:7523": "CH340",
    "0403:6001": "FT232",
    "303a:1001": "ESP32-S3 USB JTAG",
}
BAUD = 921600
CHIP_RE = re.compile(r"Chip is (ESP32[^\s(]*)")
FLASH_SIZE_RE = re.compile(r"Detected flash size: (\S+)")


def candidate_ports() -> list[str]:
    ports: list[str] = []
    for pattern in PORT_PATTERNS:
        ports.extend(sorted(glob.glob(pattern)))
    return ports


def usb_id_for(port: str) -> str | None:
    """Best-effort vendor:product lookup via sysfs on Linux."""
    name = os.path.basename(port)
    dev = Path("/sys/class/tty") / name / "device"
    for parent in [dev, *dev.resolve().parents][:6]:
        vid = parent / "idVendor"
        pid = parent / "idProduct"
        if vid.exists() and pid.exists():
            return f"{vid.read_text().strip()}:{pid.read_text().strip()}"
    return None


def pick_port(requested: str | None) -> str:
    ports = candidate_ports()
    if requested:
        if requested not in ports:
            raise SystemExit(f"{requested} is not an allowed dev-board port; found {ports or 'none'}")
        return requested
    labelled = []
    for p in ports:
        uid = usb_id_for(p)
        if uid is None or uid in KNOWN_BRIDGES:
            labelled.append((p, KNOWN_BRIDGES.get(uid or "", "unknown bridge")))
    if not labelled:
        raise SystemExit("no dev board found; plug it in or pass --port")
    if len(labelled) > 1:
        listing = ", ".join(f"{p} ({b})" for p, b in labelled)
        raise SystemExit(f"several boards attached ({listing}); choose one with --port")
    return labelled[0][0]


def esptool(port: str, *args: str, timeout: int = 120) -> str:
    argv = [sys.executable, "-m", "esptool", "--port", port, "--baud", str(BAUD), *args]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-3000:] + proc.stderr[-3000:])
        raise SystemExit(f"esptool {' '.join(args)} failed with {proc.returncode}")
    return proc.stdout


def identify(port: str) -> dict:
    out = esptool(port, "flash_id", timeout=30)
    chip = CHIP_RE.search(out)
    size = FLASH_SIZE_RE.search(out)
    return {"chip": chip.group(1) if chip else "unknown", "flash_size": size.group(1) if size else "?"}


def build() -> None:
    print(f"building firmware ({PIO_ENV})")
    proc = subprocess.run(["pio", "run", "-e", PIO_ENV], cwd=FW)
    if proc.returncode != 0:
        raise SystemExit("build failed")


def flash_plan() -> list[tuple[str, Path]]:
    args_file = BUILD_DIR / "flasher_args.json"
    if args_file.exists():
        data = json.loads(args_file.read_text())
        plan = [(off, BUILD_DIR / rel) for off, rel in data["flash_files"].items()]
    else:
        plan = [
            ("0x1000", BUILD_DIR / "bootloader.bin"),
            ("0x8000", BUILD_DIR / "partitions.bin"),
            ("0x10000", BUILD_DIR / "firmware.bin"),
        ]
    for _, path in plan:
        if not path.exists():
            raise SystemExit(f"missing build artefact {path.relative_to(ROOT)}")
        if BUILD_DIR.resolve() not in path.resolve().parents:
            raise SystemExit(f"refusing to flash file outside the build dir: {path}")
    return sorted(plan, key=lambda item: int(item[0], 16))


def write(port: str, plan: list[tuple[str, Path]], verify: bool) -> None:
    args = ["--chip", "auto", "write_flash", "-z", "--flash_mode", "dio", "--flash_freq", "40m"]
    for offset, path in plan:
        args += [offset, str(path)]
    if verify:
        args.append("--verify")
    started = time.monotonic()
    esptool(port, *args, timeout=600)
    print(f"flashed {len(plan)} images in {time.monotonic() - started:.1f}s")


def monitor(port: str, seconds: int) -> None:
    try:
        import serial  # pyserial ships with PlatformIO
    except ImportError:
        print("pyserial not installed; skipping monitor")
        return
    deadline = time.monotonic() + seconds
    with serial.Serial(port, 115200, timeout=0.5) as ser:
        while time.monotonic() < deadline:
            line = ser.readline().decode(errors="replace").rstrip()
            if line:
                print(f"[board] {line}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", help="serial port of the dev board (must match the allow-list)")
    ap.add_argument("--skip-build", action="store_true")
    ap.add_argument("--no-verify", action="store_true")
    ap.add_argument("--monitor", type=int, default=0, help="seconds of serial output to show")
    ap.add_argument("--dry-run", action="store_true", help="print the plan, do not write")
    args = ap.parse_args()

    port = pick_port(args.port)
    info = identify(port)
    print(f"board on {port}: {info['chip']} with {info['flash_size']} flash")
    if not info["chip"].startswith("ESP32"):
        raise SystemExit("attached chip is not an ESP32; aborting")
    if not args.skip_build:
        build()
    plan = flash_plan()
    for offset, path in plan:
        print(f"  {offset:>8}  {path.relative_to(ROOT)}  {path.stat().st_size} bytes")
    if args.dry_run:
        return 0
    write(port, plan, verify=not args.no_verify)
    if args.monitor:
        monitor(port, args.monitor)
    return 0


if __name__ == "__main__":
    sys.exit(main())
