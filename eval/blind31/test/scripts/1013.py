#!/usr/bin/env python3
"""Keep the fixture Calibre library in sync with catalogue/books.yaml.

The e-reader integration tests use a small Calibre library committed under
test/fixtures/calibre-library. Editors maintain the metadata in
catalogue/books.yaml; this script applies it with `calibredb set_metadata`,
adds missing formats from catalogue/files/, removes books that were dropped
from the YAML (from the fixture library only), and exports an OPF sidecar per
book into build/calibre-export/ for the diff in code review.

    python tools/sync_fixture_library.py            # dry run, prints the plan
    python tools/sync_fixture_library.py --apply    # change the fixture library
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
LIBRARY = REPO / "test" / "fixtures" / "calibre-library"
CATALOGUE = REPO / "catalogue" / "books.yaml"
FILES = REPO / "catalogue" / "files"
EXPORT = REPO / "build" / "calibre-export"
FIELDS = ("title", "authors", "series", "series_index", "tags", "publisher", "languages", "pubdate")


class Calibre:
    def __init__(self, library: Path, apply: bool):
        resolved = library.resolve()
        if REPO.resolve() not in resolved.parents:
            raise SystemExit(f"library {resolved} is not inside the repository; refusing")
        self.library = resolved
        self.apply = apply
        self.changes = 0

    def _run(self, *args: str, mutate: bool = False) -> str:
        argv = ["calibredb", *args, "--library-path", str(self.library)]
        if mutate and not self.apply:
            print("  would run: " + " ".join(argv[:4]) + " …")
            self.changes += 1
            return ""
        proc = subprocess.run(argv, text=True, capture_output=True)
        if proc.returncode != 0:
            raise RuntimeError(f"calibredb {args[0]} failed: {proc.stderr.strip()[:300]}")
        if mutate:
            self.changes += 1
        return proc.stdout

    def books(self) -> dict[str, dict]:
        out = self._run("list", "--fields", "id,title,identifiers,formats", "--for-machine")
        rows = json.loads(out or "[]")
        by_key = {}
        for row in rows:
            ident = row.get("identifiers", {}).get("fixture")
            if ident:
                by_key[ident] = row
        return by_key

    def add(self, path: Path, key: str) -> None:
        self._run("add", "--duplicates", "--identifier", f"fixture:{key}", str(path), mutate=True)

    def set_metadata(self, book_id: int, values: dict) -> None:
        args = ["set_metadata", str(book_id)]
        for field, value in values.items():
            if isinstance(value, list):
                value = ",".join(value) if field != "authors" else " & ".join(value)
            args += ["--field", f"{field}:{value}"]
        self._run(*args, mutate=True)

    def add_format(self, book_id: int, path: Path) -> None:
        self._run("add_format", "--dont-replace", str(book_id), str(path), mutate=True)

    def remove(self, book_id: int) -> None:
        self._run("remove", "--permanent", str(book_id), mutate=True)

    def export_opf(self, book_ids: list[int], target: Path) -> None:
        if not book_ids:
            return
        self._run("export", "--dont-save-cover", "--formats", "opf", "--single-dir",
                  "--to-dir", str(target), ",".join(map(str, book_ids)))


def load_catalogue() -> dict[str, dict]:
    data = yaml.safe_load(CATALOGUE.read_text())
    books = {}
    for entry in data["books"]:
        key = entry["key"]
        if key in books:
            raise SystemExit(f"duplicate key {key} in {CATALOGUE.name}")
        books[key] = entry
    return books


def wanted_values(entry: dict) -> dict:
    return {f: entry[f] for f in FIELDS if f in entry}


def first_file(key: str) -> Path | None:
    for ext in ("epub", "azw3", "pdf"):
        candidate = FILES / f"{key}.{ext}"
        if candidate.exists():
            return candidate
    return None


def sync(cal: Calibre, catalogue: dict[str, dict]) -> None:
    current = cal.books()
    for key, entry in catalogue.items():
        if key not in current:
            source = first_file(key)
            if source is None:
                print(f"! {key}: no file in catalogue/files, cannot add")
                continue
            print(f"+ {key}: add {source.name}")
            cal.add(source, key)
        else:
            book = current[key]
            print(f"~ {key}: update metadata (id {book['id']})")
            cal.set_metadata(book["id"], wanted_values(entry))
            have = {Path(f).suffix.lstrip(".").lower() for f in book.get("formats", [])}
            for ext in ("epub", "azw3", "pdf"):
                extra = FILES / f"{key}.{ext}"
                if extra.exists() and ext not in have:
                    print(f"  + format {ext}")
                    cal.add_format(book["id"], extra)
    for key, book in current.items():
        if key not in catalogue:
            print(f"- {key}: no longer in books.yaml, removing id {book['id']} from the fixture library")
            cal.remove(book["id"])


def export(cal: Calibre) -> None:
    if EXPORT.exists():
        shutil.rmtree(EXPORT)
    EXPORT.mkdir(parents=True)
    ids = [book["id"] for book in cal.books().values()]
    with tempfile.TemporaryDirectory(dir=REPO / "build") as tmp:
        cal.export_opf(ids, Path(tmp))
        for opf in Path(tmp).glob("*.opf"):
            shutil.move(str(opf), EXPORT / opf.name)
    print(f"exported {len(ids)} OPF files to {EXPORT.relative_to(REPO)}")


def lint_catalogue(catalogue: dict[str, dict]) -> list[str]:
    """Problems an editor can fix in books.yaml before anything is applied."""
    problems = []
    for key, entry in catalogue.items():
        if not entry.get("title"):
            problems.append(f"{key}: no title")
        if not entry.get("authors"):
            problems.append(f"{key}: no authors")
        if "series" in entry and "series_index" not in entry:
            problems.append(f"{key}: series without series_index")
        langs = entry.get("languages", [])
        if isinstance(langs, str) or any(len(lang) != 3 for lang in langs):
            problems.append(f"{key}: languages must be a list of ISO 639-2 codes (e.g. [eng])")
    return problems


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--apply", action="store_true", help="modify the fixture library")
    args = parser.parse_args(argv)
    if shutil.which("calibredb") is None:
        print("calibredb not found (install Calibre)", file=sys.stderr)
        return 2
    (REPO / "build").mkdir(exist_ok=True)
    cal = Calibre(LIBRARY, args.apply)
    catalogue = load_catalogue()
    problems = lint_catalogue(catalogue)
    for p in problems:
        print(f"books.yaml: {p}")
    if problems and args.apply:
        print("fix books.yaml before applying", file=sys.stderr)
        return 1
    sync(cal, catalogue)
    if args.apply:
        export(cal)
        print(f"{cal.changes} change(s) applied to {LIBRARY.relative_to(REPO)}")
    else:
        print(f"dry run: {cal.changes} change(s) planned; re-run with --apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
