#!/usr/bin/env python3
"""Cut a Debian release of `wavelet-daemon`.

    python3 debian/release.py 2.3.1            # changelog + build + lintian + sums
    python3 debian/release.py 2.3.1 --sign     # also debsign with DEBSIGN_KEYID
    python3 debian/release.py 2.3.1 --attach   # upload .deb/.changes to the GitHub release

The GitHub token (GITHUB_TOKEN) is only used with --attach and only sent in the
Authorization header to api.github.com / uploads.github.com. Build leftovers in
the parent directory that belong to this package (wavelet-daemon_*) are moved
into dist/ so the checkout's parent stays clean.
"""
import argparse
import email.utils
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

SRC = Path(__file__).resolve().parents[1]
PARENT = SRC.parent
DIST = SRC / "dist"
PKG = "wavelet-daemon"
GH_API = "https://api.github.com"
GH_UPLOADS = "https://uploads.github.com"
VERSION_RE = re.compile(r"^\d+\.\d+\.\d+(~rc\d+)?$")


def sh(*argv, cwd=SRC, capture=False, env=None):
    res = subprocess.run(argv, cwd=cwd, capture_output=capture, text=True, env=env)
    if res.returncode != 0:
        raise SystemExit(f"{' '.join(argv[:3])} ... failed: {res.stderr if capture else res.returncode}")
    return res.stdout.strip() if capture else ""


def ensure_clean():
    if sh("git", "status", "--porcelain", capture=True):
        raise SystemExit("uncommitted changes; commit them before releasing")


def changelog_entry(version):
    author = os.environ.get("DEBFULLNAME") or sh("git", "config", "user.name", capture=True)
    mail = os.environ.get("DEBEMAIL") or sh("git", "config", "user.email", capture=True)
    prev = sh("git", "describe", "--tags", "--abbrev=0", capture=True)
    log = sh("git", "log", "--no-merges", "--format=%s", f"{prev}..HEAD", capture=True).splitlines()
    bullets = "\n".join(f"  * {line}" for line in log[:40]) or "  * Maintenance release."
    stamp = email.utils.formatdate(localtime=True)
    return f"{PKG} ({version}-1) unstable; urgency=medium\n\n{bullets}\n\n -- {author} <{mail}>  {stamp}\n\n"


def update_changelog(version):
    path = SRC / "debian" / "changelog"
    text = path.read_text()
    if text.startswith(f"{PKG} ({version}-1)"):
        print("debian/changelog already has this version")
        return False
    path.write_text(changelog_entry(version) + text)
    sh("git", "add", "debian/changelog")
    sh("git", "commit", "-m", f"debian: release {version}")
    return True


def build():
    for leftover in PARENT.glob(f"{PKG}_*"):
        leftover.unlink()
    sh("dpkg-buildpackage", "-us", "-uc", "-b")


def collect():
    DIST.mkdir(exist_ok=True)
    moved = []
    for f in sorted(PARENT.glob(f"{PKG}_*")):
        if f.suffix in (".deb", ".changes", ".buildinfo", ".ddeb"):
            target = DIST / f.name
            if target.exists():
                target.unlink()
            shutil.move(str(f), target)
            moved.append(target)
    if not any(p.suffix == ".deb" for p in moved):
        raise SystemExit("no .deb produced")
    return moved


def lintian(files):
    changes = [f for f in files if f.suffix == ".changes"]
    if shutil.which("lintian") and changes:
        subprocess.run(["lintian", "--profile", "debian", "-I", str(changes[0])])


def checksums(files):
    lines = []
    for f in files:
        lines.append(f"{hashlib.sha256(f.read_bytes()).hexdigest()}  {f.name}")
    out = DIST / "SHA256SUMS"
    out.write_text("\n".join(lines) + "\n")
    return out


def summary(files):
    """Installed size and dependencies from the built .deb, for the release notes."""
    for f in files:
        if f.suffix != ".deb":
            continue
        info = sh("dpkg-deb", "--field", str(f), "Installed-Size", "Depends", capture=True)
        print(f"{f.name}:\n{info}\n")


def debsign(files):
    key = os.environ.get("DEBSIGN_KEYID")
    if not key:
        raise SystemExit("--sign needs DEBSIGN_KEYID")
    for f in files:
        if f.suffix == ".changes":
            sh("debsign", f"-k{key}", "--re-sign", str(f))


def gh_request(method, url, data=None, content_type="application/json"):
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        raise SystemExit("--attach needs GITHUB_TOKEN")
    req = urllib.request.Request(url, data=data, method=method, headers={
        "Authorization": f"Bearer {token}",
        "Accept": "application/vnd.github+json",
        "Content-Type": content_type,
    })
    with urllib.request.urlopen(req, timeout=120) as resp:
        return json.loads(resp.read() or b"null")


def origin_slug():
    url = sh("git", "remote", "get-url", "origin", capture=True)
    m = re.search(r"github\.com[:/]([\w.-]+/[\w.-]+?)(?:\.git)?$", url)
    if not m:
        raise SystemExit("origin is not a GitHub remote")
    return m.group(1)


def attach(version, files):
    slug = origin_slug()
    rel = gh_request("GET", f"{GH_API}/repos/{slug}/releases/tags/v{version}")
    names = {a["name"] for a in rel.get("assets", [])}
    for f in files:
        if f.name in names:
            print(f"already attached: {f.name}")
            continue
        gh_request("POST", f"{GH_UPLOADS}/repos/{slug}/releases/{rel['id']}/assets?name={f.name}",
                   data=f.read_bytes(), content_type="application/octet-stream")
        print(f"attached {f.name}")


def main():
    ap = argparse.ArgumentParser(description="Debian release helper")
    ap.add_argument("version")
    ap.add_argument("--sign", action="store_true")
    ap.add_argument("--attach", action="store_true")
    ap.add_argument("--skip-build", action="store_true")
    args = ap.parse_args()
    if not VERSION_RE.match(args.version):
        raise SystemExit("version must look like 2.3.1 or 2.3.1~rc1")
    ensure_clean()
    update_changelog(args.version)
    if not args.skip_build:
        build()
    files = collect()
    lintian(files)
    summary(files)
    if args.sign:
        debsign(files)
    sums = checksums(files)
    print(sums.read_text())
    sh("git", "tag", "-f", "-a", f"v{args.version}", "-m", f"{PKG} {args.version}")
    if args.attach:
        attach(args.version, files + [sums])
    print("next: git push origin HEAD --follow-tags")
    return 0


if __name__ == "__main__":
    sys.exit(main())
