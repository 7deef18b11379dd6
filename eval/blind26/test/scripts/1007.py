#!/usr/bin/env python3
"""Export every FreeCAD part in cad/ to STEP and STL for the print farm.

FreeCAD's Python is only available inside freecadcmd, so this script writes a
small macro into a TemporaryDirectory and runs `freecadcmd <macro> <args>` per
document. The macro opens the .FCStd, recomputes, and exports the bodies
listed in parts.toml (or every visible Body). The temporary directory and
its macro are removed automatically; outputs go to build/step and build/stl.
"""
import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT_DIR = Path(__file__).resolve().parent.parent
CAD = ROOT_DIR / "cad"
STEP_OUT = ROOT_DIR / "build" / "step"
STL_OUT = ROOT_DIR / "build" / "stl"
MANIFEST = ROOT_DIR / "build" / "cad-manifest.json"

MACRO = r'''
import sys, json
import FreeCAD
import Part, Mesh

doc_path, step_dir, stl_dir, wanted_json, tolerance = sys.argv[-5:]
wanted = json.loads(wanted_json)
doc = FreeCAD.openDocument(doc_path)
doc.recompute()
exported = []
for obj in doc.Objects:
    if obj.TypeId != "PartDesign::Body":
        continue
    if wanted and obj.Label not in wanted:
        continue
    if not wanted and not obj.Visibility:
        continue
    base = doc.Name + "_" + obj.Label
    Part.export([obj], step_dir + "/" + base + ".step")
    mesh = Mesh.Mesh(obj.Shape.tessellate(float(tolerance)))
    mesh.write(stl_dir + "/" + base + ".stl")
    exported.append({"body": obj.Label, "volume": round(obj.Shape.Volume, 2)})
print("EXPORTED " + json.dumps(exported))
FreeCAD.closeDocument(doc.Name)
'''


def load_parts() -> dict:
    conf_path = ROOT_DIR / "parts.toml"
    if not conf_path.exists():
        return {}
    with conf_path.open("rb") as fh:
        return tomllib.load(fh).get("documents", {})


def find_freecad() -> str:
    for name in ("freecadcmd", "FreeCADCmd", "freecad.cmd"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("freecadcmd not found (install FreeCAD 0.21+ or set PATH)")


def outdated(doc: Path) -> bool:
    stamp = STEP_OUT / f".{doc.stem}.stamp"
    return not stamp.exists() or stamp.stat().st_mtime < doc.stat().st_mtime


def touch_stamp(doc: Path) -> None:
    (STEP_OUT / f".{doc.stem}.stamp").write_text(time.strftime("%Y-%m-%dT%H:%M:%S"))


def export_document(freecad: str, macro: Path, doc: Path, wanted: list, tolerance: float, timeout: int) -> list:
    argv = [freecad, str(macro), str(doc), str(STEP_OUT), str(STL_OUT), json.dumps(wanted), str(tolerance)]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    for line in proc.stdout.splitlines():
        if line.startswith("EXPORTED "):
            return json.loads(line[len("EXPORTED "):])
    detail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
    raise RuntimeError(" | ".join(detail) or f"freecadcmd exited {proc.returncode}")


def check_stl(path: Path) -> str:
    size = path.stat().st_size
    if size < 84:
        return "empty mesh"
    with path.open("rb") as fh:
        head = fh.read(5)
    kind = "ascii" if head == b"solid" else "binary"
    return f"{kind}, {size / 1024:.0f} KiB"


def stale_outputs(docs: list) -> list:
    """STEP/STL files whose document no longer exists in cad/."""
    stems = {d.stem for d in docs}
    stale = []
    for folder in (STEP_OUT, STL_OUT):
        for f in folder.glob("*_*.*"):
            doc_stem = f.stem.split("_", 1)[0]
            if doc_stem not in stems:
                stale.append(f)
    return stale


def write_manifest(entries: dict) -> None:
    previous = {}
    if MANIFEST.exists():
        previous = json.loads(MANIFEST.read_text())
    previous.update(entries)
    MANIFEST.write_text(json.dumps(previous, indent=2, sort_keys=True) + "\n")


def clean_outputs() -> None:
    for folder in (STEP_OUT, STL_OUT):
        if folder.exists():
            shutil.rmtree(folder)
    if MANIFEST.exists():
        MANIFEST.unlink()


def main() -> int:
    parser = argparse.ArgumentParser(description="FreeCAD batch export")
    parser.add_argument("docs", nargs="*", help="document stems (default: all in cad/)")
    parser.add_argument("--tolerance", type=float, default=0.05, help="mesh deviation in mm")
    parser.add_argument("--timeout", type=int, default=600)
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--clean", action="store_true", help="remove build/step and build/stl first")
    args = parser.parse_args()

    if not 0.001 <= args.tolerance <= 1:
        sys.exit("--tolerance must be between 0.001 and 1 mm")
    freecad = find_freecad()
    if args.clean:
        clean_outputs()
    STEP_OUT.mkdir(parents=True, exist_ok=True)
    STL_OUT.mkdir(parents=True, exist_ok=True)

    parts = load_parts()
    docs = sorted(CAD.glob("*.FCStd"))
    if args.docs:
        docs = [d for d in docs if d.stem in args.docs]
        missing = set(args.docs) - {d.stem for d in docs}
        if missing:
            sys.exit("no such document(s): " + ", ".join(sorted(missing)))

    results = {}
    failures = 0
    with tempfile.TemporaryDirectory(prefix="fc-export-") as tmp:
        macro = Path(tmp) / "export_macro.py"
        macro.write_text(MACRO)
        for doc in docs:
            if not args.force and not outdated(doc):
                print(f"{doc.name}: up to date")
                continue
            wanted = parts.get(doc.stem, {}).get("bodies", [])
            started = time.monotonic()
            try:
                exported = export_document(freecad, macro, doc, wanted, args.tolerance, args.timeout)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                print(f"{doc.name}: FAILED {exc}")
                failures += 1
                continue
            touch_stamp(doc)
            results[doc.stem] = exported
            print(f"{doc.name}: {len(exported)} body(ies) in {time.monotonic() - started:.1f}s")
            for item in exported:
                stl = STL_OUT / f"{doc.stem}_{item['body']}.stl"
                status = check_stl(stl) if stl.exists() else "missing"
                print(f"   {item['body']:<24} {item['volume']:>10} mm³  {status}")

    if results:
        write_manifest(results)
    for f in stale_outputs(sorted(CAD.glob("*.FCStd"))):
        print(f"note: {f.relative_to(ROOT_DIR)} has no source document any more")
    print(f"done: {len(results)} exported, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
