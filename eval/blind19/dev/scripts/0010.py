#!/usr/bin/env python3
"""Batch-export .blend sources to glTF with Blender in background mode.

For every assets/src/**/*.blend that is newer than its .glb, run

    blender -b <file> -P tools/blender/export_gltf.py -- --out <glb> --lod <n>

in parallel (one Blender per CPU, capped), then validate the result with
gltf-validator if present. The export script lives in this repository.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "assets" / "src"
OUT = ROOT / "assets" / "build"
EXPORTER = ROOT / "tools" / "blender" / "export_gltf.py"
BLENDER = os.environ.get("BLENDER", "blender")
LODS = (0, 1, 2)
REPORT = OUT / "export-report.json"


def blender_version() -> str:
    proc = subprocess.run([BLENDER, "--version"], capture_output=True, text=True)
    first = proc.stdout.splitlines()[0] if proc.stdout else "unknown"
    return first.replace("Blender", "").strip()


def targets(force: bool) -> list[tuple[Path, Path, int]]:
    jobs = []
    for blend in sorted(SRC.rglob("*.blend")):
        rel = blend.relative_to(SRC).with_suffix("")
        for lod in LODS:
            glb = OUT / rel.parent / f"{rel.name}.lod{lod}.glb"
            if force or not glb.exists() or glb.stat().st_mtime < blend.stat().st_mtime:
                jobs.append((blend, glb, lod))
    return jobs


def export_one(job: tuple[Path, Path, int], timeout: int) -> dict:
    blend, glb, lod = job
    glb.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="blend-") as tmp:
        partial = Path(tmp) / glb.name
        argv = [
            BLENDER, "-b", str(blend),
            "--factory-startup",
            "-P", str(EXPORTER),
            "--", "--out", str(partial), "--lod", str(lod),
        ]
        env = dict(os.environ)
        env["BLENDER_USER_SCRIPTS"] = str(ROOT / "tools" / "blender")
        started = time.time()
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            return {"file": str(blend.relative_to(ROOT)), "lod": lod, "ok": False, "error": "timeout"}
        elapsed = time.time() - started
        if proc.returncode != 0 or not partial.exists():
            tail = (proc.stdout + proc.stderr).splitlines()[-15:]
            return {"file": str(blend.relative_to(ROOT)), "lod": lod, "ok": False, "error": "\n".join(tail)}
        shutil.move(str(partial), glb)
    return {
        "file": str(blend.relative_to(ROOT)),
        "lod": lod,
        "ok": True,
        "seconds": round(elapsed, 1),
        "bytes": glb.stat().st_size,
    }


def validate(glb: Path) -> list[str]:
    tool = shutil.which("gltf_validator")
    if tool is None:
        return []
    proc = subprocess.run([tool, "-o", str(glb)], capture_output=True, text=True)
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return [f"validator output unreadable for {glb.name}"]
    issues = report.get("issues", {})
    return [m["message"] for m in issues.get("messages", []) if m.get("severity", 3) == 0]


def prune_orphans() -> list[Path]:
    """Remove built files whose source .blend is gone (only under assets/build)."""
    removed = []
    for glb in OUT.rglob("*.glb"):
        stem = glb.name.split(".lod")[0]
        source = SRC / glb.relative_to(OUT).parent / f"{stem}.blend"
        if not source.exists():
            glb.unlink()
            removed.append(glb)
    for folder in sorted(OUT.rglob("*"), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    return removed


def summary_table(results: list[dict]) -> str:
    """Plain-text table for the CI log; bigger files first."""
    ok = sorted((r for r in results if r["ok"]), key=lambda r: -r.get("bytes", 0))
    lines = [f"{'file':<50} {'lod':>3} {'KiB':>8} {'sec':>6}"]
    for r in ok[:20]:
        lines.append(f"{r['file'][:50]:<50} {r['lod']:>3} {r['bytes'] / 1024:>8.0f} {r['seconds']:>6.1f}")
    return "\n".join(lines)


def write_junit(results: list[dict], path: Path) -> None:
    """CI shows failed exports as failed tests."""
    cases = []
    for r in results:
        name = f"{r['file']}#lod{r['lod']}"
        if r["ok"]:
            cases.append(f'<testcase name="{name}" time="{r.get("seconds", 0)}"/>')
        else:
            msg = r["error"].replace('"', "'").replace("<", "(")
            cases.append(f'<testcase name="{name}"><failure message="{msg[:200]}"/></testcase>')
    path.write_text(f'<testsuite name="blender-export">{"".join(cases)}</testsuite>\n')


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument("--timeout", type=int, default=600)
    parser.add_argument("--no-validate", action="store_true")
    parser.add_argument("--prune", action="store_true")
    args = parser.parse_args()

    if shutil.which(BLENDER) is None:
        print(f"{BLENDER} not found; set BLENDER=/path/to/blender", file=sys.stderr)
        return 2
    if not EXPORTER.exists():
        print(f"missing {EXPORTER}", file=sys.stderr)
        return 2
    print(f"Blender {blender_version()}, {args.jobs} worker(s)")

    if args.prune:
        for path in prune_orphans():
            print(f"pruned {path.relative_to(ROOT)}")

    jobs = targets(args.force)
    if not jobs:
        print("everything up to date")
        return 0

    results = []
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(export_one, job, args.timeout): job for job in jobs}
        for fut in cf.as_completed(futures):
            res = fut.result()
            results.append(res)
            mark = "ok " if res["ok"] else "ERR"
            print(f"[{mark}] {res['file']} lod{res['lod']}")
            if not res["ok"]:
                print("      " + res["error"].replace("\n", "\n      "))

    if not args.no_validate:
        for res in results:
            if not res["ok"]:
                continue
            rel = Path(res["file"]).relative_to("assets/src").with_suffix("")
            glb = OUT / rel.parent / f"{rel.name}.lod{res['lod']}.glb"
            errors = validate(glb)
            if errors:
                res["ok"] = False
                res["error"] = "; ".join(errors[:3])
                print(f"[BAD] {glb.relative_to(ROOT)}: {res['error']}")

    OUT.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(sorted(results, key=lambda r: (r["file"], r["lod"])), indent=2))
    print(summary_table(results))
    failed = sum(1 for r in results if not r["ok"])
    print(f"{len(results) - failed} exported, {failed} failed; report in {REPORT.relative_to(ROOT)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
