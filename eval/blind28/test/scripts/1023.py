#!/usr/bin/env python3
"""cvat2ls.py - migrate CVAT "for images 1.1" XML annotations into Label Studio tasks.

The team is moving the pedestrian project from CVAT to Label Studio.  This
converter reads a CVAT export (annotations.xml plus the images folder it
references), writes Label Studio JSON tasks with the boxes/polygons as
predictions, and - with --import - posts them to the local Label Studio
project through its API (token from .env, localhost only).

    python tools/cvat2ls.py exports/cvat-ped-v5/annotations.xml --images data/ped/images
    python tools/cvat2ls.py exports/cvat-ped-v5/annotations.xml --images data/ped/images \
        --project 12 --import

Output: out/cvat2ls/<export-name>.json (always) and a label-mapping report.
Labels are mapped with config/label-map.toml; unmapped labels are listed and
skipped, never invented.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tomllib
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from urllib.parse import quote, urlparse

import requests

CHECKOUT_DIR = Path(__file__).resolve().parent.parent
OUT_DIR = CHECKOUT_DIR / "out" / "cvat2ls"
LABEL_MAP = CHECKOUT_DIR / "config" / "label-map.toml"


def load_label_map() -> dict[str, str]:
    if not LABEL_MAP.exists():
        return {}
    with LABEL_MAP.open("rb") as fh:
        return dict(tomllib.load(fh).get("labels", {}))


def percent(value: float, total: float) -> float:
    return round(100.0 * value / total, 4) if total else 0.0


def convert_box(box: ET.Element, width: int, height: int, label: str) -> dict:
    xtl, ytl = float(box.get("xtl")), float(box.get("ytl"))
    xbr, ybr = float(box.get("xbr")), float(box.get("ybr"))
    return {
        "type": "rectanglelabels",
        "from_name": "label",
        "to_name": "image",
        "original_width": width,
        "original_height": height,
        "value": {
            "x": percent(xtl, width),
            "y": percent(ytl, height),
            "width": percent(xbr - xtl, width),
            "height": percent(ybr - ytl, height),
            "rotation": float(box.get("rotation", 0)),
            "rectanglelabels": [label],
        },
    }


def convert_polygon(poly: ET.Element, width: int, height: int, label: str) -> dict:
    points = []
    for pair in poly.get("points", "").split(";"):
        if not pair:
            continue
        x, y = (float(v) for v in pair.split(","))
        points.append([percent(x, width), percent(y, height)])
    return {
        "type": "polygonlabels",
        "from_name": "polygon",
        "to_name": "image",
        "original_width": width,
        "original_height": height,
        "value": {"points": points, "polygonlabels": [label]},
    }


def convert(xml_path: Path, images_dir: Path, mapping: dict[str, str]):
    root = ET.parse(xml_path).getroot()
    tasks, unmapped, counts, missing = [], Counter(), Counter(), []
    for image in root.iter("image"):
        name = image.get("name")
        width, height = int(image.get("width")), int(image.get("height"))
        local = images_dir / name
        if not local.exists():
            missing.append(name)
            continue
        results = []
        for shape in list(image):
            cvat_label = shape.get("label")
            label = mapping.get(cvat_label, cvat_label if not mapping else None)
            if label is None:
                unmapped[cvat_label] += 1
                continue
            if shape.tag == "box":
                results.append(convert_box(shape, width, height, label))
            elif shape.tag == "polygon":
                results.append(convert_polygon(shape, width, height, label))
            else:
                unmapped[f"<{shape.tag}>"] += 1
                continue
            counts[label] += 1
        rel = local.resolve().relative_to(CHECKOUT_DIR.resolve())
        tasks.append({
            "data": {"image": f"/data/local-files/?d={quote(str(rel))}"},
            "predictions": [{"model_version": f"cvat:{xml_path.parent.name}", "result": results}],
        })
    return tasks, counts, unmapped, missing


def ls_settings() -> tuple[str, str]:
    env = {}
    path = CHECKOUT_DIR / ".env"
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.strip().startswith("#"):
                key, value = line.split("=", 1)
                env[key.strip()] = value.strip()
    url = os.environ.get("LS_URL", env.get("LS_URL", "http://localhost:8080"))
    token = os.environ.get("LS_API_TOKEN", env.get("LS_API_TOKEN", ""))
    if urlparse(url).hostname not in ("localhost", "127.0.0.1"):
        raise SystemExit(f"LS_URL must be the local Label Studio, got {url}")
    if not token:
        raise SystemExit("LS_API_TOKEN missing in .env")
    return url.rstrip("/"), token


def import_tasks(project: int, tasks: list[dict], batch: int) -> int:
    url, token = ls_settings()
    headers = {"Authorization": f"Token {token}"}
    info = requests.get(f"{url}/api/projects/{project}/", headers=headers, timeout=30)
    info.raise_for_status()
    print(f"importing into project {project}: {info.json().get('title')}")
    imported = 0
    for start in range(0, len(tasks), batch):
        chunk = tasks[start:start + batch]
        resp = requests.post(f"{url}/api/projects/{project}/import", json=chunk, headers=headers, timeout=300)
        resp.raise_for_status()
        imported += resp.json().get("task_count", len(chunk))
        print(f"  {imported}/{len(tasks)}")
    return imported


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="CVAT 1.1 XML -> Label Studio tasks")
    ap.add_argument("xml", type=Path)
    ap.add_argument("--images", type=Path, required=True)
    ap.add_argument("--project", type=int)
    ap.add_argument("--import", dest="do_import", action="store_true")
    ap.add_argument("--batch", type=int, default=200)
    args = ap.parse_args(argv)
    if args.do_import and not args.project:
        ap.error("--import needs --project")

    mapping = load_label_map()
    tasks, counts, unmapped, missing = convert(args.xml, args.images, mapping)
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    out = OUT_DIR / f"{args.xml.parent.name}.json"
    out.write_text(json.dumps(tasks, indent=1))
    print(f"{len(tasks)} tasks -> {out.relative_to(CHECKOUT_DIR)}")
    for label, n in counts.most_common():
        print(f"  {label:24s} {n}")
    if unmapped:
        print("unmapped CVAT labels (skipped): " + ", ".join(f"{k} ({v})" for k, v in unmapped.items()))
    if missing:
        print(f"{len(missing)} image(s) referenced in the XML are missing locally, e.g. {missing[:3]}")
    if args.do_import:
        import_tasks(args.project, tasks, args.batch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
