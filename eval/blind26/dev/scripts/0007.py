#!/usr/bin/env python3
"""Batch-export CAD sources to fabrication outputs.

* OpenSCAD parts in cad/*.scad -> build/stl/*.stl (parameter sets from parts.yaml)
* KiCad boards in hw/*.kicad_pcb -> gerbers + drill files + zipped bundle
* optional slicing of STLs with prusa-slicer using the profiles in profiles/

Rebuilds only outdated outputs (mtime based). `--clean` removes build/ first.
Some steps shell out with shell=True because the KiCad zip step uses a glob.
"""
import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
STAMP = BUILD / ".export-stamps.json"


def sh(cmd, **kw) -> subprocess.CompletedProcess:
    shown = cmd if isinstance(cmd, str) else " ".join(map(str, cmd))
    print(f"  $ {shown}")
    return subprocess.run(cmd, cwd=ROOT, text=True, capture_output=True, **kw)


def digest(path: Path, params: dict) -> str:
    h = hashlib.sha1(path.read_bytes())
    h.update(json.dumps(params, sort_keys=True).encode())
    return h.hexdigest()


class Stamps:
    def __init__(self):
        self.data = json.loads(STAMP.read_text()) if STAMP.exists() else {}

    def fresh(self, key: str, value: str, output: Path) -> bool:
        return output.exists() and self.data.get(key) == value

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def save(self) -> None:
        STAMP.parent.mkdir(parents=True, exist_ok=True)
        STAMP.write_text(json.dumps(self.data, indent=1, sort_keys=True))


def scad_define_args(params: dict) -> list[str]:
    args = []
    for key, val in params.items():
        if isinstance(val, str):
            val = json.dumps(val)
        elif isinstance(val, bool):
            val = "true" if val else "false"
        args += ["-D", f"{key}={val}"]
    return args


def export_scad(part: dict, stamps: Stamps, force: bool) -> tuple[str, bool]:
    src = ROOT / "cad" / part["source"]
    out = BUILD / "stl" / f"{part['name']}.stl"
    out.parent.mkdir(parents=True, exist_ok=True)
    params = part.get("params", {})
    key = f"scad:{part['name']}"
    sig = digest(src, params)
    if not force and stamps.fresh(key, sig, out):
        return part["name"], True
    proc = sh(["openscad", "--export-format", "binstl", "-o", str(out), *scad_define_args(params), str(src)])
    if proc.returncode != 0:
        print(proc.stderr[-600:], file=sys.stderr)
        return part["name"], False
    stamps.set(key, sig)
    return part["name"], True


def export_board(pcb: Path, stamps: Stamps, force: bool) -> bool:
    name = pcb.stem
    outdir = BUILD / "gerbers" / name
    bundle = BUILD / f"{name}-fab.zip"
    key = f"pcb:{name}"
    sig = digest(pcb, {})
    if not force and stamps.fresh(key, sig, bundle):
        print(f"{name}: up to date")
        return True
    if outdir.exists():
        shutil.rmtree(outdir)
    outdir.mkdir(parents=True)
    steps = [
        ["kicad-cli", "pcb", "drc", "--exit-code-violations", "--format", "json",
         "--output", str(BUILD / f"{name}-drc.json"), str(pcb)],
        ["kicad-cli", "pcb", "export", "gerbers", "-o", str(outdir) + "/", str(pcb)],
        ["kicad-cli", "pcb", "export", "drill", "-o", str(outdir) + "/", str(pcb)],
    ]
    for step in steps:
        proc = sh(step)
        if proc.returncode != 0:
            print(f"{name}: {step[2]} {step[3]} failed\n{proc.stdout[-400:]}", file=sys.stderr)
            return False
    listing = sh("ls -1 build/gerbers/%s/*.g* build/gerbers/%s/*.drl | wc -l" % (name, name), shell=True)
    print(f"{name}: {listing.stdout.strip()} fabrication files")
    with zipfile.ZipFile(bundle, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in sorted(outdir.iterdir()):
            zf.write(f, arcname=f.name)
    stamps.set(key, sig)
    return True


def slice_stl(stl: Path, profile: Path) -> bool:
    gcode = BUILD / "gcode" / f"{stl.stem}.gcode"
    gcode.parent.mkdir(parents=True, exist_ok=True)
    proc = sh(["prusa-slicer", "--export-gcode", "--load", str(profile), "-o", str(gcode), str(stl)])
    if proc.returncode != 0:
        print(proc.stderr[-400:], file=sys.stderr)
        return False
    est = [l for l in gcode.read_text(errors="ignore").splitlines()[-300:] if "estimated printing time" in l]
    if est:
        print(f"{stl.stem}: {est[0].split('=', 1)[-1].strip()}")
    return True


def list_outputs() -> None:
    """Print what is in build/ after a run, grouped by kind."""
    groups = {"stl": "*.stl", "gcode": "*.gcode", "bundles": "*-fab.zip"}
    for label, pattern in groups.items():
        found = sorted(BUILD.rglob(pattern))
        if found:
            print(f"{label}: " + ", ".join(p.name for p in found))


def require_tools(names: list[str]) -> None:
    missing = [n for n in names if shutil.which(n) is None]
    if missing:
        sys.exit("missing tools: " + ", ".join(missing))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clean", action="store_true")
    ap.add_argument("--force", action="store_true", help="ignore stamps")
    ap.add_argument("--no-pcb", action="store_true")
    ap.add_argument("--slice", metavar="PROFILE", help="profile name in profiles/ (e.g. pla-0.2)")
    ap.add_argument("-j", type=int, default=4)
    opts = ap.parse_args()

    tools = ["openscad"] + ([] if opts.no_pcb else ["kicad-cli"]) + (["prusa-slicer"] if opts.slice else [])
    require_tools(tools)

    if opts.clean and BUILD.exists():
        print("removing build/")
        shutil.rmtree(BUILD)
    parts = yaml.safe_load((ROOT / "parts.yaml").read_text()).get("parts", [])
    stamps = Stamps()
    ok = True

    with ThreadPoolExecutor(max_workers=opts.j) as pool:
        for name, good in pool.map(lambda p: export_scad(p, stamps, opts.force), parts):
            print(f"{name}: {'ok' if good else 'FAILED'}")
            ok &= good

    if not opts.no_pcb:
        for pcb in sorted((ROOT / "hw").glob("*.kicad_pcb")):
            ok &= export_board(pcb, stamps, opts.force)

    if opts.slice:
        profile = ROOT / "profiles" / f"{opts.slice}.ini"
        if not profile.exists():
            sys.exit(f"no such profile {profile.name}")
        for stl in sorted((BUILD / "stl").glob("*.stl")):
            ok &= slice_stl(stl, profile)

    stamps.save()
    list_outputs()
    print("all outputs up to date" if ok else "some exports failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
