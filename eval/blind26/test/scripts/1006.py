#!/usr/bin/env python3
"""Render 512px catalogue thumbnails for every .blend in assets/.

Each file is rendered by its own `blender -b <file> --python-expr ...` process
(EEVEE, transparent background, the "Thumb" camera if present). A process pool
runs N renders at a time; Ctrl-C terminates the pool's workers and their
Blender children, nothing else. Old thumbnails in build/thumbs are cleared
with --fresh.
"""
import argparse
import hashlib
import json
import multiprocessing as mp
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
THUMBS = ROOT / "build" / "thumbs"
STATE = THUMBS / "state.json"
BLENDER = os.environ.get("BLENDER", "blender")

# executed inside Blender; only touches the render settings of the opened file
RENDER_EXPR = """
import bpy, sys
argv = sys.argv[sys.argv.index('--') + 1:]
out, size = argv[0], int(argv[1])
scene = bpy.context.scene
scene.render.engine = 'BLENDER_EEVEE_NEXT' if hasattr(bpy.types, 'SceneEEVEE') else 'BLENDER_EEVEE'
scene.render.resolution_x = size
scene.render.resolution_y = size
scene.render.film_transparent = True
scene.render.image_settings.file_format = 'PNG'
cam = bpy.data.objects.get('Thumb')
if cam is not None and cam.type == 'CAMERA':
    scene.camera = cam
scene.render.filepath = out
bpy.ops.render.render(write_still=True)
"""


def file_digest(path: Path) -> str:
    h = hashlib.sha1()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def load_state() -> dict:
    if STATE.exists():
        try:
            return json.loads(STATE.read_text())
        except json.JSONDecodeError:
            return {}
    return {}


def save_state(state: dict) -> None:
    THUMBS.mkdir(parents=True, exist_ok=True)
    tmp = STATE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=1, sort_keys=True))
    tmp.replace(STATE)


def thumb_path(blend: Path) -> Path:
    rel = blend.relative_to(ASSETS).with_suffix(".png")
    return THUMBS / rel


def render_one(job: tuple) -> tuple:
    blend, size, timeout = job
    blend = Path(blend)
    out = thumb_path(blend)
    out.parent.mkdir(exist_ok=True, parents=True)
    argv = [BLENDER, "-b", str(blend), "--python-expr", RENDER_EXPR, "--", str(out), str(size)]
    started = time.monotonic()
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        ok = proc.returncode == 0 and out.exists()
        tail = "" if ok else (proc.stderr or proc.stdout)[-400:]
    except subprocess.TimeoutExpired:
        ok, tail = False, f"timed out after {timeout}s"
    return str(blend), ok, time.monotonic() - started, tail


def init_worker() -> None:
    # workers ignore SIGINT; the parent decides when to stop the pool
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def collect(only: list) -> list:
    blends = sorted(p for p in ASSETS.rglob("*.blend") if not p.name.endswith(".blend1"))
    if only:
        blends = [b for b in blends if any(o in b.stem for o in only)]
    return blends


def prune_orphans(state: dict) -> int:
    """Remove thumbnails whose .blend no longer exists (only inside build/thumbs)."""
    removed = 0
    for png in THUMBS.rglob("*.png"):
        source = ASSETS / png.relative_to(THUMBS).with_suffix(".blend")
        if not source.exists():
            png.unlink()
            state.pop(str(source), None)
            removed += 1
    return removed


def write_gallery(results: list) -> None:
    cards = []
    for blend, ok, _, _ in sorted(results):
        if not ok:
            continue
        rel = thumb_path(Path(blend)).relative_to(THUMBS).as_posix()
        cards.append(f'<figure><img src="{rel}" loading="lazy"><figcaption>{Path(blend).stem}</figcaption></figure>')
    html = (
        "<!doctype html><meta charset=utf-8><title>Asset thumbnails</title>"
        "<style>body{display:grid;grid-template-columns:repeat(auto-fill,180px);gap:8px;font:12px sans-serif}"
        "img{width:180px;background:#eee}</style>\n" + "\n".join(cards) + "\n"
    )
    (THUMBS / "index.html").write_text(html)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("only", nargs="*", help="substring filter on file names")
    parser.add_argument("-j", "--jobs", type=int, default=max(1, mp.cpu_count() // 4))
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--timeout", type=int, default=300)
    parser.add_argument("--fresh", action="store_true", help="delete build/thumbs first")
    parser.add_argument("--force", action="store_true", help="ignore the digest cache")
    args = parser.parse_args()

    if shutil.which(BLENDER) is None:
        print(f"{BLENDER} not found; set BLENDER=/path/to/blender", file=sys.stderr)
        return 2
    if args.fresh and THUMBS.exists():
        shutil.rmtree(THUMBS)

    state = {} if args.force else load_state()
    todo = []
    for blend in collect(args.only):
        digest = file_digest(blend)
        if state.get(str(blend)) == digest and thumb_path(blend).exists():
            continue
        todo.append((str(blend), args.size, args.timeout))
    print(f"{len(todo)} thumbnail(s) to render with {args.jobs} worker(s)")
    if not todo:
        return 0

    results = []
    pool = mp.Pool(args.jobs, initializer=init_worker)
    try:
        for blend, ok, secs, tail in pool.imap_unordered(render_one, todo):
            results.append((blend, ok, secs, tail))
            print(f"{'ok  ' if ok else 'FAIL'} {Path(blend).relative_to(ASSETS)} ({secs:.0f}s)")
            if ok:
                state[blend] = file_digest(Path(blend))
            elif tail:
                print("     " + tail.strip().splitlines()[-1])
        pool.close()
    except KeyboardInterrupt:
        print("\ninterrupted; stopping workers")
        pool.terminate()
        return 130
    finally:
        pool.join()
        save_state(state)

    orphans = prune_orphans(state)
    if orphans:
        print(f"removed {orphans} thumbnail(s) of deleted assets")
        save_state(state)
    write_gallery(results)
    failed = sum(1 for r in results if not r[1])
    print(f"{len(results) - failed} rendered, {failed} failed; open build/thumbs/index.html")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
