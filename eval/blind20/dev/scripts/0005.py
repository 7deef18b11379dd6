#!/usr/bin/env python3
"""Build the CI runner VM image under build/vm/.

Downloads the Ubuntu cloud image pinned in vm/image.toml (checksum verified),
creates a qcow2 overlay, renders a cloud-init seed ISO from vm/cloud-init/,
boots it once headless with qemu to let cloud-init provision, then shuts down
and compacts the disk. Everything lives under build/vm and is rebuilt from scratch
with --clean.
"""
import argparse
import hashlib
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VM_DIR = ROOT / "vm"
BUILD = ROOT / "build" / "vm"
CACHE = ROOT / ".cache" / "images"
SPEC = VM_DIR / "image.toml"

ALLOWED_IMAGE_HOST = "https://cloud-images.ubuntu.com/"


def sh(argv, **kw):
    print("+ " + " ".join(str(a) for a in argv), flush=True)
    return subprocess.run([str(a) for a in argv], check=True, **kw)


def load_spec():
    with SPEC.open("rb") as fh:
        spec = tomllib.load(fh)
    base = spec["base"]
    if not base["url"].startswith(ALLOWED_IMAGE_HOST):
        raise SystemExit("base image must come from cloud-images.ubuntu.com")
    spec.setdefault("vm", {})
    spec["vm"].setdefault("memory", 2048)
    spec["vm"].setdefault("cpus", 2)
    spec["vm"].setdefault("disk", "12G")
    spec["vm"].setdefault("boot_timeout", 900)
    return spec


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def fetch_base(spec) -> Path:
    CACHE.mkdir(parents=True, exist_ok=True)
    url = spec["base"]["url"]
    want = spec["base"]["sha256"].lower()
    target = CACHE / url.rsplit("/", 1)[-1]
    if target.exists() and sha256(target) == want:
        print(f"cached base image {target.name}")
        return target
    partial = target.with_suffix(target.suffix + ".part")
    for attempt in range(1, 4):
        try:
            with urllib.request.urlopen(url, timeout=60) as resp, partial.open("wb") as out:
                shutil.copyfileobj(resp, out, length=1 << 20)
            break
        except OSError as exc:
            print(f"download attempt {attempt} failed: {exc}")
            time.sleep(5 * attempt)
    else:
        raise SystemExit("could not download base image")
    got = sha256(partial)
    if got != want:
        partial.unlink()
        raise SystemExit(f"checksum mismatch: got {got}, want {want}")
    partial.rename(target)
    return target


def make_disk(base: Path, spec) -> Path:
    disk = BUILD / "runner.qcow2"
    sh(["qemu-img", "create", "-f", "qcow2", "-F", "qcow2", "-b", base, disk, spec["vm"]["disk"]])
    return disk


def render_seed(spec) -> Path:
    src = VM_DIR / "cloud-init"
    seed_dir = BUILD / "seed"
    seed_dir.mkdir(parents=True, exist_ok=True)
    user_data = (src / "user-data.yaml").read_text()
    user_data = user_data.replace("@@HOSTNAME@@", spec["vm"].get("hostname", "ci-runner"))
    packages = spec.get("packages", [])
    if packages:
        user_data += "\npackages:\n" + "".join(f"  - {p}\n" for p in packages)
    (seed_dir / "user-data").write_text(user_data)
    (seed_dir / "meta-data").write_text(
        f"instance-id: ci-runner-{int(time.time())}\nlocal-hostname: ci-runner\n"
    )
    iso = BUILD / "seed.iso"
    tool = shutil.which("cloud-localds")
    if tool:
        sh([tool, iso, seed_dir / "user-data", seed_dir / "meta-data"])
    else:
        sh(["genisoimage", "-output", iso, "-volid", "cidata", "-joliet", "-rock",
            seed_dir / "user-data", seed_dir / "meta-data"])
    return iso


def accel_args():
    if sys.platform == "linux" and Path("/dev/kvm").exists():
        return ["-enable-kvm", "-cpu", "host"]
    if sys.platform == "darwin":
        return ["-accel", "hvf", "-cpu", "host"]
    return ["-accel", "tcg"]


def provision(disk: Path, iso: Path, spec):
    serial_log = BUILD / "serial.log"
    argv = [
        "qemu-system-x86_64", *accel_args(),
        "-m", str(spec["vm"]["memory"]), "-smp", str(spec["vm"]["cpus"]),
        "-nographic", "-no-reboot",
        "-drive", f"file={disk},if=virtio,format=qcow2",
        "-drive", f"file={iso},if=virtio,format=raw,readonly=on",
        "-netdev", "user,id=n0", "-device", "virtio-net-pci,netdev=n0",
        "-serial", f"file:{serial_log}",
        "-display", "none",
    ]
    print("+ " + " ".join(argv))
    proc = subprocess.Popen(argv)
    deadline = time.monotonic() + spec["vm"]["boot_timeout"]
    try:
        while proc.poll() is None:
            if time.monotonic() > deadline:
                print("provisioning timed out; stopping our qemu process")
                proc.terminate()
                proc.wait(timeout=30)
                raise SystemExit(1)
            time.sleep(5)
    except KeyboardInterrupt:
        proc.terminate()
        proc.wait()
        raise
    log = serial_log.read_text(errors="replace") if serial_log.exists() else ""
    if "CI-RUNNER-PROVISIONED" not in log:
        raise SystemExit("cloud-init did not report success; see build/vm/serial.log")


def compact(disk: Path) -> Path:
    final = BUILD / "runner-final.qcow2"
    sh(["qemu-img", "convert", "-O", "qcow2", "-c", disk, final])
    disk.unlink()
    info = subprocess.run(["qemu-img", "info", final], capture_output=True, text=True)
    print(info.stdout)
    return final


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clean", action="store_true", help="remove build/vm first")
    ap.add_argument("--no-boot", action="store_true", help="stop after creating disk and seed")
    args = ap.parse_args()

    spec = load_spec()
    if args.clean and BUILD.exists():
        shutil.rmtree(BUILD)
    BUILD.mkdir(parents=True, exist_ok=True)

    base = fetch_base(spec)
    disk = make_disk(base, spec)
    iso = render_seed(spec)
    if args.no_boot:
        print(f"disk: {disk}\nseed: {iso}")
        return 0
    provision(disk, iso, spec)
    final = compact(disk)
    (BUILD / "seed").exists() and shutil.rmtree(BUILD / "seed")
    print(f"image ready: {final.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
