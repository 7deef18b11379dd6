#!/usr/bin/env python3
"""Pre-flight report before enrolling a laptop into measured boot.

IT asks developers to run this before the enrolment appointment.  It runs a
set of read-only probes concurrently and prints what will need attention:

  * firmware mode and Secure Boot state (mokutil, /sys/firmware/efi)
  * sbctl key status and unsigned EFI binaries (sbctl verify, needs root)
  * TPM presence, manufacturer and PCR banks (tpm2_getcap)
  * LUKS2 devices and which of them already carry a systemd-tpm2 token
    (cryptsetup luksDump, read-only)

Root-only probes use `sudo -n`, so they are skipped rather than prompting.
Nothing is enrolled, signed or changed.  The JSON report is written to
build/enrolment-preflight.json so it can be attached to the ticket.
"""
from __future__ import annotations

import concurrent.futures as cf
import json
import os
import platform
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

WORKDIR = Path(__file__).resolve().parent.parent
REPORT = WORKDIR / "build" / "enrolment-preflight.json"


@dataclass
class Check:
    key: str
    ok: bool | None
    detail: str
    advice: str = ""
    raw: str = field(default="", repr=False)


def run(argv: list[str], root: bool = False, timeout: int = 15) -> tuple[int, str]:
    if shutil.which(argv[0]) is None:
        return 127, f"{argv[0]} not installed"
    full = (["sudo", "-n", *argv]) if root else argv
    try:
        proc = subprocess.run(full, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "timed out"
    return proc.returncode, (proc.stdout or proc.stderr)


def firmware() -> Check:
    uefi = Path("/sys/firmware/efi").is_dir()
    return Check("firmware", uefi, "UEFI" if uefi else "legacy BIOS",
                 "" if uefi else "switch the firmware to UEFI mode before enrolment")


def secure_boot() -> Check:
    rc, out = run(["mokutil", "--sb-state"])
    if rc == 127:
        return Check("secure_boot", None, out, "install mokutil")
    enabled = "enabled" in out.lower() and "disabled" not in out.lower()
    return Check("secure_boot", enabled, out.strip().splitlines()[0] if out.strip() else "?",
                 "" if enabled else "enable Secure Boot in firmware setup", raw=out)


def sbctl_state() -> Check:
    rc, out = run(["sbctl", "status", "--json"], root=True)
    if rc != 0:
        return Check("sbctl", None, "skipped (sbctl missing or sudo would prompt)")
    data = json.loads(out)
    owned = bool(data.get("installed"))
    return Check("sbctl", owned, f"installed={data.get('installed')} setup_mode={data.get('setup_mode')}",
                 "" if owned else "IT will create and enroll the keys during the appointment", raw=out)


def unsigned_binaries() -> Check:
    rc, out = run(["sbctl", "verify"], root=True, timeout=60)
    if rc != 0 and not out:
        return Check("unsigned_efi", None, "skipped")
    unsigned = [line.split()[1] for line in out.splitlines() if line.startswith("✗")]
    return Check("unsigned_efi", not unsigned, f"{len(unsigned)} unsigned EFI binaries",
                 "list them in the ticket" if unsigned else "", raw=out)


def tpm() -> Check:
    if not Path("/dev/tpmrm0").exists():
        return Check("tpm", False, "no TPM resource manager device", "enable the TPM/PTT in firmware")
    rc, fixed = run(["tpm2_getcap", "properties-fixed"])
    _, pcrs = run(["tpm2_getcap", "pcrs"])
    manufacturer = re.search(r"TPM2_PT_MANUFACTURER:\s*\n\s*raw:\s*\S+\s*\n\s*value:\s*\"?([^\"\n]+)", fixed)
    banks = re.findall(r"^\s*(sha\d+)\s*:", pcrs, re.M)
    ok = rc == 0 and "sha256" in banks
    return Check("tpm", ok, f"manufacturer={manufacturer.group(1) if manufacturer else '?'} banks={','.join(banks)}",
                 "" if ok else "TPM lacks a sha256 PCR bank; tell IT", raw=fixed)


def luks_devices() -> list[str]:
    rc, out = run(["lsblk", "-rpno", "NAME,FSTYPE"])
    if rc != 0:
        return []
    return [line.split()[0] for line in out.splitlines() if line.endswith("crypto_LUKS")]


def luks_tokens(device: str) -> Check:
    rc, out = run(["cryptsetup", "luksDump", device], root=True)
    if rc != 0:
        return Check(f"luks:{device}", None, "skipped (needs sudo)")
    version = re.search(r"^Version:\s*(\d)", out, re.M)
    has_tpm = "systemd-tpm2" in out
    v2 = bool(version and version.group(1) == "2")
    advice = "" if v2 else "LUKS1 header: IT will convert it to LUKS2 first"
    return Check(f"luks:{device}", v2, f"LUKS{version.group(1) if version else '?'} tpm2-token={'yes' if has_tpm else 'no'}",
                 advice, raw=out)


def kernel_cmdline() -> Check:
    """Measured boot wants the UKI path; a hand-edited cmdline breaks PCR 12."""
    try:
        cmdline = Path("/proc/cmdline").read_text().strip()
    except OSError as exc:
        return Check("cmdline", None, f"unreadable: {exc}")
    risky = [arg for arg in cmdline.split() if arg.startswith(("init=", "rd.break", "systemd.debug_shell"))]
    return Check("cmdline", not risky, f"{len(cmdline.split())} args" + (f", risky: {' '.join(risky)}" if risky else ""),
                 "remove debug/init overrides before enrolment" if risky else "")


def recovery_key_hint() -> Check:
    """We cannot see the recovery key, only whether the user says it is stored."""
    marker = WORKDIR / ".enrolment" / "recovery-key-stored"
    stored = marker.exists()
    return Check("recovery_key", stored, "confirmed" if stored else "not confirmed",
                 "" if stored else "store the LUKS recovery key in the password manager, then "
                 "`mkdir -p .enrolment && touch .enrolment/recovery-key-stored`")


def gather() -> list[Check]:
    probes = [firmware, secure_boot, sbctl_state, unsigned_binaries, tpm, kernel_cmdline, recovery_key_hint]
    results: list[Check] = []
    with cf.ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(p) for p in probes]
        futures += [pool.submit(luks_tokens, dev) for dev in luks_devices()]
        for fut in cf.as_completed(futures):
            try:
                results.append(fut.result())
            except Exception as exc:  # a broken probe must not hide the others
                results.append(Check("probe-error", None, repr(exc)))
    return sorted(results, key=lambda c: c.key)


def render(checks: list[Check]) -> str:
    mark = {True: "ok  ", False: "FIX ", None: "--  "}
    lines = [f"{mark[c.ok]} {c.key:24} {c.detail}" + (f"\n      → {c.advice}" if c.advice else "") for c in checks]
    return "\n".join(lines)


def main() -> int:
    if os.geteuid() == 0:
        print("run this as your normal user; it uses sudo -n only where needed", file=sys.stderr)
        return 2
    checks = gather()
    print(render(checks))
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps({
        "host": platform.node(),
        "kernel": platform.release(),
        "checks": [{k: v for k, v in c.__dict__.items() if k != "raw"} for c in checks],
    }, indent=2))
    todo = [c for c in checks if c.ok is False]
    if todo:
        print(f"\n{len(todo)} item(s) need attention before the appointment:")
        for c in todo:
            print(f"  - {c.key}: {c.advice or c.detail}")
    print(f"\nreport: {REPORT.relative_to(WORKDIR)}")
    return 1 if any(c.ok is False for c in checks) else 0


if __name__ == "__main__":
    sys.exit(main())
