#!/usr/bin/env python3
"""Filter a vendor compound library down to a docking set.

Stages (each writes into build/screen/):
  1. read SMILES/SDF inputs listed in screen.yaml
  2. RDKit property filters (Lipinski/Veber + PAINS catalog)
  3. deduplicate by InChIKey
  4. protonate at pH 7.4 and generate 3D with Open Babel (subprocess, argv list)
  5. split into chunks of N molecules for the docking array job
A multiprocessing pool does the RDKit work; the chunk directory is wiped and
rebuilt on every run because it is purely derived data.
"""
import argparse
import csv
import multiprocessing as mp
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import yaml
from rdkit import Chem, RDLogger
from rdkit.Chem import Crippen, Descriptors, Lipinski, rdMolDescriptors
from rdkit.Chem.FilterCatalog import FilterCatalog, FilterCatalogParams

RDLogger.DisableLog("rdApp.*")
PROJECT = Path(__file__).resolve().parent.parent
OUT = PROJECT / "build" / "screen"
CHUNKS = OUT / "chunks"

_catalog = None


def catalog():
    global _catalog
    if _catalog is None:
        params = FilterCatalogParams()
        params.AddCatalog(FilterCatalogParams.FilterCatalogs.PAINS)
        _catalog = FilterCatalog(params)
    return _catalog


def load_config(path):
    cfg = yaml.safe_load(path.read_text())
    cfg.setdefault("limits", {})
    lim = cfg["limits"]
    lim.setdefault("mw_max", 500)
    lim.setdefault("logp_max", 5)
    lim.setdefault("hbd_max", 5)
    lim.setdefault("hba_max", 10)
    lim.setdefault("rotb_max", 10)
    lim.setdefault("tpsa_max", 140)
    cfg.setdefault("chunk_size", 500)
    return cfg


def read_inputs(cfg):
    for entry in cfg["inputs"]:
        path = (PROJECT / entry).resolve()
        if PROJECT not in path.parents:
            raise SystemExit(f"input {entry} is outside the project")
        if path.suffix.lower() in (".smi", ".smiles", ".txt"):
            with path.open() as fh:
                for line in fh:
                    parts = line.split()
                    if parts and not parts[0].startswith("#"):
                        yield parts[0], parts[1] if len(parts) > 1 else f"{path.stem}_{fh.tell()}"
        elif path.suffix.lower() == ".sdf":
            for mol in Chem.SDMolSupplier(str(path)):
                if mol is not None:
                    yield Chem.MolToSmiles(mol), mol.GetProp("_Name") or path.stem
        else:
            raise SystemExit(f"unsupported input type: {entry}")


def evaluate(args):
    smiles, name, lim = args
    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        return name, smiles, None, "unparsable"
    props = {
        "mw": Descriptors.MolWt(mol),
        "logp": Crippen.MolLogP(mol),
        "hbd": Lipinski.NumHDonors(mol),
        "hba": Lipinski.NumHAcceptors(mol),
        "rotb": rdMolDescriptors.CalcNumRotatableBonds(mol),
        "tpsa": rdMolDescriptors.CalcTPSA(mol),
    }
    for key in ("mw", "logp", "hbd", "hba", "rotb", "tpsa"):
        if props[key] > lim[f"{key}_max"]:
            return name, smiles, props, f"{key}>{lim[f'{key}_max']}"
    if catalog().HasMatch(mol):
        return name, smiles, props, "pains"
    props["inchikey"] = Chem.MolToInchiKey(mol)
    return name, Chem.MolToSmiles(mol), props, None


def obabel_3d(smi_file, sdf_file, ph):
    exe = shutil.which("obabel")
    if exe is None:
        raise SystemExit("obabel not found (conda install -c conda-forge openbabel)")
    argv = [exe, str(smi_file), "-O", str(sdf_file), "-p", str(ph), "--gen3d", "--best"]
    started = time.time()
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit(f"obabel failed: {res.stderr[-500:]}")
    print(f"  obabel 3D: {time.time() - started:.0f}s")


def split_sdf(sdf_file, size):
    if CHUNKS.exists():
        shutil.rmtree(CHUNKS)
    CHUNKS.mkdir(parents=True)
    supplier = Chem.SDMolSupplier(str(sdf_file), removeHs=False)
    writer, n_chunk, count = None, 0, 0
    for mol in supplier:
        if mol is None:
            continue
        if writer is None or count % size == 0:
            if writer:
                writer.close()
            n_chunk += 1
            writer = Chem.SDWriter(str(CHUNKS / f"chunk_{n_chunk:04d}.sdf"))
        writer.write(mol)
        count += 1
    if writer:
        writer.close()
    return n_chunk, count


def write_rejections(rejected):
    path = OUT / "rejections.tsv"
    with path.open("w") as fh:
        for reason, n in sorted(rejected.items(), key=lambda kv: -kv[1]):
            fh.write(f"{reason}\t{n}\n")
    return path


def main():
    ap = argparse.ArgumentParser(description="library filter for docking")
    ap.add_argument("--config", type=Path, default=PROJECT / "screen.yaml")
    ap.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--ph", type=float, default=7.4)
    ap.add_argument("--skip-3d", action="store_true")
    args = ap.parse_args()

    cfg = load_config(args.config)
    OUT.mkdir(parents=True, exist_ok=True)
    jobs = [(s, n, cfg["limits"]) for s, n in read_inputs(cfg)]
    print(f"{len(jobs)} input molecules, {args.workers} workers")

    kept, rejected, seen = [], {}, set()
    with mp.Pool(args.workers) as pool:
        for name, smi, props, reason in pool.imap_unordered(evaluate, jobs, chunksize=256):
            if reason:
                rejected[reason] = rejected.get(reason, 0) + 1
                continue
            if props["inchikey"] in seen:
                rejected["duplicate"] = rejected.get("duplicate", 0) + 1
                continue
            seen.add(props["inchikey"])
            kept.append((name, smi, props))

    with (OUT / "kept.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["name", "smiles", "mw", "logp", "hbd", "hba", "rotb", "tpsa", "inchikey"])
        for name, smi, p in kept:
            w.writerow([name, smi, f"{p['mw']:.1f}", f"{p['logp']:.2f}", p["hbd"], p["hba"],
                        p["rotb"], f"{p['tpsa']:.1f}", p["inchikey"]])
    smi_file = OUT / "kept.smi"
    smi_file.write_text("".join(f"{smi} {name}\n" for name, smi, _ in kept))
    print(f"kept {len(kept)}; rejected: " + ", ".join(f"{k}={v}" for k, v in sorted(rejected.items())))
    write_rejections(rejected)

    if args.skip_3d:
        return 0
    sdf = OUT / "kept_3d.sdf"
    obabel_3d(smi_file, sdf, args.ph)
    n_chunks, n_mols = split_sdf(sdf, cfg["chunk_size"])
    print(f"{n_mols} molecules in {n_chunks} chunks under {CHUNKS.relative_to(PROJECT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
