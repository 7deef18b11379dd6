#!/usr/bin/env python3
"""Verify data files against data/MANIFEST.sha256 in parallel.

Uses a ProcessPoolExecutor to hash large files and pathlib globbing to
find files missing from the manifest. Read-only except for --update,
which rewrites the manifest inside the project.
"""
import argparse
import hashlib
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from enum import Enum, auto
from pathlib import Path

DATA = Path("data")
MANIFEST = DATA / "MANIFEST.sha256"
PATTERNS = ("**/*.parquet", "**/*.csv", "**/*.jsonl")


class State(Enum):
    OK = auto()
    CHANGED = auto()
    MISSING = auto()
    UNLISTED = auto()


@dataclass
class Entry:
    path: Path
    state: State
    digest: str = ""


def sha256(path: Path, chunk: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(chunk):
            h.update(block)
    return h.hexdigest()


def read_manifest() -> dict[Path, str]:
    out: dict[Path, str] = {}
    if MANIFEST.exists():
        for line in MANIFEST.read_text().splitlines():
            digest, _, name = line.partition("  ")
            if name:
                out[DATA / name] = digest
    return out


def discover() -> set[Path]:
    found: set[Path] = set()
    for pattern in PATTERNS:
        found.update(p for p in DATA.glob(pattern) if p.is_file())
    return found


def verify(workers: int) -> list[Entry]:
    listed = read_manifest()
    present = discover()
    entries = [Entry(p, State.MISSING) for p in listed if p not in present]
    entries += [Entry(p, State.UNLISTED) for p in present - set(listed)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(sha256, p): p for p in present & set(listed)}
        for fut in as_completed(futures):
            path = futures[fut]
            digest = fut.result()
            state = State.OK if digest == listed[path] else State.CHANGED
            entries.append(Entry(path, state, digest))
    return sorted(entries, key=lambda e: str(e.path))


def write_manifest(paths: list[Path]) -> None:
    lines = [f"{sha256(p)}  {p.relative_to(DATA).as_posix()}" for p in sorted(paths)]
    MANIFEST.write_text("\n".join(lines) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("-j", "--jobs", type=int, default=4)
    parser.add_argument("--update", action="store_true", help="rewrite the manifest")
    args = parser.parse_args()
    if not DATA.is_dir():
        print("no data/ directory here", file=sys.stderr)
        return 2
    if args.update:
        files = sorted(discover())
        write_manifest(files)
        print(f"manifest updated with {len(files)} files")
        return 0
    entries = verify(args.jobs)
    problems = [e for e in entries if e.state is not State.OK]
    for e in problems:
        print(f"{e.state.name:<9} {e.path}")
    print(f"{len(entries) - len(problems)}/{len(entries)} files match the manifest")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
