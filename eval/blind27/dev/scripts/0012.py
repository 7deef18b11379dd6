#!/usr/bin/env python3
"""Fetch receptor structures and prepare the ligand library for docking.

  * downloads mmCIF/PDB files listed in targets.csv from files.rcsb.org into
    data/pdb/ (with a small on-disk cache in ~/.cache/dockprep so CI re-runs
    do not hammer RCSB)
  * strips waters/ions with a tiny PDB filter
  * reads data/ligands.smi with RDKit, standardises, adds hydrogens, embeds a
    3D conformer and writes build/ligands.sdf
  * converts the SDF to mol2 with Open Babel for the docking engine
"""
from __future__ import annotations

import argparse
import csv
import gzip
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from rdkit import Chem
from rdkit.Chem import AllChem
from rdkit.Chem.MolStandardize import rdMolStandardize

ROOT = Path(__file__).resolve().parents[1]
PDB_DIR = ROOT / "data" / "pdb"
BUILD = ROOT / "build"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "dockprep"
RCSB = "https://files.rcsb.org/download/{id}.{fmt}.gz"
STRIP_RESIDUES = {"HOH", "WAT", "NA", "CL", "K", "MG", "SO4", "GOL", "EDO"}


def fetch(pdb_id: str, fmt: str, retries: int = 3) -> Path:
    pdb_id = pdb_id.upper()
    if not (len(pdb_id) == 4 and pdb_id.isalnum()):
        raise ValueError(f"bad PDB id {pdb_id!r}")
    cached = CACHE / f"{pdb_id}.{fmt}"
    if not cached.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        url = RCSB.format(id=pdb_id, fmt=fmt)
        for attempt in range(retries):
            try:
                with urllib.request.urlopen(url, timeout=60) as resp:
                    raw = gzip.decompress(resp.read())
                break
            except urllib.error.HTTPError as exc:
                if exc.code == 404:
                    raise FileNotFoundError(f"{pdb_id}.{fmt} not on RCSB") from exc
                time.sleep(2 ** attempt)
            except urllib.error.URLError:
                time.sleep(2 ** attempt)
        else:
            raise RuntimeError(f"could not download {url}")
        tmp = cached.with_suffix(".part")
        tmp.write_bytes(raw)
        tmp.replace(cached)
    dest = PDB_DIR / cached.name
    PDB_DIR.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cached, dest)
    return dest


def strip_pdb(src: Path, dst: Path, chains: set[str] | None) -> int:
    kept = 0
    with src.open() as fin, dst.open("w") as fout:
        for line in fin:
            rec = line[:6].strip()
            if rec in ("ATOM", "HETATM"):
                if line[17:20].strip() in STRIP_RESIDUES:
                    continue
                if chains and line[21] not in chains:
                    continue
                kept += 1
            elif rec not in ("TER", "END", "CRYST1", "MODEL", "ENDMDL"):
                continue
            fout.write(line)
    return kept


def header_info(pdb: Path) -> dict:
    info = {"resolution": None, "title": ""}
    with pdb.open() as fh:
        for line in fh:
            if line.startswith("TITLE"):
                info["title"] += line[10:].strip() + " "
            elif line.startswith("REMARK   2 RESOLUTION."):
                try:
                    info["resolution"] = float(line.split()[3])
                except (IndexError, ValueError):
                    pass
            elif line.startswith("ATOM"):
                break
    info["title"] = info["title"].strip()
    return info


def read_targets(path: Path) -> list[dict]:
    with path.open() as fh:
        return [row for row in csv.DictReader(fh) if row.get("pdb_id")]


def prepare_ligands(smi: Path, out_sdf: Path, seed: int) -> tuple[int, int]:
    normalizer = rdMolStandardize.Normalizer()
    chooser = rdMolStandardize.LargestFragmentChooser()
    uncharger = rdMolStandardize.Uncharger()
    writer = Chem.SDWriter(str(out_sdf))
    ok = failed = 0
    for line_no, line in enumerate(smi.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split()
        smiles, name = parts[0], (parts[1] if len(parts) > 1 else f"lig{line_no}")
        mol = Chem.MolFromSmiles(smiles)
        if mol is None:
            print(f"  line {line_no}: unparsable SMILES {smiles}", file=sys.stderr)
            failed += 1
            continue
        mol = uncharger.uncharge(chooser.choose(normalizer.normalize(mol)))
        mol = Chem.AddHs(mol)
        params = AllChem.ETKDGv3()
        params.randomSeed = seed
        if AllChem.EmbedMolecule(mol, params) != 0:
            print(f"  {name}: embedding failed", file=sys.stderr)
            failed += 1
            continue
        AllChem.MMFFOptimizeMolecule(mol, maxIters=500)
        mol.SetProp("_Name", name)
        mol.SetProp("source_smiles", smiles)
        writer.write(mol)
        ok += 1
    writer.close()
    return ok, failed


def to_mol2(sdf: Path, mol2: Path) -> None:
    obabel = shutil.which("obabel")
    if not obabel:
        print("obabel not found; skipping mol2 conversion", file=sys.stderr)
        return
    res = subprocess.run([obabel, str(sdf), "-O", str(mol2), "--partialcharge", "gasteiger"],
                         capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"obabel failed: {res.stderr.strip()}")
    print("  " + (res.stderr.strip().splitlines() or ["converted"])[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description="docking input preparation")
    ap.add_argument("--targets", type=Path, default=ROOT / "targets.csv")
    ap.add_argument("--ligands", type=Path, default=ROOT / "data" / "ligands.smi")
    ap.add_argument("--seed", type=int, default=0xF00D)
    ap.add_argument("--purge-cache", action="store_true")
    ap.add_argument("--skip-ligands", action="store_true")
    args = ap.parse_args()

    if args.purge_cache and CACHE.exists():
        shutil.rmtree(CACHE)
        print(f"purged {CACHE}")
    BUILD.mkdir(exist_ok=True)
    for row in read_targets(args.targets):
        pdb_id = row["pdb_id"]
        chains = set(row.get("chains", "").split(";")) - {""} or None
        try:
            path = fetch(pdb_id, "pdb")
        except FileNotFoundError:
            path = fetch(pdb_id, "cif")
            print(f"{pdb_id}: only mmCIF available, skipping strip step")
            continue
        clean = BUILD / f"{pdb_id.lower()}_receptor.pdb"
        n = strip_pdb(path, clean, chains)
        info = header_info(path)
        print(f"{pdb_id}: {n} atoms kept -> {clean.relative_to(ROOT)} "
              f"(res {info['resolution']} A) {info['title'][:60]}")

    if not args.skip_ligands:
        sdf = BUILD / "ligands.sdf"
        ok, failed = prepare_ligands(args.ligands, sdf, args.seed)
        print(f"ligands: {ok} prepared, {failed} failed -> {sdf.relative_to(ROOT)}")
        to_mol2(sdf, BUILD / "ligands.mol2")
    return 0


if __name__ == "__main__":
    sys.exit(main())
