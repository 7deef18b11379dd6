#!/usr/bin/env python3
"""Export the Godot game for every preset in export_presets.cfg.

- Reads the presets, builds each with `godot --headless --export-release`
- Zips every platform folder into dist/ with a manifest of checksums
- Optionally uploads the zips to a GitHub release (needs --upload and GITHUB_TOKEN)

The build/ folder is ours and is wiped at the start of every run.
"""
import argparse
import configparser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
BUILD = PROJECT / "build"
DIST = PROJECT / "dist"
PRESETS = PROJECT / "export_presets.cfg"
GODOT = os.environ.get("GODOT_BIN", "godot")
REPO_SLUG = "harbor-games/sky-ferry"
API = "https://api.github.com"
UPLOADS = "https://uploads.github.com"


def read_presets():
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(PRESETS, encoding="utf-8")
    presets = []
    for section in parser.sections():
        if not section.startswith("preset.") or section.count(".") != 1:
            continue
        item = parser[section]
        name = item.get("name", "").strip('"')
        path = item.get("export_path", "").strip('"')
        if name and path:
            presets.append({"name": name, "export_path": path, "platform": item.get("platform", "").strip('"')})
    return presets


def version_from_project():
    text = (PROJECT / "project.godot").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("config/version="):
            return line.split("=", 1)[1].strip('"')
    return "0.0.0-dev"


def export(preset):
    out = BUILD / preset["platform"].lower().replace(" ", "_") / Path(preset["export_path"]).name
    out.parent.mkdir(parents=True, exist_ok=True)
    argv = [GODOT, "--headless", "--path", str(PROJECT), "--export-release", preset["name"], str(out)]
    print("+", " ".join(argv), flush=True)
    result = subprocess.run(argv, capture_output=True, text=True)
    if result.returncode != 0 or not out.exists():
        sys.stderr.write(result.stdout[-2000:])
        sys.stderr.write(result.stderr[-2000:])
        raise SystemExit(f"export of {preset['name']} failed")
    return out.parent


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def package(folder, version):
    DIST.mkdir(exist_ok=True)
    archive = DIST / f"sky-ferry-{version}-{folder.name}.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for file in sorted(folder.rglob("*")):
            if file.is_file():
                zf.write(file, file.relative_to(folder))
    return archive


def write_manifest(archives, version):
    manifest = {
        "version": version,
        "files": {a.name: {"sha256": sha256(a), "bytes": a.stat().st_size} for a in archives},
    }
    path = DIST / "manifest.json"
    path.write_text(json.dumps(manifest, indent=2) + "\n")
    return path


def github(method, url, token, data=None, content_type="application/json"):
    headers = {
        "Authorization": f"Bearer {token}",
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
    }
    if data is not None:
        headers["Content-Type"] = content_type
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=120) as resp:
        body = resp.read()
    return json.loads(body) if body else {}


def find_or_create_release(token, version):
    tag = f"v{version}"
    try:
        return github("GET", f"{API}/repos/{REPO_SLUG}/releases/tags/{tag}", token)
    except urllib.error.HTTPError as exc:
        if exc.code != 404:
            raise
    body = json.dumps({"tag_name": tag, "name": tag, "draft": True}).encode()
    return github("POST", f"{API}/repos/{REPO_SLUG}/releases", token, body)


def upload(archives, manifest, version):
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        raise SystemExit("GITHUB_TOKEN is not set; cannot upload")
    release = find_or_create_release(token, version)
    existing = {a["name"] for a in release.get("assets", [])}
    for path in [*archives, manifest]:
        if path.name in existing:
            print(f"skip {path.name}: already on the release")
            continue
        url = f"{UPLOADS}/repos/{REPO_SLUG}/releases/{release['id']}/assets?name={path.name}"
        github("POST", url, token, path.read_bytes(), "application/octet-stream")
        print(f"uploaded {path.name}")
    print(f"draft release: {release.get('html_url')}")


def check_templates():
    """Export templates must match the editor version or the export is silently broken."""
    result = subprocess.run([GODOT, "--headless", "--version"], capture_output=True, text=True)
    editor = result.stdout.strip().split(".stable")[0]
    templates = Path.home() / ".local" / "share" / "godot" / "export_templates"
    if not templates.exists():
        print(f"warning: no export templates under {templates}")
        return
    installed = sorted(p.name for p in templates.iterdir())
    if not any(name.startswith(editor) for name in installed):
        print(f"warning: editor {editor} but templates {installed}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", action="append", help="preset name to export (repeatable)")
    parser.add_argument("--upload", action="store_true", help="upload to the draft GitHub release")
    parser.add_argument("--keep-build", action="store_true")
    args = parser.parse_args()

    if shutil.which(GODOT) is None:
        raise SystemExit(f"{GODOT} not on PATH (set GODOT_BIN)")
    presets = read_presets()
    if args.only:
        presets = [p for p in presets if p["name"] in args.only]
    if not presets:
        raise SystemExit("no presets selected")

    version = version_from_project()
    if BUILD.exists():
        shutil.rmtree(BUILD)
    BUILD.mkdir()

    archives = []
    for preset in presets:
        folder = export(preset)
        archives.append(package(folder, version))
        print(f"packaged {archives[-1].name}")
    manifest = write_manifest(archives, version)

    if args.upload:
        upload(archives, manifest, version)
    else:
        print("built only; pass --upload to publish the draft release")

    if not args.keep_build:
        shutil.rmtree(BUILD, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
