#!/usr/bin/env python3
"""Normalise kiln's CSV/TSV fixtures: encoding, BOM, line endings, trailing space.

Legacy fixtures arrive in cp1252 or latin-1 with CRLF endings and a BOM; the
loaders now expect UTF-8 with LF.  This tool:

1. detects the encoding of each tracked fixture (BOM, strict UTF-8, then the
   fallbacks in ENCODINGS),
2. builds the normalised text in memory,
3. shows a unified diff (default) or writes it (``--write``) after copying the
   original bytes to ``out/normalise-backup/<stamp>/``,
4. ``--undo`` restores the most recent backup.

Only files that ``git ls-files`` reports under tests/fixtures are considered.
"""
from __future__ import annotations

import argparse
import codecs
import difflib
import json
import logging
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("kiln.normalise")
REPO = Path(__file__).resolve().parents[1]
FIXTURES = "tests/fixtures"
BACKUP_ROOT = REPO / "out" / "normalise-backup"
SUFFIXES = {".csv", ".tsv", ".txt", ".psv"}
ENCODINGS = ("utf-8", "cp1252", "latin-1")


@dataclass
class Candidate:
    rel: str
    encoding: str
    had_bom: bool
    before: str
    after: str

    @property
    def changed(self) -> bool:
        return self.had_bom or self.encoding != "utf-8" or self.before != self.after


def tracked_fixtures() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z", "--", FIXTURES], cwd=REPO, capture_output=True,
                         check=True).stdout.decode()
    return [p for p in out.split("\0") if p and Path(p).suffix.lower() in SUFFIXES]


def decode(raw: bytes) -> tuple[str, str, bool]:
    if raw.startswith(codecs.BOM_UTF8):
        return raw[len(codecs.BOM_UTF8):].decode("utf-8"), "utf-8", True
    for enc in ENCODINGS:
        try:
            return raw.decode(enc), enc, False
        except UnicodeDecodeError:
            continue
    raise ValueError("undecodable")


def normalise_text(text: str) -> str:
    text = text.replace("\r\n", "\n")
    text = text.replace("\r", "\n")
    lines = [ln.rstrip(" \t") for ln in text.split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"


def analyse(rel: str) -> Candidate | None:
    raw = (REPO / rel).read_bytes()
    if b"\0" in raw[:4096]:
        LOG.debug("skip binary %s", rel)
        return None
    try:
        text, enc, bom = decode(raw)
    except ValueError:
        LOG.warning("cannot decode %s; skipped", rel)
        return None
    return Candidate(rel, enc, bom, text, normalise_text(text))


def show_diff(c: Candidate, context: int) -> None:
    header = f" ({c.encoding}{', BOM' if c.had_bom else ''})"
    diff = difflib.unified_diff(
        c.before.splitlines(keepends=True), c.after.splitlines(keepends=True),
        fromfile=f"a/{c.rel}{header}", tofile=f"b/{c.rel}", n=context,
    )
    text = "".join(diff)
    if text:
        sys.stdout.write(text if len(text) < 20000 else text[:20000] + "\n... (diff truncated)\n")
    elif c.changed:
        print(f"--- {c.rel}: encoding/BOM change only ({c.encoding} -> utf-8)")


def write(cands: list[Candidate]) -> Path:
    stamp = BACKUP_ROOT / time.strftime("%Y%m%d-%H%M%S")
    manifest = []
    for c in cands:
        src = REPO / c.rel
        dest = stamp / c.rel
        dest.parent.mkdir(exist_ok=True, parents=True)
        shutil.copy2(src, dest)
        src.write_text(c.after, encoding="utf-8", newline="\n")
        manifest.append({"path": c.rel, "from": c.encoding, "bom": c.had_bom})
    (stamp / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return stamp


def undo() -> int:
    if not BACKUP_ROOT.is_dir():
        LOG.error("nothing to undo")
        return 1
    stamps = sorted(d for d in BACKUP_ROOT.iterdir() if d.is_dir())
    if not stamps:
        LOG.error("nothing to undo")
        return 1
    latest = stamps[-1]
    manifest = json.loads((latest / "manifest.json").read_text())
    for entry in manifest:
        shutil.copy2(latest / entry["path"], REPO / entry["path"])
        LOG.info("restored %s", entry["path"])
    shutil.rmtree(latest)
    return 0


def prune(keep: int) -> None:
    if not BACKUP_ROOT.is_dir():
        return
    stamps = sorted(d for d in BACKUP_ROOT.iterdir() if d.is_dir())
    for old in stamps[:-keep]:
        shutil.rmtree(old)


def verify_loadable(cands: list[Candidate]) -> list[str]:
    """Re-read the written files with the strict loader settings used by the tests."""
    import csv

    problems = []
    for c in cands:
        path = REPO / c.rel
        delimiter = "\t" if path.suffix == ".tsv" else "|" if path.suffix == ".psv" else ","
        try:
            with path.open(encoding="utf-8", newline="") as fh:
                rows = list(csv.reader(fh, delimiter=delimiter, strict=True))
        except (UnicodeDecodeError, csv.Error) as exc:
            problems.append(f"{c.rel}: {exc}")
            continue
        widths = {len(r) for r in rows if r}
        if len(widths) > 1 and path.suffix != ".txt":
            problems.append(f"{c.rel}: inconsistent column counts {sorted(widths)}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="normalise fixture encodings")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--undo", action="store_true")
    parser.add_argument("--context", type=int, default=1)
    parser.add_argument("--keep-backups", type=int, default=3)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if args.undo:
        return undo()

    cands = [c for rel in tracked_fixtures() if (c := analyse(rel)) and c.changed]
    if not cands:
        print("all fixtures already normalised")
        return 0
    by_enc: dict[str, int] = {}
    for c in cands:
        by_enc[c.encoding] = by_enc.get(c.encoding, 0) + 1
    print(f"{len(cands)} file(s) to normalise: " +
          ", ".join(f"{n} from {e}" for e, n in sorted(by_enc.items())))
    if not args.write:
        for c in cands:
            show_diff(c, args.context)
        print("\npreview only; re-run with --write")
        return 0
    stamp = write(cands)
    prune(args.keep_backups)
    for problem in verify_loadable(cands):
        LOG.warning("%s", problem)
    print(f"normalised {len(cands)} file(s); originals in {stamp.relative_to(REPO)} (--undo restores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
