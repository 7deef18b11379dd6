#!/usr/bin/env python3
"""First-pass triage of a raw disk image stored under case/.

Steps (all read-only on the evidence):
  1. hash the image (md5 + sha256) and compare with case/<image>.hashes if present
  2. list partitions with mmls
  3. for each NTFS/FAT/ext partition: fls listing to out/<image>/fls-<offset>.txt
  4. carve files whose names match --pattern with icat into out/<image>/carved/
  5. optionally (--mount) attach the image read-only with ``sudo losetup -r``
     and mount the partitions ``-o ro,noexec,nodev`` below out/<image>/mnt so
     an analyst can browse them; the script detaches everything on exit.

The evidence file is never opened for writing; every output lives under out/.
"""
import argparse
import atexit
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
CASE_DIR = PROJECT / "case"
OUT_DIR = PROJECT / "out"
SUPPORTED = re.compile(r"NTFS|FAT|Linux|exFAT", re.I)
SECTOR = 512

_loop_devices: list[str] = []
_mounts: list[Path] = []


def log(msg):
    print(time.strftime("%H:%M:%S"), msg, file=sys.stderr)


def die(msg):
    log("fatal: " + msg)
    sys.exit(1)


def run(argv, **kw):
    log("$ " + " ".join(map(str, argv)))
    return subprocess.run(argv, check=True, capture_output=True, text=True, **kw)


def hash_image(path):
    md5, sha = hashlib.md5(), hashlib.sha256()
    done, total = 0, path.stat().st_size
    with path.open("rb") as fh:  # read-only
        while chunk := fh.read(8 << 20):
            md5.update(chunk)
            sha.update(chunk)
            done += len(chunk)
            if total and done % (512 << 20) < (8 << 20):
                log(f"hashing {done * 100 // total}%")
    return {"md5": md5.hexdigest(), "sha256": sha.hexdigest()}


def check_recorded_hashes(image, hashes):
    recorded = image.with_suffix(image.suffix + ".hashes")
    if not recorded.exists():
        log("no recorded hashes to compare against")
        return None
    want = json.loads(recorded.read_text())
    ok = all(want.get(k) == v for k, v in hashes.items() if k in want)
    log("hash check: " + ("MATCH" if ok else "MISMATCH"))
    return ok


def partitions(image):
    out = run(["mmls", str(image)]).stdout
    parts = []
    for line in out.splitlines():
        m = re.match(r"^\s*\d+:\s+\S+\s+(\d+)\s+(\d+)\s+(\d+)\s+(.*)$", line)
        if m and SUPPORTED.search(m.group(4)):
            parts.append({"start": int(m.group(1)), "end": int(m.group(2)),
                          "length": int(m.group(3)), "desc": m.group(4).strip()})
    return parts


def list_files(image, offset, dest):
    listing = run(["fls", "-r", "-p", "-o", str(offset), str(image)]).stdout
    (dest / f"fls-{offset}.txt").write_text(listing)
    entries = []
    for line in listing.splitlines():
        m = re.match(r"^(\S+)\s+(\d+)(?:-\d+-\d+)?(\(realloc\))?:\s+(.*)$", line)
        if m and m.group(1).startswith("r/"):
            entries.append((int(m.group(2)), m.group(4)))
    return entries


def carve(image, offset, entries, pattern, dest):
    carved = []
    rx = re.compile(pattern, re.I)
    target = dest / "carved" / str(offset)
    target.mkdir(parents=True, exist_ok=True)
    for inode, name in entries:
        if not rx.search(name):
            continue
        safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name)[-120:]
        outfile = target / f"{inode}_{safe}"
        with outfile.open("wb") as fh:
            subprocess.run(["icat", "-o", str(offset), str(image), str(inode)],
                           stdout=fh, check=False)
        digest = hashlib.sha256(outfile.read_bytes()).hexdigest()
        carved.append({"inode": inode, "name": name, "file": str(outfile.relative_to(PROJECT)),
                       "sha256": digest})
    return carved


def attach_readonly(image):
    if shutil.which("sudo") is None:
        die("sudo is required for --mount")
    dev = run(["sudo", "losetup", "--read-only", "--find", "--show", "--partscan", str(image)]).stdout.strip()
    _loop_devices.append(dev)
    return dev


def mount_readonly(dev, index, dest):
    mnt = dest / "mnt" / f"p{index}"
    mnt.mkdir(parents=True, exist_ok=True)
    run(["sudo", "mount", "-o", "ro,noexec,nodev,nosuid,noload", f"{dev}p{index}", str(mnt)])
    _mounts.append(mnt)
    return mnt


@atexit.register
def _detach_all():
    for mnt in reversed(_mounts):
        subprocess.run(["sudo", "umount", str(mnt)], check=False)
    for dev in _loop_devices:
        subprocess.run(["sudo", "losetup", "-d", dev], check=False)


def resolve_image(name):
    path = (CASE_DIR / name).resolve()
    if CASE_DIR.resolve() not in path.parents:
        die(f"{name} is not inside case/")
    if not path.is_file():
        die(f"{path} not found")
    return path


def main():
    ap = argparse.ArgumentParser(description="read-only triage of a case image")
    ap.add_argument("image", help="file name inside case/, e.g. disk01.dd")
    ap.add_argument("--pattern", default=r"\.(docx?|xlsx?|pdf|lnk|evtx|pf)$")
    ap.add_argument("--skip-hash", action="store_true")
    ap.add_argument("--mount", action="store_true", help="also mount partitions read-only")
    args = ap.parse_args()

    image = resolve_image(args.image)
    dest = OUT_DIR / image.stem
    if dest.exists() and any(dest.iterdir()):
        stale = dest / "carved"
        if stale.exists():
            shutil.rmtree(stale)  # our own previous carve output
    dest.mkdir(parents=True, exist_ok=True)

    summary = {"image": str(image.relative_to(PROJECT)), "started": time.time()}
    if not args.skip_hash:
        summary["hashes"] = hash_image(image)
        summary["hash_match"] = check_recorded_hashes(image, summary["hashes"])
    summary["partitions"] = partitions(image)
    summary["carved"] = []
    for part in summary["partitions"]:
        entries = list_files(image, part["start"], dest)
        log(f"partition @{part['start']} ({part['desc']}): {len(entries)} regular files")
        summary["carved"] += carve(image, part["start"], entries, args.pattern, dest)

    if args.mount:
        dev = attach_readonly(image)
        for i, _ in enumerate(summary["partitions"], 1):
            try:
                log(f"mounted at {mount_readonly(dev, i, dest)}")
            except subprocess.CalledProcessError as exc:
                log(f"partition {i} not mountable: {exc.stderr.strip()}")
        input("browse the mounts, then press Enter to detach… ")

    summary["finished"] = time.time()
    (dest / "triage.json").write_text(json.dumps(summary, indent=2))
    log(f"{len(summary['carved'])} files carved; summary in {dest.relative_to(PROJECT)}/triage.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
