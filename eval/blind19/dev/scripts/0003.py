#!/usr/bin/env python3
"""Execute the analysis notebooks in order and collect HTML reports.

Each notebook under notebooks/ is parameterised with papermill, executed in a
fresh kernel with a timeout, converted to HTML with nbconvert and copied into
reports/<date>/. Failures keep the executed notebook for debugging.

    python tools/run_notebooks.py                 # every notebook
    python tools/run_notebooks.py 03_churn --param region=emea
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = REPO / "notebooks"
REPORT_ROOT = REPO / "reports"
PARAMS_FILE = REPO / "notebooks" / "params.json"
KERNEL = os.environ.get("NB_KERNEL", "python3")
CELL_TIMEOUT = int(os.environ.get("NB_CELL_TIMEOUT", "900"))


def log(msg: str) -> None:
    stamp = dt.datetime.now().strftime("%H:%M:%S")
    print(f"[{stamp}] {msg}", flush=True)


def discover(names: list[str]) -> list[Path]:
    books = sorted(p for p in NOTEBOOK_DIR.glob("[0-9][0-9]_*.ipynb"))
    if not names:
        return books
    wanted = []
    for name in names:
        matches = [b for b in books if b.stem == name or b.stem.startswith(name)]
        if not matches:
            raise SystemExit(f"no notebook matches {name!r}")
        wanted.extend(matches)
    return wanted


def load_params(overrides: list[str]) -> dict[str, dict]:
    params: dict[str, dict] = {}
    if PARAMS_FILE.exists():
        params = json.loads(PARAMS_FILE.read_text())
    shared = params.setdefault("*", {})
    for item in overrides:
        key, _, value = item.partition("=")
        if not key or not _:
            raise SystemExit(f"bad --param {item!r}, expected key=value")
        try:
            shared[key] = json.loads(value)
        except json.JSONDecodeError:
            shared[key] = value
    return params


def params_for(book: Path, params: dict[str, dict]) -> dict:
    merged = dict(params.get("*", {}))
    merged.update(params.get(book.stem, {}))
    merged.setdefault("run_date", dt.date.today().isoformat())
    merged.setdefault("data_dir", str(REPO / "data" / "processed"))
    return merged


def papermill_argv(book: Path, out: Path, values: dict) -> list[str]:
    argv = [
        sys.executable, "-m", "papermill", str(book), str(out),
        "--kernel", KERNEL,
        "--execution-timeout", str(CELL_TIMEOUT),
        "--log-output", "--no-progress-bar",
    ]
    for key, value in sorted(values.items()):
        if isinstance(value, str):
            argv += ["-p", key, value]
        else:
            argv += ["-y", f"{key}: {json.dumps(value)}"]
    return argv


def to_html(executed: Path, dest_dir: Path) -> Path:
    argv = [
        sys.executable, "-m", "jupyter", "nbconvert", "--to", "html",
        "--no-input", "--output-dir", str(dest_dir), str(executed),
    ]
    subprocess.run(argv, check=True, cwd=REPO)
    return dest_dir / (executed.stem + ".html")


def execute(book: Path, values: dict, workdir: Path) -> tuple[bool, Path, float]:
    out = workdir / book.name
    started = dt.datetime.now()
    env = dict(os.environ)
    env["MPLBACKEND"] = "Agg"
    env["PYTHONHASHSEED"] = "0"
    proc = subprocess.run(papermill_argv(book, out, values), cwd=REPO, env=env)
    elapsed = (dt.datetime.now() - started).total_seconds()
    return proc.returncode == 0, out, elapsed


def strip_outputs_size(path: Path) -> int:
    nb = json.loads(path.read_text())
    total = 0
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []):
            total += len(json.dumps(output))
    return total


def write_index(dest: Path, results: list[dict]) -> None:
    rows = []
    for r in results:
        status = "ok" if r["ok"] else "FAILED"
        link = f'<a href="{r["html"]}">{r["name"]}</a>' if r.get("html") else r["name"]
        rows.append(f"<tr><td>{link}</td><td>{status}</td><td>{r['seconds']:.0f}s</td></tr>")
    html = (
        "<html><head><meta charset='utf-8'><title>Notebook run</title></head><body>"
        f"<h1>Notebook run {dest.name}</h1><table>{''.join(rows)}</table></body></html>"
    )
    (dest / "index.html").write_text(html, encoding="utf-8")
    (dest / "results.json").write_text(json.dumps(results, indent=2), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("notebooks", nargs="*")
    parser.add_argument("--param", action="append", default=[])
    parser.add_argument("--keep-going", action="store_true")
    parser.add_argument("--keep-workdir", action="store_true")
    args = parser.parse_args()

    books = discover(args.notebooks)
    params = load_params(args.param)
    dest = REPORT_ROOT / dt.date.today().isoformat()
    dest.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="nbrun-"))
    log(f"running {len(books)} notebook(s), scratch dir {workdir}")

    results = []
    failed = False
    try:
        for book in books:
            values = params_for(book, params)
            log(f"executing {book.name} with {values}")
            ok, executed, seconds = execute(book, values, workdir)
            entry = {"name": book.stem, "ok": ok, "seconds": seconds}
            if ok:
                html = to_html(executed, dest)
                entry["html"] = html.name
                entry["output_bytes"] = strip_outputs_size(executed)
                log(f"{book.name} ok in {seconds:.0f}s")
            else:
                failed = True
                keep = dest / f"{book.stem}.failed.ipynb"
                if executed.exists():
                    shutil.copy2(executed, keep)
                log(f"{book.name} FAILED, executed copy kept at {keep.relative_to(REPO)}")
            results.append(entry)
            if failed and not args.keep_going:
                break
    finally:
        write_index(dest, results)
        if args.keep_workdir:
            log(f"scratch dir kept: {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)

    log(f"reports in {dest.relative_to(REPO)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
