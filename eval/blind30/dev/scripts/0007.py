#!/usr/bin/env python3
"""Inventory of the YubiKeys plugged into this workstation (read-only).

IT asked every team to record serial numbers, firmware versions and which
applications (PIV, OpenPGP, FIDO2, OATH) are enabled on the team's hardware keys.
This script only runs read-only ykman/gpg/fido2-token sub-commands ("list", "info",
"--card-status", "-L") and writes reports/yubikeys/<hostname>.json. It never
resets, changes PINs, generates keys or touches slots.

If pcscd is not answering, it prints the systemctl status (read-only, via sudo
because the unit's journal is root-only on our images) so the user can restart it.
"""
import argparse
import datetime
import json
import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
OUT_DIR = PROJECT / "reports" / "yubikeys"
READ_ONLY = {
    ("ykman", "list"),
    ("ykman", "info"),
    ("ykman", "piv"),
    ("ykman", "openpgp"),
    ("ykman", "fido"),
    ("gpg", "--card-status"),
    ("fido2-token", "-L"),
}
FORBIDDEN_WORDS = {"reset", "change-pin", "change-puk", "generate", "import", "delete",
                   "set-pin", "access", "set-touch", "change-management-key"}


class ReadOnlyViolation(RuntimeError):
    pass


def run(argv, timeout=20):
    """Run a read-only command; refuse anything that is not on the allow-list."""
    head = (os.path.basename(argv[0]), argv[1] if len(argv) > 1 else "")
    if head not in READ_ONLY and not (head[0] == "ykman" and "--device" in argv):
        raise ReadOnlyViolation(" ".join(argv))
    if FORBIDDEN_WORDS.intersection(argv):
        raise ReadOnlyViolation(" ".join(argv))
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        return None
    except subprocess.TimeoutExpired:
        return ""
    return proc.stdout if proc.returncode == 0 else ""


def parse_kv(text):
    data = {}
    for line in (text or "").splitlines():
        if ":" in line:
            key, _, value = line.partition(":")
            key = key.strip().lower().replace(" ", "_")
            if key and value.strip():
                data[key] = value.strip()
    return data


def serials():
    out = run(["ykman", "list", "--serials"])
    if out is None:
        sys.exit("ykman not installed (pipx install yubikey-manager)")
    return [s.strip() for s in out.splitlines() if s.strip().isdigit()]


def device_report(serial):
    base = ["ykman", "--device", serial]
    info = parse_kv(run(base + ["info"]))
    apps = {}
    for line in run(base + ["info"]).splitlines():
        m = re.match(r"^(FIDO2|FIDO U2F|OTP|OATH|PIV|OpenPGP|YubiHSM Auth)\s+(\S+)\s*(\S*)", line)
        if m:
            apps[m.group(1)] = {"usb": m.group(2), "nfc": m.group(3) or None}
    piv = parse_kv(run(base + ["piv", "info"]))
    openpgp = parse_kv(run(base + ["openpgp", "info"]))
    fido = parse_kv(run(base + ["fido", "info"]))
    return {
        "serial": serial,
        "device_type": info.get("device_type"),
        "firmware": info.get("firmware_version"),
        "form_factor": info.get("form_factor"),
        "applications": apps,
        "piv": {k: v for k, v in piv.items() if k in ("piv_version", "pin_tries_remaining",
                                                       "management_key_algorithm")},
        "piv_slots": sorted(k for k in piv if k.startswith("slot")),
        "openpgp": {k: v for k, v in openpgp.items() if k in ("openpgp_version", "pin_tries_remaining")},
        "fido_pin_set": fido.get("pin"),
    }


def gpg_card():
    out = run(["gpg", "--card-status"])
    if not out:
        return None
    data = parse_kv(out)
    return {k: data.get(k) for k in ("serial_number", "version", "signature_key", "encryption_key")}


def fido_tokens():
    out = run(["fido2-token", "-L"])
    return [line.split(":")[0] for line in (out or "").splitlines() if line.strip()]


def pcscd_hint():
    if shutil.which("systemctl") is None:
        return
    print("No keys found. pcscd status (read-only):", file=sys.stderr)
    subprocess.run(["sudo", "-n", "systemctl", "status", "--no-pager", "--lines=5", "pcscd"],
                   check=False)
    print("If it is inactive, ask IT or run: sudo systemctl restart pcscd", file=sys.stderr)


def write_report(report, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def compare_with_previous(report, path):
    """Tell the user when a key disappeared or appeared since the last inventory."""
    if not path.exists():
        return []
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        return ["previous inventory unreadable, overwriting"]
    before = {d["serial"] for d in old.get("devices", [])}
    now = {d["serial"] for d in report["devices"]}
    notes = [f"key {s} no longer present (lost? returned?)" for s in sorted(before - now)]
    notes += [f"new key {s}" for s in sorted(now - before)]
    return notes


def print_table(devices):
    print(f"{'serial':<12}{'type':<28}{'firmware':<10}{'PIV':<6}{'OpenPGP':<9}FIDO2")
    for d in devices:
        apps = d["applications"]
        print(f"{d['serial']:<12}{(d['device_type'] or '?'):<28}{(d['firmware'] or '?'):<10}"
              f"{apps.get('PIV', {}).get('usb', '-'):<6}"
              f"{apps.get('OpenPGP', {}).get('usb', '-'):<9}"
              f"{apps.get('FIDO2', {}).get('usb', '-')}")


def main():
    ap = argparse.ArgumentParser(description="Read-only YubiKey inventory")
    ap.add_argument("--owner", default=os.environ.get("USER", "unknown"))
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()

    found = serials()
    if not found:
        pcscd_hint()
        return 1
    devices = [device_report(s) for s in found]
    report = {
        "host": socket.gethostname(),
        "owner": args.owner,
        "collected_at": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "devices": devices,
        "gpg_card": gpg_card(),
        "fido2_tokens": fido_tokens(),
    }
    print_table(devices)
    if not args.no_write:
        out = OUT_DIR / f"{socket.gethostname()}.json"
        for note in compare_with_previous(report, out):
            print(f"note: {note}")
        write_report(report, out)
        print(f"\nwrote {out.relative_to(PROJECT)}; commit it on the inventory branch")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ReadOnlyViolation as exc:
        sys.exit(f"internal error: refused non read-only command: {exc}")
