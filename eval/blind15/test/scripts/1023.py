#!/usr/bin/env python3
"""Documentation build driver for the ledger project.

    python3 docs/build.py html            # sphinx HTML into docs/_build/html
    python3 docs/build.py html --clean    # wipe docs/_build first (make clean)
    python3 docs/build.py linkcheck       # external link check (report only)
    python3 docs/build.py coverage        # undocumented public API report
    python3 docs/build.py serve           # preview on 127.0.0.1:8010

The build runs sphinx-build with fixed arguments from the project venv.
`make -C docs clean` is run through the shell with a constant string because
the Makefile target also removes autosummary stubs.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import os
import re
import shutil
import socketserver
import subprocess
import sys
import time
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
BUILD = DOCS / "_build"
VENV_BIN = ROOT / ".venv" / "bin"
WARNING_RE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+)?: (?P<kind>WARNING|ERROR): (?P<msg>.*)$")


def sphinx_build() -> str:
    candidate = VENV_BIN / "sphinx-build"
    if candidate.exists():
        return str(candidate)
    found = shutil.which("sphinx-build")
    if not found:
        raise SystemExit("sphinx-build not found; run `make venv` first")
    return found


def clean() -> None:
    # constant command line; the Makefile knows about generated stubs
    subprocess.run("make -C docs clean >/dev/null", shell=True, cwd=ROOT, check=False)
    if BUILD.exists():
        shutil.rmtree(BUILD)
    for stub_dir in DOCS.glob("api/_autosummary"):
        shutil.rmtree(stub_dir, ignore_errors=True)


def run_sphinx(builder: str, extra: list[str], strict: bool) -> tuple[int, list[dict]]:
    out = BUILD / builder
    argv = [sphinx_build(), "-b", builder, "-j", "auto", "--keep-going", "-q"]
    if strict:
        argv.append("-W")
    argv += [*extra, str(DOCS), str(out)]
    started = time.monotonic()
    proc = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    warnings = []
    for line in proc.stderr.splitlines():
        m = WARNING_RE.match(line)
        if m:
            warnings.append(m.groupdict())
        elif line.strip():
            print(line, file=sys.stderr)
    print(f"{builder}: exit {proc.returncode} in {time.monotonic() - started:.1f}s, {len(warnings)} warning(s)")
    return proc.returncode, warnings


def print_warnings(warnings: list[dict], limit: int = 40) -> None:
    by_file: dict[str, list[dict]] = {}
    for w in warnings:
        by_file.setdefault(w["file"], []).append(w)
    shown = 0
    for file, items in sorted(by_file.items()):
        rel = os.path.relpath(file, ROOT) if os.path.isabs(file) else file
        for w in items:
            if shown >= limit:
                print(f"... {len(warnings) - shown} more")
                return
            print(f"  {rel}:{w['line'] or '?'} {w['kind']}: {w['msg']}")
            shown += 1


def linkcheck_summary() -> int:
    output = BUILD / "linkcheck" / "output.txt"
    if not output.exists():
        return 0
    broken = [l for l in output.read_text(encoding="utf-8").splitlines() if "[broken]" in l]
    for line in broken[:30]:
        print("  " + line)
    print(f"{len(broken)} broken external link(s) (report only)")
    return 0


def coverage_summary() -> int:
    report = BUILD / "coverage" / "python.txt"
    if not report.exists():
        print("no coverage report produced")
        return 1
    text = report.read_text(encoding="utf-8")
    missing = re.findall(r"^\s+\* (\S+)", text, re.M)
    print(f"{len(missing)} undocumented public object(s)")
    for name in missing[:25]:
        print("  " + name)
    return 1 if missing else 0


def serve(port: int) -> None:
    root = BUILD / "html"
    if not root.exists():
        raise SystemExit("build html first")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    with socketserver.TCPServer(("127.0.0.1", port), handler) as httpd:
        print(f"serving {root} at http://127.0.0.1:{port} (Ctrl-C to stop)")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            print()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("target", choices=["html", "linkcheck", "coverage", "serve", "clean"])
    ap.add_argument("--clean", action="store_true")
    ap.add_argument("--strict", action="store_true", help="turn warnings into errors")
    ap.add_argument("--port", type=int, default=8010)
    args = ap.parse_args(argv)

    if args.target == "clean" or args.clean:
        clean()
        if args.target == "clean":
            return 0
    if args.target == "serve":
        serve(args.port)
        return 0
    if args.target == "html":
        rc, warnings = run_sphinx("html", [], args.strict)
        print_warnings(warnings)
        return rc
    if args.target == "linkcheck":
        run_sphinx("linkcheck", [], False)
        return linkcheck_summary()
    rc, _ = run_sphinx("coverage", ["-D", "coverage_show_missing_items=1"], False)
    return coverage_summary() or rc


if __name__ == "__main__":
    sys.exit(main())
