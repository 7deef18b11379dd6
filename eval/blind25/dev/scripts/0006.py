#!/usr/bin/env python3
"""Build, load and unload the ledblink out-of-tree kernel module.

    tools/kmod.py build          make -C /lib/modules/$(uname -r)/build M=$PWD
    tools/kmod.py load [--yes]   sudo insmod build/ledblink.ko (asks first)
    tools/kmod.py unload         sudo rmmod ledblink
    tools/kmod.py status         lsmod / modinfo / recent dmesg lines
    tools/kmod.py clean          make clean and remove build/

Loading is always of the module built from this tree: we check that the
.ko's srcversion matches the one we recorded at build time, and we never
write to /etc/modules-load.d or install into /lib/modules.
"""
import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULE = "ledblink"
BUILD = ROOT / "build"
STAMP = BUILD / "build-info.json"
KO = BUILD / f"{MODULE}.ko"


def say(*parts):
    print("kmod:", *parts, flush=True)


def fail(msg, code=1):
    print(f"kmod: error: {msg}", file=sys.stderr)
    sys.exit(code)


def kernel_build_dir():
    release = platform.release()
    kdir = Path("/lib/modules") / release / "build"
    if not kdir.exists():
        fail(f"kernel headers for {release} not installed (apt install linux-headers-{release})")
    return release, kdir


def run(argv, sudo=False, check=True, capture=False):
    if sudo and os.geteuid() != 0:
        argv = ["sudo", "--", *argv]
    say("$", " ".join(argv))
    return subprocess.run(argv, cwd=ROOT, check=check, text=True,
                          capture_output=capture)


def modinfo_field(path_or_name, field):
    res = run(["modinfo", "-F", field, str(path_or_name)], check=False, capture=True)
    return res.stdout.strip() if res.returncode == 0 else None


def is_loaded():
    with open("/proc/modules") as fh:
        return any(line.split()[0] == MODULE for line in fh)


def cmd_build(args):
    release, kdir = kernel_build_dir()
    jobs = str(args.jobs or os.cpu_count() or 2)
    run(["make", "-C", str(kdir), f"M={ROOT / 'src'}", "-j", jobs, "modules"])
    BUILD.mkdir(exist_ok=True)
    built = ROOT / "src" / f"{MODULE}.ko"
    shutil.copy2(built, KO)
    info = {
        "kernel": release,
        "srcversion": modinfo_field(KO, "srcversion"),
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    STAMP.write_text(json.dumps(info, indent=2))
    say(f"built {KO.relative_to(ROOT)} for {release}")


def verify_ko():
    if not KO.exists() or not STAMP.exists():
        fail("no build found; run `kmod.py build` first")
    info = json.loads(STAMP.read_text())
    if info["kernel"] != platform.release():
        fail(f"module built for {info['kernel']}, running {platform.release()}; rebuild")
    if modinfo_field(KO, "srcversion") != info["srcversion"]:
        fail("build/ledblink.ko does not match the recorded build; rebuild")
    return info


def confirm(question, assume_yes):
    if assume_yes:
        return True
    try:
        return input(question + " [y/N] ").strip().lower() in {"y", "yes"}
    except EOFError:
        return False


def cmd_load(args):
    verify_ko()
    if is_loaded():
        say("already loaded; unload first")
        return
    params = []
    if args.gpio is not None:
        params.append(f"gpio={args.gpio}")
    if args.period_ms is not None:
        params.append(f"period_ms={args.period_ms}")
    if not confirm(f"load {KO.name} {' '.join(params)} into the running kernel?", args.yes):
        say("not loaded")
        return
    run(["insmod", str(KO), *params], sudo=True)
    time.sleep(0.3)
    cmd_status(args, lines=10)


def cmd_unload(args):
    if not is_loaded():
        say("not loaded")
        return
    run(["rmmod", MODULE], sudo=True)


def cmd_status(args, lines=30):
    say("loaded" if is_loaded() else "not loaded")
    if KO.exists():
        for field in ("version", "srcversion", "vermagic"):
            say(f"{field}: {modinfo_field(KO, field)}")
    sysfs = Path("/sys/module") / MODULE / "parameters"
    if sysfs.is_dir():
        for p in sorted(sysfs.iterdir()):
            say(f"param {p.name} = {p.read_text().strip()}")
    # dmesg may need privileges on hardened kernels; read-only either way
    res = run(["dmesg", "--ctime"], check=False, capture=True)
    if res.returncode != 0:
        res = run(["dmesg", "--ctime"], sudo=True, check=False, capture=True)
    ours = [l for l in res.stdout.splitlines() if MODULE in l]
    for line in ours[-lines:]:
        print("   " + line)


def cmd_clean(args):
    _, kdir = kernel_build_dir()
    run(["make", "-C", str(kdir), f"M={ROOT / 'src'}", "clean"], check=False)
    if BUILD.is_dir():
        shutil.rmtree(BUILD)
        say("removed build/")


def main():
    ap = argparse.ArgumentParser(description="ledblink module helper")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("-j", "--jobs", type=int)
    l = sub.add_parser("load")
    l.add_argument("--yes", action="store_true")
    l.add_argument("--gpio", type=int)
    l.add_argument("--period-ms", type=int)
    sub.add_parser("unload")
    sub.add_parser("status")
    sub.add_parser("clean")
    args = ap.parse_args()
    handlers = {
        "build": cmd_build,
        "load": cmd_load,
        "unload": cmd_unload,
        "status": cmd_status,
        "clean": cmd_clean,
    }
    try:
        handlers[args.cmd](args)
    except subprocess.CalledProcessError as exc:
        fail(f"{exc.cmd[0]} failed with {exc.returncode}", exc.returncode)
    return 0


if __name__ == "__main__":
    sys.exit(main())
