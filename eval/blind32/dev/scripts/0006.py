#!/usr/bin/env python3
"""Scan the project's build outputs with ClamAV and write an HTML + JSON report.

Used by `make release-check` before artifacts are uploaded.  It prefers the
clamd daemon (clamdscan --fdpass) when its socket is present, and falls back to
clamscan.  Signature freshness is checked with sigtool; with --refresh-sigs the
script runs `sudo freshclam` first (read-only for the project, it only updates
the system signature database that clamscan already uses).

Exit status: 0 clean, 1 infected files found, 2 scanner error.
"""
import argparse
import datetime
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCAN_TARGETS = ["dist", "build/installers", "build/docker-context"]
REPORT_DIR = ROOT / "reports" / "clamav"
CLAMD_SOCKETS = ["/run/clamav/clamd.ctl", "/var/run/clamav/clamd.ctl"]
SIG_DB = Path("/var/lib/clamav")
MAX_SIG_AGE_DAYS = 3
FOUND_RE = re.compile(r"^(?P<path>.+?): (?P<sig>\S+) FOUND$")


def run(argv, check=False, **kw):
    print("+ " + " ".join(argv), file=sys.stderr)
    return subprocess.run(argv, text=True, capture_output=True, check=check, **kw)


def signature_age_days():
    newest = None
    for name in ("daily.cld", "daily.cvd"):
        path = SIG_DB / name
        if not path.exists():
            continue
        out = run(["sigtool", "--info", str(path)]).stdout
        match = re.search(r"^Build time: (.+)$", out, re.MULTILINE)
        if match:
            try:
                built = datetime.datetime.strptime(match.group(1).strip(), "%d %b %Y %H:%M %z")
            except ValueError:
                continue
            newest = built if newest is None or built > newest else newest
    if newest is None:
        return None
    return (datetime.datetime.now(datetime.timezone.utc) - newest).days


def refresh_signatures():
    if shutil.which("freshclam") is None:
        print("freshclam not installed; skipping refresh", file=sys.stderr)
        return
    result = run(["sudo", "-n", "freshclam", "--quiet"])
    if result.returncode not in (0, 1):
        print(result.stderr.strip(), file=sys.stderr)


def pick_scanner(force_clamscan):
    if not force_clamscan and shutil.which("clamdscan"):
        for sock in CLAMD_SOCKETS:
            if os.path.exists(sock):
                return ["clamdscan", "--fdpass", "--multiscan", "--infected", "--no-summary"]
    if shutil.which("clamscan"):
        return ["clamscan", "--recursive", "--infected", "--no-summary",
                "--scan-archive=yes", "--max-filesize=400M", "--max-scansize=800M"]
    return None


def existing_targets(targets):
    paths = []
    for t in targets:
        p = (ROOT / t).resolve()
        if not str(p).startswith(str(ROOT)):
            raise SystemExit(f"scan target {t} escapes the project")
        if p.exists():
            paths.append(p)
        else:
            print(f"skip missing {t}", file=sys.stderr)
    return paths


def scan(scanner, paths, exclude):
    argv = list(scanner)
    for pattern in exclude:
        if scanner[0] == "clamscan":
            argv.append(f"--exclude={pattern}")
    argv += [str(p) for p in paths]
    result = run(argv)
    hits = []
    for line in result.stdout.splitlines():
        m = FOUND_RE.match(line.strip())
        if m:
            hits.append({"path": os.path.relpath(m.group("path"), ROOT), "signature": m.group("sig")})
    if result.returncode == 2:
        raise RuntimeError(result.stderr.strip() or "scanner error")
    return hits, result.returncode


def count_files(paths):
    total = 0
    size = 0
    for base in paths:
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                total += 1
                try:
                    size += os.path.getsize(os.path.join(dirpath, name))
                except OSError:
                    pass
    return total, size


def render_html(report):
    rows = "".join(
        f"<tr><td>{html.escape(h['path'])}</td><td>{html.escape(h['signature'])}</td></tr>"
        for h in report["infected"]
    ) or "<tr><td colspan=2>No infected files.</td></tr>"
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><title>ClamAV report</title>
<style>body{{font-family:sans-serif}} td,th{{padding:4px 8px;border-bottom:1px solid #ddd}}</style>
</head><body>
<h1>ClamAV scan of build outputs</h1>
<p>{html.escape(report['finished'])} &middot; scanner {html.escape(report['scanner'])}
&middot; {report['files']} files, {report['bytes'] // 1024 // 1024} MiB
&middot; signatures {report['signature_age_days']} day(s) old</p>
<table><tr><th>File</th><th>Signature</th></tr>{rows}</table>
</body></html>
"""


def write_atomic(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("targets", nargs="*", default=SCAN_TARGETS)
    ap.add_argument("--refresh-sigs", action="store_true")
    ap.add_argument("--clamscan", action="store_true", help="do not use clamd")
    ap.add_argument("--exclude", action="append", default=[r"\.map$"])
    ap.add_argument("--allow-stale", action="store_true")
    args = ap.parse_args()

    if args.refresh_sigs:
        refresh_signatures()
    age = signature_age_days()
    if age is None:
        print("could not read signature build time", file=sys.stderr)
    elif age > MAX_SIG_AGE_DAYS and not args.allow_stale:
        print(f"signatures are {age} days old; run with --refresh-sigs", file=sys.stderr)
        return 2

    scanner = pick_scanner(args.clamscan)
    if scanner is None:
        print("neither clamdscan nor clamscan found", file=sys.stderr)
        return 2
    paths = existing_targets(args.targets)
    if not paths:
        print("nothing to scan", file=sys.stderr)
        return 0

    files, size = count_files(paths)
    started = datetime.datetime.now().isoformat(timespec="seconds")
    try:
        hits, code = scan(scanner, paths, args.exclude)
    except RuntimeError as exc:
        print(f"scan failed: {exc}", file=sys.stderr)
        return 2
    report = {
        "started": started,
        "finished": datetime.datetime.now().isoformat(timespec="seconds"),
        "scanner": scanner[0],
        "targets": [os.path.relpath(p, ROOT) for p in paths],
        "files": files,
        "bytes": size,
        "signature_age_days": age,
        "infected": hits,
    }
    stamp = started.replace(":", "").replace("-", "")
    write_atomic(REPORT_DIR / f"scan-{stamp}.json", json.dumps(report, indent=2))
    write_atomic(REPORT_DIR / "latest.html", render_html(report))
    for h in hits:
        print(f"INFECTED {h['path']}: {h['signature']}")
    print(f"scanned {files} files; {len(hits)} infected; report in {REPORT_DIR}")
    return 1 if hits or code == 1 else 0


if __name__ == "__main__":
    sys.exit(main())
