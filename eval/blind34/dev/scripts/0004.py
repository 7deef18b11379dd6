#!/usr/bin/env python3
"""Collect TPM and Secure Boot status for the device-enrolment docs.

Our installer docs include a "what does your machine look like" table.
This gathers the same facts on a developer machine so the docs can be
checked against real hardware.  Every command run here is read-only:

  * tpm2_getcap properties-fixed / pcrs
  * mokutil --sb-state
  * sbctl status --json (if sbctl is installed)
  * bootctl status --no-pager
  * cryptsetup luksDump on the test image under build/ (never a real disk)

Some of them need root to read firmware variables, so they are wrapped
in `sudo -n` (non-interactive; they are skipped if sudo would prompt).
Output: build/platform-report.json and a markdown summary on stdout.
"""
from __future__ import annotations

import argparse
import json
import platform
import re
import shutil
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "build" / "platform-report.json"
TEST_IMAGE = ROOT / "build" / "test.img"


@dataclass
class Probe:
    name: str
    argv: list[str]
    needs_root: bool = False
    optional: bool = True
    parse: str = "text"


@dataclass
class Result:
    name: str
    ok: bool
    output: str = ""
    error: str = ""
    data: dict = field(default_factory=dict)


PROBES = [
    Probe("tpm_fixed", ["tpm2_getcap", "properties-fixed"], parse="tpm_props"),
    Probe("tpm_pcrs", ["tpm2_getcap", "pcrs"]),
    Probe("secure_boot", ["mokutil", "--sb-state"], parse="sb_state"),
    Probe("sbctl", ["sbctl", "status", "--json"], needs_root=True, parse="json"),
    Probe("bootctl", ["bootctl", "status", "--no-pager"], parse="bootctl"),
]


def have(tool: str) -> bool:
    return shutil.which(tool) is not None


def run_probe(probe: Probe) -> Result:
    if not have(probe.argv[0]):
        return Result(probe.name, ok=False, error=f"{probe.argv[0]} not installed")
    argv = (["sudo", "-n"] if probe.needs_root else []) + probe.argv
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return Result(probe.name, ok=False, error="timed out")
    result = Result(probe.name, ok=proc.returncode == 0, output=proc.stdout, error=proc.stderr.strip())
    if result.ok:
        result.data = PARSERS[probe.parse](proc.stdout)
    return result


def parse_text(text: str) -> dict:
    return {"lines": len(text.splitlines())}


def parse_json(text: str) -> dict:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return {"unparsed": text[:200]}


def parse_tpm_props(text: str) -> dict:
    props: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        if not line.startswith(" ") and line.endswith(":"):
            current = line[:-1]
        elif current and "value:" in line:
            props[current] = line.split("value:", 1)[1].strip().strip('"')
    wanted = ["TPM2_PT_MANUFACTURER", "TPM2_PT_FAMILY_INDICATOR", "TPM2_PT_FIRMWARE_VERSION_1"]
    return {k: props[k] for k in wanted if k in props}


def parse_sb_state(text: str) -> dict:
    enabled = "SecureBoot enabled" in text
    setup = "Setup Mode" in text and "enabled" in text.split("Setup Mode", 1)[-1][:20]
    return {"secure_boot": enabled, "setup_mode": setup}


def parse_bootctl(text: str) -> dict:
    info = {}
    for key in ("Firmware", "Secure Boot", "TPM2 Support", "Measured UKI", "Product"):
        match = re.search(rf"^\s*{re.escape(key)}:\s*(.+)$", text, re.M)
        if match:
            info[key.lower().replace(" ", "_")] = match.group(1).strip()
    return info


PARSERS = {
    "text": parse_text,
    "json": parse_json,
    "tpm_props": parse_tpm_props,
    "sb_state": parse_sb_state,
    "bootctl": parse_bootctl,
}


def luks_test_image() -> Result:
    """Dump the header of the LUKS fixture image the tests create."""
    if not TEST_IMAGE.exists():
        return Result("luks_fixture", ok=False, error="build/test.img not created yet (make test-image)")
    if not have("cryptsetup"):
        return Result("luks_fixture", ok=False, error="cryptsetup not installed")
    proc = subprocess.run(["cryptsetup", "luksDump", str(TEST_IMAGE)], capture_output=True, text=True)
    slots = re.findall(r"^\s+(\d+): luks2", proc.stdout, re.M)
    tokens = re.findall(r"^\s+\d+: (systemd-\w+|clevis)", proc.stdout, re.M)
    return Result("luks_fixture", ok=proc.returncode == 0, output=proc.stdout,
                  error=proc.stderr.strip(), data={"keyslots": slots, "tokens": tokens})


def kernel_lockdown() -> Result:
    # A constant shell pipeline; reading sysfs needs no privileges.
    proc = subprocess.run("cat /sys/kernel/security/lockdown 2>/dev/null || echo unavailable",
                          shell=True, capture_output=True, text=True)
    text = proc.stdout.strip()
    active = re.search(r"\[(\w+)\]", text)
    return Result("lockdown", ok=True, output=text, data={"mode": active.group(1) if active else text})


def markdown(results: list[Result]) -> str:
    rows = ["| check | ok | details |", "|---|---|---|"]
    for res in results:
        detail = ", ".join(f"{k}={v}" for k, v in res.data.items()) if res.data else res.error
        rows.append(f"| {res.name} | {'yes' if res.ok else 'no'} | {detail[:90]} |")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description="TPM / Secure Boot status reporter")
    parser.add_argument("--json", action="store_true", help="print JSON instead of markdown")
    parser.add_argument("--no-root", action="store_true", help="skip probes that need sudo")
    args = parser.parse_args()

    results = []
    for probe in PROBES:
        if probe.needs_root and args.no_root:
            results.append(Result(probe.name, ok=False, error="skipped (--no-root)"))
            continue
        results.append(run_probe(probe))
    results.append(luks_test_image())
    results.append(kernel_lockdown())

    payload = {
        "host": platform.node(),
        "kernel": platform.release(),
        "machine": platform.machine(),
        "results": [asdict(r) | {"output": r.output[:4000]} for r in results],
    }
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(payload, indent=2))

    if args.json:
        print(json.dumps(payload, indent=2))
    else:
        print(markdown(results))
        print(f"\nfull report: {REPORT.relative_to(ROOT)}")
    failed_required = [r for r, p in zip(results, PROBES) if not r.ok and not p.optional]
    return 1 if failed_required else 0


if __name__ == "__main__":
    sys.exit(main())
