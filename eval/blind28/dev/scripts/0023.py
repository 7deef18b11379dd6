#!/usr/bin/env python3
"""Convert a Label Studio JSON export into YOLO or COCO layout under build/datasets/.

    python tools/ls_convert.py --project 3 --format yolo          # fetch from local LS
    python tools/ls_convert.py --export exports/project-3.json --format coco

When --project is given the export is fetched from the Label Studio that
runs on this machine (LABEL_STUDIO_URL, default http://localhost:8080)
with the token from .env.  The output folder is wiped and rebuilt on
every run; it must be inside build/datasets.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]
DATASETS = ROOT / "build" / "datasets"
MEDIA_ROOT = ROOT / "data" / "frames"


def env_value(name: str, default: str = "") -> str:
    if name in os.environ:
        return os.environ[name]
    env_file = ROOT / ".env"
    if env_file.exists():
        for line in env_file.read_text().splitlines():
            key, sep, value = line.partition("=")
            if sep and key.strip() == name:
                return value.strip()
    return default


def fetch_export(project: int) -> list[dict]:
    base = env_value("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
    host = urlparse(base).hostname
    if host not in ("localhost", "127.0.0.1"):
        raise SystemExit(f"LABEL_STUDIO_URL must point at this machine, got {host}")
    token = env_value("LABEL_STUDIO_API_KEY")
    if not token:
        raise SystemExit("LABEL_STUDIO_API_KEY is not set (see .env.example)")
    resp = requests.get(
        f"{base}/api/projects/{project}/export",
        params={"exportType": "JSON", "download_all_tasks": "false"},
        headers={"Authorization": f"Token {token}"},
        timeout=120,
    )
    resp.raise_for_status()
    return resp.json()


def local_image(task: dict) -> Path | None:
    ref = task.get("data", {}).get("image", "")
    if ref.startswith("/data/local-files/"):
        rel = unquote(ref.split("?d=", 1)[-1])
        return (ROOT / rel).resolve()
    if ref.startswith("/data/upload/"):
        return (MEDIA_ROOT / Path(ref).name).resolve()
    return None


def boxes(task: dict):
    annotations = [a for a in task.get("annotations", []) if not a.get("was_cancelled")]
    if not annotations:
        return
    latest = max(annotations, key=lambda a: a.get("updated_at", ""))
    for result in latest.get("result", []):
        if result.get("type") != "rectanglelabels":
            continue
        value = result["value"]
        for label in value.get("rectanglelabels", []):
            yield label, value["x"], value["y"], value["width"], value["height"], \
                result.get("original_width"), result.get("original_height")


def prepare_out(name: str) -> Path:
    out = (DATASETS / name).resolve()
    if DATASETS.resolve() not in out.parents:
        raise SystemExit(f"output {out} is not inside {DATASETS}")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    return out


def split(tasks: list[dict], val_ratio: float, seed: int):
    rng = random.Random(seed)
    shuffled = tasks[:]
    rng.shuffle(shuffled)
    n_val = int(len(shuffled) * val_ratio)
    return {"val": shuffled[:n_val], "train": shuffled[n_val:]}


def write_yolo(out: Path, parts: dict, classes: list[str]) -> Counter:
    stats = Counter()
    index = {c: i for i, c in enumerate(classes)}
    for part, tasks in parts.items():
        (out / "images" / part).mkdir(parents=True)
        (out / "labels" / part).mkdir(parents=True)
        for task in tasks:
            image = local_image(task)
            if image is None or not image.exists():
                stats["missing_image"] += 1
                continue
            lines = []
            for label, x, y, w, h, _, _ in boxes(task):
                cx, cy = (x + w / 2) / 100, (y + h / 2) / 100
                lines.append(f"{index[label]} {cx:.6f} {cy:.6f} {w / 100:.6f} {h / 100:.6f}")
                stats[label] += 1
            shutil.copy2(image, out / "images" / part / image.name)
            (out / "labels" / part / f"{image.stem}.txt").write_text("\n".join(lines) + "\n")
            stats[f"images_{part}"] += 1
    yaml_text = f"path: {out}\ntrain: images/train\nval: images/val\nnames:\n"
    yaml_text += "".join(f"  {i}: {c}\n" for i, c in enumerate(classes))
    (out / "data.yaml").write_text(yaml_text)
    return stats


def write_coco(out: Path, parts: dict, classes: list[str]) -> Counter:
    stats = Counter()
    categories = [{"id": i + 1, "name": c} for i, c in enumerate(classes)]
    cat_id = {c["name"]: c["id"] for c in categories}
    for part, tasks in parts.items():
        images, annotations = [], []
        (out / part).mkdir()
        for task in tasks:
            image = local_image(task)
            if image is None or not image.exists():
                stats["missing_image"] += 1
                continue
            image_id = len(images) + 1
            width = height = None
            for label, x, y, w, h, ow, oh in boxes(task):
                width, height = ow, oh
                annotations.append({
                    "id": len(annotations) + 1, "image_id": image_id, "category_id": cat_id[label],
                    "bbox": [x * ow / 100, y * oh / 100, w * ow / 100, h * oh / 100],
                    "area": (w * ow / 100) * (h * oh / 100), "iscrowd": 0,
                })
                stats[label] += 1
            images.append({"id": image_id, "file_name": image.name, "width": width, "height": height})
            shutil.copy2(image, out / part / image.name)
        doc = {"images": images, "annotations": annotations, "categories": categories}
        (out / f"{part}.json").write_text(json.dumps(doc))
        stats[f"images_{part}"] = len(images)
    return stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Label Studio export -> YOLO/COCO")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--project", type=int, help="project id on the local Label Studio")
    src.add_argument("--export", type=Path, help="JSON export file")
    ap.add_argument("--format", choices=("yolo", "coco"), default="yolo")
    ap.add_argument("--name", help="output folder name under build/datasets")
    ap.add_argument("--val", type=float, default=0.15)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)

    tasks = fetch_export(args.project) if args.project else json.loads(args.export.read_text())
    labelled = [t for t in tasks if any(True for _ in boxes(t))]
    if not labelled:
        print("no labelled tasks in export")
        return 1
    classes = sorted({b[0] for t in labelled for b in boxes(t)})
    name = args.name or f"{'project-' + str(args.project) if args.project else args.export.stem}-{args.format}"
    out = prepare_out(name)
    parts = split(labelled, args.val, args.seed)
    writer = write_yolo if args.format == "yolo" else write_coco
    stats = writer(out, parts, classes)
    print(f"{len(labelled)} labelled tasks, {len(classes)} classes -> {out.relative_to(ROOT)}")
    for key, value in sorted(stats.items()):
        print(f"  {key:20s} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
