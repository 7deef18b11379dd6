#!/usr/bin/env python3
"""Capture store screenshots of the Harbor app on simulators and emulators.

    python tools/store_screenshots.py [--ios] [--android] [--locales en-US,de-DE] [--out fastlane/screenshots]

iOS: boots the project's screenshot simulators (named harbor-shot-<device>,
created by this script if missing), installs the Debug build from
build/ios/Harbor.app, launches it with -screenshotMode and a locale, and uses
`xcrun simctl io screenshot`. Android: uses the running emulator serial given by
--serial (refuses physical devices), installs the debug APK, sets the locale
through the app's own debug intent and captures with `adb exec-out screencap`.
Only simulators this script created are shut down afterwards. Output files go
under the chosen folder inside the repository, replacing the previous set.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from argparse import ArgumentParser
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
IOS_APP = REPO / "build" / "ios" / "Harbor.app"
ANDROID_APK = REPO / "android" / "app" / "build" / "outputs" / "apk" / "debug" / "app-debug.apk"
BUNDLE_ID = "com.harbor.app"
ANDROID_ID = "com.harbor.app.debug"
IOS_DEVICES = {"iPhone 15 Pro Max": "6.7in", "iPhone SE (3rd generation)": "4.7in"}
SCREENS = ["home", "trip", "map", "settings"]


def run(argv: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(argv, check=True, capture_output=True, text=True, **kw)


def sim_list() -> dict:
    return json.loads(run(["xcrun", "simctl", "list", "-j", "devices"]).stdout)["devices"]


def ensure_sim(device: str) -> tuple[str, bool]:
    name = f"harbor-shot-{device.replace(' ', '-')}"
    for devices in sim_list().values():
        for d in devices:
            if d["name"] == name and d["isAvailable"]:
                return d["udid"], False
    runtimes = json.loads(run(["xcrun", "simctl", "list", "-j", "runtimes"]).stdout)["runtimes"]
    ios = [r for r in runtimes if r["platform"] == "iOS" and r["isAvailable"]]
    if not ios:
        raise SystemExit("no iOS simulator runtime installed")
    devtype = "com.apple.CoreSimulator.SimDeviceType." + device.replace(" ", "-").replace("(", "").replace(")", "")
    udid = run(["xcrun", "simctl", "create", name, devtype, ios[-1]["identifier"]]).stdout.strip()
    return udid, True


def ios_shots(out: Path, locales: list[str]) -> int:
    if not IOS_APP.exists():
        raise SystemExit("build/ios/Harbor.app missing; run `make ios-sim-build` first")
    taken = 0
    created: list[str] = []
    try:
        for device, size in IOS_DEVICES.items():
            udid, new = ensure_sim(device)
            if new:
                created.append(udid)
            subprocess.run(["xcrun", "simctl", "boot", udid], capture_output=True)
            run(["xcrun", "simctl", "bootstatus", udid, "-b"])
            run(["xcrun", "simctl", "install", udid, str(IOS_APP)])
            for locale in locales:
                for screen in SCREENS:
                    subprocess.run(["xcrun", "simctl", "terminate", udid, BUNDLE_ID], capture_output=True)
                    run(["xcrun", "simctl", "launch", udid, BUNDLE_ID, "-screenshotMode", "YES",
                         "-AppleLocale", locale.replace("-", "_"), "-startScreen", screen])
                    time.sleep(2.5)
                    dest = out / "ios" / locale / f"{size}-{screen}.png"
                    dest.parent.mkdir(exist_ok=True, parents=True)
                    run(["xcrun", "simctl", "io", udid, "screenshot", str(dest)])
                    taken += 1
            if new:
                run(["xcrun", "simctl", "shutdown", udid])
    finally:
        for udid in created:
            subprocess.run(["xcrun", "simctl", "shutdown", udid], capture_output=True)
    return taken


def android_shots(out: Path, locales: list[str], serial: str) -> int:
    if not serial.startswith("emulator-"):
        raise SystemExit("screenshots are only taken on emulators (pass --serial emulator-NNNN)")
    if not ANDROID_APK.exists():
        raise SystemExit("debug APK missing; run ./gradlew assembleDebug")
    adb = ["adb", "-s", serial]
    run([*adb, "install", "-r", str(ANDROID_APK)])
    taken = 0
    for locale in locales:
        for screen in SCREENS:
            run([*adb, "shell", "am", "start", "-W", "-n", f"{ANDROID_ID}/com.harbor.app.MainActivity",
                 "--es", "screenshotLocale", locale, "--es", "startScreen", screen])
            time.sleep(2.5)
            dest = out / "android" / locale / f"phone-{screen}.png"
            dest.parent.mkdir(exist_ok=True, parents=True)
            png = subprocess.run([*adb, "exec-out", "screencap", "-p"], check=True, capture_output=True).stdout
            dest.write_bytes(png)
            taken += 1
    run([*adb, "shell", "am", "force-stop", ANDROID_ID])
    return taken


def check_sizes(out: Path) -> list[str]:
    """App Store Connect rejects screenshots with unexpected pixel sizes; flag them early."""
    expected = {"6.7in": (1290, 2796), "4.7in": (750, 1334)}
    problems = []
    for png in sorted(out.glob("ios/*/*.png")):
        with png.open("rb") as fh:
            header = fh.read(24)
        width = int.from_bytes(header[16:20], "big")
        height = int.from_bytes(header[20:24], "big")
        size = png.stem.split("-")[0]
        if size in expected and (width, height) != expected[size]:
            problems.append(f"{png.relative_to(REPO)}: {width}x{height}, expected {expected[size]}")
    return problems


def main(argv: list[str]) -> int:
    cli = ArgumentParser(prog="store_screenshots")
    cli.add_argument("--ios", action="store_true")
    cli.add_argument("--android", action="store_true")
    cli.add_argument("--serial", default="emulator-5554")
    cli.add_argument("--locales", default="en-US")
    cli.add_argument("--out", type=Path, default=Path("fastlane/screenshots"))
    opts = cli.parse_args(argv)

    out = (REPO / opts.out).resolve()
    if REPO not in out.parents:
        raise SystemExit("--out must be inside the repository")
    locales = [l.strip() for l in opts.locales.split(",") if l.strip()]
    do_ios = opts.ios or not opts.android
    do_android = opts.android or not opts.ios
    if out.exists():
        shutil.rmtree(out)
    total = 0
    if do_ios:
        total += ios_shots(out, locales)
    if do_android:
        total += android_shots(out, locales, opts.serial)
    print(f"{total} screenshots written to {out.relative_to(REPO)}")
    for problem in check_sizes(out):
        print(f"warning: {problem}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
