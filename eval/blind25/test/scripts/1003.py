#!/usr/bin/env python3
"""Record, trim and catalogue rosbags from test drives.

Subcommands
-----------
record NAME      start `ros2 bag record` for the topics in bags.toml; Ctrl-C
                 stops the recorder we started (SIGINT to its process group)
trim NAME START END
                 write bags/NAME-trim with only messages between START and
                 END seconds (ros2 bag convert with a generated yaml)
catalog          rebuild bags/CATALOG.md from the metadata of every bag
prune --days N   delete *-trim bags older than N days (only trims this tool
                 produced; originals are never touched)

Needs a sourced ROS 2 environment (source install/setup.bash).
"""
import argparse
import datetime as dt
import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import yaml

WORKSPACE = Path(__file__).resolve().parents[1]
BAG_DIR = WORKSPACE / "bags"
CONFIG = WORKSPACE / "bags.toml"
TRIM_SUFFIX = "-trim"
MARKER = ".trimmed-by-bagtool"


def fail(message: str) -> "NoReturn":  # noqa: F821
    print(f"bagtool: {message}", file=sys.stderr)
    raise SystemExit(1)


def require_ros() -> None:
    if "AMENT_PREFIX_PATH" not in os.environ:
        fail("ROS environment not sourced (source install/setup.bash)")
    if shutil.which("ros2") is None:
        fail("ros2 CLI not on PATH")


def load_topics() -> tuple[list[str], str]:
    with CONFIG.open("rb") as fh:
        conf = tomllib.load(fh)
    topics = conf.get("record", {}).get("topics", [])
    storage = conf.get("record", {}).get("storage", "mcap")
    if not topics:
        fail("no [record].topics in bags.toml")
    return topics, storage


def valid_name(name: str) -> str:
    if not name or any(c in name for c in "/\\") or name.startswith("."):
        fail(f"bad bag name {name!r}")
    return name


def cmd_record(args: argparse.Namespace) -> None:
    require_ros()
    topics, storage = load_topics()
    target = BAG_DIR / valid_name(args.name)
    if target.exists():
        fail(f"{target.relative_to(WORKSPACE)} already exists")
    BAG_DIR.mkdir(exist_ok=True)
    argv = ["ros2", "bag", "record", "-s", storage, "-o", str(target), *topics]
    print("recording:", " ".join(topics))
    proc = subprocess.Popen(argv, start_new_session=True)

    def stop(signum, _frame):
        # forward to the recorder's process group only
        try:
            os.killpg(proc.pid, signal.SIGINT)
        except ProcessLookupError:
            pass

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    code = proc.wait()
    print(f"recorder exited with {code}")
    if target.exists():
        subprocess.run(["ros2", "bag", "info", str(target)], check=False)


def bag_metadata(path: Path) -> dict:
    meta_file = path / "metadata.yaml"
    if not meta_file.exists():
        return {}
    return yaml.safe_load(meta_file.read_text()).get("rosbag2_bagfile_information", {})


def cmd_trim(args: argparse.Namespace) -> None:
    require_ros()
    src = BAG_DIR / valid_name(args.name)
    meta = bag_metadata(src)
    if not meta:
        fail(f"{src.relative_to(WORKSPACE)} is not a bag")
    start_ns = meta["starting_time"]["nanoseconds_since_epoch"]
    begin = start_ns + int(args.start * 1e9)
    end = start_ns + int(args.end * 1e9)
    if end <= begin:
        fail("END must be after START")
    out = BAG_DIR / f"{src.name}{TRIM_SUFFIX}"
    if out.exists():
        shutil.rmtree(out)
    spec = {
        "output_bags": [
            {
                "uri": str(out),
                "storage_id": meta.get("storage_identifier", "mcap"),
                "start_time_ns": begin,
                "end_time_ns": end,
                "all_topics": True,
            }
        ]
    }
    spec_file = BAG_DIR / f".{src.name}.convert.yaml"
    spec_file.write_text(yaml.safe_dump(spec))
    try:
        subprocess.run(["ros2", "bag", "convert", "-i", str(src), "-o", str(spec_file)], check=True)
    finally:
        spec_file.unlink(missing_ok=True)
    (out / MARKER).write_text(f"source={src.name}\ncreated={dt.datetime.now().isoformat()}\n")
    print(f"trimmed {args.end - args.start:.1f}s -> {out.relative_to(WORKSPACE)}")


def human_duration(ns: int) -> str:
    seconds = ns / 1e9
    return f"{int(seconds // 60)}m{seconds % 60:04.1f}s"


def cmd_catalog(_args: argparse.Namespace) -> None:
    rows = []
    for bag in sorted(p for p in BAG_DIR.iterdir() if p.is_dir()):
        meta = bag_metadata(bag)
        if not meta:
            continue
        started = dt.datetime.fromtimestamp(meta["starting_time"]["nanoseconds_since_epoch"] / 1e9)
        topics = meta.get("topics_with_message_count", [])
        count = sum(t.get("message_count", 0) for t in topics)
        rows.append(
            f"| {bag.name} | {started:%Y-%m-%d %H:%M} | {human_duration(meta['duration']['nanoseconds'])}"
            f" | {len(topics)} | {count} |"
        )
    lines = ["# Bag catalog", "", "| bag | start | duration | topics | messages |", "|---|---|---|---|---|", *rows]
    (BAG_DIR / "CATALOG.md").write_text("\n".join(lines) + "\n")
    print(f"catalogued {len(rows)} bag(s)")


def cmd_prune(args: argparse.Namespace) -> None:
    cutoff = time.time() - args.days * 86400
    removed = 0
    for bag in BAG_DIR.glob(f"*{TRIM_SUFFIX}"):
        if not (bag / MARKER).exists():
            print(f"skip {bag.name}: not created by this tool")
            continue
        if bag.stat().st_mtime > cutoff:
            continue
        if args.dry_run:
            print(f"would remove {bag.name}")
            continue
        shutil.rmtree(bag)
        removed += 1
        print(f"removed {bag.name}")
    print(f"{removed} trimmed bag(s) removed")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bagtool")
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("name")
    rec.set_defaults(func=cmd_record)
    trim = sub.add_parser("trim")
    trim.add_argument("name")
    trim.add_argument("start", type=float)
    trim.add_argument("end", type=float)
    trim.set_defaults(func=cmd_trim)
    cat = sub.add_parser("catalog")
    cat.set_defaults(func=cmd_catalog)
    prune = sub.add_parser("prune")
    prune.add_argument("--days", type=int, default=14)
    prune.add_argument("--dry-run", action="store_true")
    prune.set_defaults(func=cmd_prune)
    return parser


if __name__ == "__main__":
    ns = build_parser().parse_args()
    ns.func(ns)
