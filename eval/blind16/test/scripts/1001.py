#!/usr/bin/env python3
"""Parameter sweep over the quillmark analysis notebook with papermill.

For every combination in sweeps/<name>.yaml the template notebook is executed
with papermill into runs/sweeps/<name>/<combo-id>.ipynb, the scalar results the
notebook records with scrapbook-style `glue` cells are collected, and a summary
table (CSV + Markdown) is written next to the executed notebooks. Executed
notebooks from a previous sweep with the same name are removed first. Kernels
that hang are interrupted by papermill's own execution timeout.
"""
from __future__ import annotations

import csv
import hashlib
import itertools
import json
import shutil
import sys
import time
from argparse import ArgumentParser
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import papermill as pm
import yaml

REPO = Path(__file__).resolve().parent.parent
TEMPLATE_DIR = REPO / "notebooks"
SWEEP_DIR = REPO / "sweeps"
OUTPUT_ROOT = REPO / "runs" / "sweeps"


def combo_id(params: dict[str, Any]) -> str:
    blob = json.dumps(params, sort_keys=True).encode()
    return hashlib.blake2s(blob, digest_size=5).hexdigest()


def expand_grid(grid: dict[str, list[Any]]) -> list[dict[str, Any]]:
    keys = sorted(grid)
    values = [grid[k] if isinstance(grid[k], list) else [grid[k]] for k in keys]
    return [dict(zip(keys, combo)) for combo in itertools.product(*values)]


def load_sweep(name: str) -> dict[str, Any]:
    spec_path = SWEEP_DIR / f"{name}.yaml"
    if not spec_path.is_file():
        raise SystemExit(f"no sweep spec at {spec_path.relative_to(REPO)}")
    spec = yaml.safe_load(spec_path.read_text(encoding="utf-8"))
    template = (TEMPLATE_DIR / spec["template"]).resolve()
    if TEMPLATE_DIR.resolve() not in template.parents:
        raise SystemExit("template must live under notebooks/")
    spec["template_path"] = template
    spec.setdefault("kernel", "quillmark")
    spec.setdefault("timeout", 1200)
    spec.setdefault("fixed", {})
    return spec


def read_glued(nb_path: Path) -> dict[str, Any]:
    """Collect outputs tagged with metadata.quillmark.result in the executed notebook."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    found: dict[str, Any] = {}
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []):
            meta = out.get("metadata", {}).get("quillmark", {})
            if "result" in meta:
                found[meta["result"]] = out.get("data", {}).get("application/json")
    return found


def execute_one(template: str, out_path: str, params: dict[str, Any], kernel: str, timeout: int) -> dict[str, Any]:
    started = time.monotonic()
    status = "ok"
    error = ""
    try:
        pm.execute_notebook(
            template,
            out_path,
            parameters=params,
            kernel_name=kernel,
            execution_timeout=timeout,
            progress_bar=False,
            cwd=str(REPO / "notebooks"),
        )
    except pm.PapermillExecutionError as exc:
        status = "failed"
        error = f"{exc.ename}: {exc.evalue}"[:300]
    results = read_glued(Path(out_path)) if Path(out_path).exists() else {}
    return {
        "params": params,
        "status": status,
        "error": error,
        "seconds": round(time.monotonic() - started, 1),
        "results": results,
    }


def write_summary(rows: list[dict[str, Any]], out_dir: Path, metric: str | None) -> tuple[Path, Path]:
    param_keys = sorted({k for r in rows for k in r["params"]})
    result_keys = sorted({k for r in rows for k in r["results"]})
    csv_path = out_dir / "summary.csv"
    with csv_path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["id", "status", "seconds", *param_keys, *result_keys])
        for r in rows:
            writer.writerow([
                combo_id(r["params"]), r["status"], r["seconds"],
                *[r["params"].get(k, "") for k in param_keys],
                *[r["results"].get(k, "") for k in result_keys],
            ])
    ordered = rows
    if metric:
        ordered = sorted(rows, key=lambda r: (r["results"].get(metric) is None, -(r["results"].get(metric) or 0)))
    md = ["| id | status | " + " | ".join(param_keys + result_keys) + " |",
          "|" + "---|" * (2 + len(param_keys) + len(result_keys))]
    for r in ordered:
        cells = [combo_id(r["params"]), r["status"]]
        cells += [str(r["params"].get(k, "")) for k in param_keys]
        cells += [f"{v:.4f}" if isinstance(v, float) else str(v) for v in (r["results"].get(k, "") for k in result_keys)]
        md.append("| " + " | ".join(cells) + " |")
    md_path = out_dir / "summary.md"
    md_path.write_text("\n".join(md) + "\n", encoding="utf-8")
    return csv_path, md_path


def main(argv: list[str]) -> int:
    parser = ArgumentParser(prog="sweep_notebook", description="papermill sweep runner")
    parser.add_argument("sweep", help="name of sweeps/<name>.yaml")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--metric", help="result key used to sort the summary")
    parser.add_argument("--only", help="run a single combo id")
    opts = parser.parse_args(argv)

    spec = load_sweep(opts.sweep)
    combos = [{**spec["fixed"], **c} for c in expand_grid(spec["grid"])]
    if opts.only:
        combos = [c for c in combos if combo_id(c) == opts.only]
        if not combos:
            print(f"combo {opts.only} not in sweep", file=sys.stderr)
            return 2

    out_dir = OUTPUT_ROOT / opts.sweep
    if out_dir.exists() and not opts.only:
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    print(f"{len(combos)} combinations, {opts.workers} workers, kernel {spec['kernel']}")

    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=opts.workers) as pool:
        futures = {
            pool.submit(
                execute_one,
                str(spec["template_path"]),
                str(out_dir / f"{combo_id(c)}.ipynb"),
                c,
                spec["kernel"],
                spec["timeout"],
            ): c
            for c in combos
        }
        for fut in as_completed(futures):
            row = fut.result()
            rows.append(row)
            mark = "✓" if row["status"] == "ok" else "✗"
            print(f"  {mark} {combo_id(row['params'])} {row['seconds']:>7}s {row['error']}")

    csv_path, md_path = write_summary(rows, out_dir, opts.metric)
    failed = sum(r["status"] != "ok" for r in rows)
    print(f"summary: {csv_path.relative_to(REPO)}, {md_path.relative_to(REPO)} ({failed} failed)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
