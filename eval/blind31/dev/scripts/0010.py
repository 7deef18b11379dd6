#!/usr/bin/env python3
"""Build the manuscript into EPUB, AZW3 and PDF, validate, and stage for review.

Pipeline:
    manuscript/*.md --pandoc--> build/book.epub --epubcheck-->
        --ebook-convert--> build/book.azw3, build/book.pdf
        --calibredb add--> review-library/   (a Calibre library committed for proofreaders)

The review library lives inside the repo. We never touch the user's own
Calibre library; calibredb is always given --library-path explicitly and the
path is checked to be inside the project first.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
MANUSCRIPT = ROOT / "manuscript"
BUILD = ROOT / "build"
REVIEW_LIBRARY = ROOT / "review-library"

CONVERSIONS = {
    "azw3": ["--output-profile", "kindle_pw3", "--no-inline-toc"],
    "pdf": ["--paper-size", "a5", "--pdf-default-font-size", "11",
            "--pdf-page-margin-left", "54", "--pdf-page-margin-right", "54"],
}


class BuildError(RuntimeError):
    pass


def run(argv: list[str], cwd: Path | None = None, quiet: bool = False) -> str:
    printable = " ".join(argv)
    if not quiet:
        print(f"$ {printable}")
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(f"{argv[0]} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return proc.stdout


def require(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        raise BuildError(f"missing tools: {', '.join(missing)} (install Calibre, pandoc, epubcheck)")


def load_meta() -> dict:
    meta = yaml.safe_load((MANUSCRIPT / "meta.yaml").read_text())
    for key in ("title", "author", "lang", "identifier"):
        if key not in meta:
            raise BuildError(f"manuscript/meta.yaml lacks {key}")
    return meta


def chapters() -> list[Path]:
    files = sorted(MANUSCRIPT.glob("[0-9][0-9]-*.md"))
    if not files:
        raise BuildError("no chapters found (expected manuscript/NN-title.md)")
    return files


def build_epub(meta: dict, workdir: Path) -> Path:
    out = workdir / "book.epub"
    argv = [
        "pandoc", *map(str, chapters()),
        "--from", "markdown+smart",
        "--to", "epub3",
        "--metadata-file", str(MANUSCRIPT / "meta.yaml"),
        "--toc", "--toc-depth", "2",
        "--split-level", "1",
        "--css", str(MANUSCRIPT / "style" / "book.css"),
        "-o", str(out),
    ]
    cover = MANUSCRIPT / meta.get("cover", "cover.jpg")
    if cover.exists():
        argv += ["--epub-cover-image", str(cover)]
    for font in sorted((MANUSCRIPT / "style" / "fonts").glob("*.otf")):
        argv += ["--epub-embed-font", str(font)]
    run(argv)
    return out


def check_opf(epub: Path, meta: dict) -> None:
    """Cheap sanity check before the slow epubcheck run."""
    with zipfile.ZipFile(epub) as zf:
        names = zf.namelist()
        if names[0] != "mimetype":
            raise BuildError("mimetype must be the first zip entry")
        opf_name = next((n for n in names if n.endswith(".opf")), None)
        if opf_name is None:
            raise BuildError("no OPF in epub")
        opf = zf.read(opf_name).decode()
    if meta["identifier"] not in opf:
        raise BuildError("identifier from meta.yaml is not in the OPF")
    if 'xmlns:dc="http://purl.org/dc/elements/1.1/"' not in opf:
        print("warning: OPF lacks the usual dc namespace declaration")


def epubcheck(epub: Path, report: Path) -> dict:
    proc = subprocess.run(["epubcheck", str(epub), "--json", str(report)],
                          capture_output=True, text=True)
    data = json.loads(report.read_text()) if report.exists() else {}
    messages = data.get("messages", [])
    errors = [m for m in messages if m.get("severity") in ("ERROR", "FATAL")]
    warnings = [m for m in messages if m.get("severity") == "WARNING"]
    print(f"epubcheck: {len(errors)} errors, {len(warnings)} warnings (rc={proc.returncode})")
    for m in errors[:10]:
        loc = (m.get("locations") or [{}])[0]
        print(f"  {m.get('ID')}: {m.get('message')} @ {loc.get('path')}:{loc.get('line')}")
    return {"errors": len(errors), "warnings": len(warnings)}


def convert(epub: Path, fmt: str, workdir: Path, meta: dict) -> Path:
    out = workdir / f"book.{fmt}"
    argv = ["ebook-convert", str(epub), str(out), *CONVERSIONS[fmt],
            "--title", meta["title"], "--authors", meta["author"], "--language", meta["lang"]]
    run(argv)
    return out


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def stage_for_review(paths: list[Path], meta: dict) -> None:
    library = REVIEW_LIBRARY.resolve()
    if ROOT.resolve() not in library.parents:
        raise BuildError(f"review library {library} is outside the project; refusing")
    library.mkdir(exist_ok=True)
    existing = run(["calibredb", "list", "--library-path", str(library),
                    "--search", f'identifiers:"isbn:{meta["identifier"]}"',
                    "--fields", "id", "--for-machine"], quiet=True)
    ids = [str(row["id"]) for row in json.loads(existing or "[]")]
    if ids:
        # Only the previous build of this very book, found by its identifier.
        run(["calibredb", "remove", "--library-path", str(library), ",".join(ids)])
    epub = next(p for p in paths if p.suffix == ".epub")
    run(["calibredb", "add", "--library-path", str(library), "--identifier",
         f"isbn:{meta['identifier']}", str(epub)])
    book_id = json.loads(run(["calibredb", "list", "--library-path", str(library), "--search",
                              f'identifiers:"isbn:{meta["identifier"]}"', "--fields", "id",
                              "--for-machine"], quiet=True))[0]["id"]
    for other in paths:
        if other.suffix != ".epub":
            run(["calibredb", "add_format", "--library-path", str(library), str(book_id), str(other)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--formats", default="azw3,pdf")
    ap.add_argument("--skip-check", action="store_true")
    ap.add_argument("--stage", action="store_true", help="add the build to review-library/")
    args = ap.parse_args(argv)

    try:
        require("pandoc", "ebook-convert", "calibredb", *([] if args.skip_check else ["epubcheck"]))
        meta = load_meta()
        BUILD.mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="book-", dir=BUILD) as tmp:
            workdir = Path(tmp)
            epub = build_epub(meta, workdir)
            check_opf(epub, meta)
            result = {"errors": 0, "warnings": 0}
            if not args.skip_check:
                result = epubcheck(epub, BUILD / "epubcheck.json")
                if result["errors"]:
                    raise BuildError("epubcheck reported errors; not converting")
            outputs = [epub] + [convert(epub, f, workdir, meta) for f in args.formats.split(",") if f]
            final = []
            for path in outputs:
                dest = BUILD / path.name
                os.replace(path, dest)
                final.append(dest)
        manifest = {p.name: {"bytes": p.stat().st_size, "sha256": sha256(p)} for p in final}
        manifest["_epubcheck"] = result
        (BUILD / "manifest.json").write_text(json.dumps(manifest, indent=2))
        if args.stage:
            stage_for_review(final, meta)
        print("built: " + ", ".join(p.name for p in final))
        return 0
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
