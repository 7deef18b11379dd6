#!/usr/bin/env python3
"""Localisation pipeline: extract, merge, compile and (optionally) sync with Crowdin.

    python3 tools/l10n.py extract     # xgettext -> po/messages.pot
    python3 tools/l10n.py merge       # msgmerge every po/<lang>.po
    python3 tools/l10n.py compile     # msgfmt -> src/app/locale/<lang>/LC_MESSAGES/app.mo
    python3 tools/l10n.py stats
    python3 tools/l10n.py push|pull   # Crowdin API v2 with CROWDIN_TOKEN

Only files inside po/ and src/app/locale/ are written.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PO_DIR = ROOT / "po"
LOCALE_DIR = ROOT / "src" / "app" / "locale"
POT = PO_DIR / "messages.pot"
CONFIG = ROOT / "l10n.json"
CROWDIN_API = "https://api.crowdin.com/api/v2"

DEFAULTS = {
    "domain": "app",
    "languages": ["de", "fr", "es", "pt_BR", "ja"],
    "sources": ["src/app/**/*.py", "src/app/templates/**/*.html"],
    "keywords": ["_", "gettext", "ngettext:1,2", "pgettext:1c,2", "lazy_gettext"],
    "crowdin_project_id": None,
}


def config():
    cfg = dict(DEFAULTS)
    if CONFIG.exists():
        cfg.update(json.loads(CONFIG.read_text()))
    return cfg


def run(argv, **kw):
    print("+", " ".join(str(a) for a in argv))
    return subprocess.run([str(a) for a in argv], check=True, **kw)


def source_files(cfg):
    files = []
    for pattern in cfg["sources"]:
        files.extend(sorted(glob.glob(str(ROOT / pattern), recursive=True)))
    return [os.path.relpath(f, ROOT) for f in files]


def extract(cfg):
    files = source_files(cfg)
    if not files:
        raise SystemExit("no source files matched")
    PO_DIR.mkdir(exist_ok=True)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(files) + "\n")
        list_path = listing.name
    try:
        argv = ["xgettext", "--from-code=UTF-8", "--add-comments=Translators:",
                "--sort-by-file", "--package-name", cfg["domain"],
                "-o", POT, "-f", list_path, "-L", "Python"]
        for kw in cfg["keywords"]:
            argv.append(f"--keyword={kw}")
        run(argv, cwd=ROOT)
    finally:
        os.unlink(list_path)
    text = POT.read_text()
    text = re.sub(r'"POT-Creation-Date: .*?\\n"\n', "", text)
    POT.write_text(text)
    print(f"{text.count('msgid ') - 1} messages in {POT.relative_to(ROOT)}")


def merge(cfg):
    for lang in cfg["languages"]:
        po = PO_DIR / f"{lang}.po"
        if po.exists():
            run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-fuzzy-matching", po, POT])
        else:
            run(["msginit", "--no-translator", "--locale", lang, "-i", POT, "-o", po])


def compile_all(cfg):
    failures = 0
    for lang in cfg["languages"]:
        po = PO_DIR / f"{lang}.po"
        if not po.exists():
            continue
        out_dir = LOCALE_DIR / lang / "LC_MESSAGES"
        out_dir.mkdir(parents=True, exist_ok=True)
        try:
            run(["msgfmt", "--check", "--statistics", "-o", out_dir / f"{cfg['domain']}.mo", po])
        except subprocess.CalledProcessError:
            failures += 1
    stale = [d for d in LOCALE_DIR.iterdir() if d.is_dir() and d.name not in cfg["languages"]] if LOCALE_DIR.exists() else []
    for d in stale:
        print(f"removing stale compiled locale {d.relative_to(ROOT)}")
        shutil.rmtree(d)
    if failures:
        raise SystemExit(f"{failures} catalog(s) failed to compile")


def stats(cfg):
    for lang in cfg["languages"]:
        po = PO_DIR / f"{lang}.po"
        if not po.exists():
            print(f"{lang:6} missing")
            continue
        res = subprocess.run(["msgfmt", "--statistics", "-o", os.devnull, str(po)],
                             capture_output=True, text=True)
        print(f"{lang:6} {res.stderr.strip()}")


def crowdin_request(method, path, token, body=None, raw=None, headers=None):
    url = CROWDIN_API + path
    hdrs = {"Authorization": f"Bearer {token}"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        hdrs["Content-Type"] = "application/json"
    elif raw is not None:
        data = raw
    hdrs.update(headers or {})
    req = urllib.request.Request(url, data=data, method=method, headers=hdrs)
    with urllib.request.urlopen(req, timeout=60) as resp:
        payload = resp.read()
    return json.loads(payload) if payload else {}


def crowdin_token():
    token = os.environ.get("CROWDIN_TOKEN")
    if not token:
        raise SystemExit("CROWDIN_TOKEN is not set")
    return token


def push(cfg):
    token = crowdin_token()
    project = cfg["crowdin_project_id"] or raise_missing()
    storage = crowdin_request(
        "POST", "/storages", token, raw=POT.read_bytes(),
        headers={"Crowdin-API-FileName": POT.name, "Content-Type": "application/octet-stream"},
    )
    storage_id = storage["data"]["id"]
    files = crowdin_request("GET", f"/projects/{project}/files?limit=500", token)
    existing = {f["data"]["name"]: f["data"]["id"] for f in files.get("data", [])}
    if POT.name in existing:
        crowdin_request("PUT", f"/projects/{project}/files/{existing[POT.name]}", token,
                        body={"storageId": storage_id})
    else:
        crowdin_request("POST", f"/projects/{project}/files", token,
                        body={"storageId": storage_id, "name": POT.name})
    print("source catalog uploaded to Crowdin")


def pull(cfg):
    token = crowdin_token()
    project = cfg["crowdin_project_id"] or raise_missing()
    for lang in cfg["languages"]:
        crowdin_lang = lang.replace("_", "-")
        build = crowdin_request("POST", f"/projects/{project}/translations/exports", token,
                                body={"targetLanguageId": crowdin_lang, "format": "gettext"})
        url = build["data"]["url"]
        if not url.startswith("https://"):
            raise SystemExit("unexpected export url")
        with urllib.request.urlopen(url, timeout=120) as resp:
            (PO_DIR / f"{lang}.po").write_bytes(resp.read())
        print(f"pulled {lang}")


def raise_missing():
    raise SystemExit("crowdin_project_id missing in l10n.json")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("step", choices=["extract", "merge", "compile", "stats", "push", "pull", "all"])
    args = ap.parse_args()
    cfg = config()
    steps = {
        "extract": [extract], "merge": [merge], "compile": [compile_all],
        "stats": [stats], "push": [push], "pull": [pull],
        "all": [extract, merge, compile_all, stats],
    }[args.step]
    for step in steps:
        step(cfg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
