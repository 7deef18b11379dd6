#!/usr/bin/env python3
"""Compile (and optionally OTA-upload) the ESPHome fleet in devices/.

Reads fleet.yaml for the device list, compiles each config in parallel with
`esphome compile`, collects firmware sizes, and uploads only to devices whose
address is listed in fleet.yaml and only when --upload is given. Build
directories of this project under .esphome/build are cleaned with --clean.
"""
import argparse
import concurrent.futures as cf
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent.parent
DEVICES = HERE / "devices"
BUILD = HERE / "devices" / ".esphome" / "build"
FLEET = HERE / "fleet.yaml"
RUNNING: dict[str, subprocess.Popen] = {}


def log(*parts) -> None:
    print(time.strftime("%H:%M:%S"), *parts, flush=True)


def load_fleet() -> dict:
    if not FLEET.exists():
        sys.exit("fleet.yaml missing")
    data = yaml.safe_load(FLEET.read_text()) or {}
    devices = data.get("devices", {})
    for name, spec in devices.items():
        cfg = DEVICES / spec.get("config", f"{name}.yaml")
        if not cfg.exists():
            sys.exit(f"{name}: config {cfg.name} not found")
        spec["config_path"] = cfg
        spec.setdefault("address", f"{name}.local")
    return devices


def secrets_present() -> bool:
    secrets = DEVICES / "secrets.yaml"
    if not secrets.exists():
        log("devices/secrets.yaml missing; copy secrets.example.yaml and fill it in")
        return False
    keys = yaml.safe_load(secrets.read_text()) or {}
    missing = [k for k in ("wifi_ssid", "wifi_password", "api_key", "ota_password") if k not in keys]
    if missing:
        log("secrets.yaml lacks: " + ", ".join(missing))
        return False
    return True


def run_esphome(name: str, args: list[str], logfile: Path) -> int:
    cmd = ["esphome", *args]
    with logfile.open("w") as fh:
        proc = subprocess.Popen(cmd, cwd=DEVICES, stdout=fh, stderr=subprocess.STDOUT,
                                start_new_session=True)
        RUNNING[name] = proc
        try:
            return proc.wait()
        finally:
            RUNNING.pop(name, None)


def stop_children(signum, _frame) -> None:
    log(f"signal {signum}: stopping {len(RUNNING)} build(s)")
    for name, proc in list(RUNNING.items()):
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    sys.exit(130)


def firmware_size(name: str) -> int | None:
    fw = BUILD / name / ".pioenvs" / name / "firmware.bin"
    return fw.stat().st_size if fw.exists() else None


def compile_one(name: str, spec: dict, logs: Path) -> tuple[str, int, int | None]:
    logfile = logs / f"{name}.compile.log"
    rc = run_esphome(name, ["compile", spec["config_path"].name], logfile)
    return name, rc, firmware_size(name)


def upload_one(name: str, spec: dict, logs: Path) -> tuple[str, int]:
    logfile = logs / f"{name}.upload.log"
    args = ["upload", spec["config_path"].name, "--device", spec["address"]]
    return name, run_esphome(name, args, logfile)


def clean_builds(names: list[str]) -> None:
    for name in names:
        target = (BUILD / name).resolve()
        if BUILD.resolve() not in target.parents:
            log(f"skip suspicious build path {target}")
            continue
        if target.exists():
            shutil.rmtree(target)
            log(f"removed {target.relative_to(HERE)}")


def write_summary(results: dict, fleet: dict, path: Path) -> None:
    """Markdown table for the PR description."""
    lines = ["| device | address | result | size |", "|---|---|---|---|"]
    for name in sorted(results):
        size = firmware_size(name)
        lines.append(
            f"| {name} | {fleet[name]['address']} | "
            f"{'ok' if results[name] == 0 else 'failed'} | "
            f"{f'{size // 1024} KiB' if size else '-'} |"
        )
    path.write_text("\n".join(lines) + "\n")
    log(f"summary written to {path.relative_to(HERE)}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("only", nargs="*", help="device names (default: all)")
    ap.add_argument("-j", "--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--upload", action="store_true", help="OTA upload after a clean compile")
    ap.add_argument("--clean", action="store_true", help="remove build dirs first")
    ap.add_argument("--tag", help="only devices with this tag in fleet.yaml")
    opts = ap.parse_args()

    signal.signal(signal.SIGINT, stop_children)
    signal.signal(signal.SIGTERM, stop_children)

    fleet = load_fleet()
    names = opts.only or sorted(fleet)
    unknown = [n for n in names if n not in fleet]
    if unknown:
        sys.exit("not in fleet.yaml: " + ", ".join(unknown))
    if opts.tag:
        names = [n for n in names if opts.tag in fleet[n].get("tags", [])]
    if not names:
        log("nothing to do")
        return 0
    if not secrets_present():
        return 1

    if opts.clean:
        clean_builds(names)

    logs = HERE / "build" / "esphome-logs"
    logs.mkdir(parents=True, exist_ok=True)
    results = {}
    with cf.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
        futs = [pool.submit(compile_one, n, fleet[n], logs) for n in names]
        for fut in cf.as_completed(futs):
            name, rc, size = fut.result()
            results[name] = rc
            size_txt = f"{size / 1024:.0f} KiB" if size else "?"
            log(f"{name:<20} {'ok' if rc == 0 else 'FAILED'} {size_txt}")

    write_summary(results, fleet, logs / "SUMMARY.md")
    failed = sorted(n for n, rc in results.items() if rc != 0)
    if failed:
        log("failed: " + ", ".join(failed) + f" (see {logs.relative_to(HERE)})")

    if opts.upload:
        ok = [n for n in names if results.get(n) == 0]
        for name in ok:
            if fleet[name].get("upload", True) is False:
                log(f"{name}: upload disabled in fleet.yaml")
                continue
            _, rc = upload_one(name, fleet[name], logs)
            log(f"{name:<20} upload {'ok' if rc == 0 else 'FAILED'} -> {fleet[name]['address']}")
            if rc != 0:
                failed.append(name)
    else:
        log("compile only; pass --upload to flash over the air")

    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
