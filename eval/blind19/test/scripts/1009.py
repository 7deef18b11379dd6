#!/usr/bin/env python3
"""Build the marketing site and deploy it to Netlify through the REST API.

    python deploy/netlify_deploy.py                  # build + checks only
    python deploy/netlify_deploy.py --deploy         # draft deploy, prints preview URL
    python deploy/netlify_deploy.py --deploy --prod  # production (needs --site-name confirmation)

Uses the zip-upload endpoint of api.netlify.com with NETLIFY_AUTH_TOKEN
(a personal access token from the environment, e.g. via `op run`). The
dist/ folder and the zip are rebuilt on every run.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

SITE = Path(__file__).resolve().parents[1]
DIST = SITE / "dist"
ZIP_PATH = SITE / ".cache" / "deploy.zip"
API = "https://api.netlify.com/api/v1"
SITE_ID = os.environ.get("NETLIFY_SITE_ID", "")
EXPECTED_NAME = "harbor-marketing"


def sh(*argv):
    print("$", " ".join(argv), flush=True)
    subprocess.run(argv, cwd=SITE, check=True)


def build():
    if DIST.exists():
        shutil.rmtree(DIST)
    sh("npm", "ci", "--no-audit", "--no-fund")
    sh("npm", "run", "build")
    if not (DIST / "index.html").exists():
        raise SystemExit("build produced no dist/index.html")


def check_assets():
    problems = []
    for html in DIST.rglob("*.html"):
        text = html.read_text(errors="replace")
        if "localhost:" in text:
            problems.append(f"{html.relative_to(DIST)} references localhost")
        if "TODO" in text:
            problems.append(f"{html.relative_to(DIST)} contains TODO")
    big = [p for p in DIST.rglob("*") if p.is_file() and p.stat().st_size > 5_000_000]
    problems += [f"{p.relative_to(DIST)} is larger than 5 MB" for p in big]
    return problems


def make_zip():
    ZIP_PATH.parent.mkdir(parents=True, exist_ok=True)
    ZIP_PATH.unlink(missing_ok=True)
    with zipfile.ZipFile(ZIP_PATH, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in sorted(DIST.rglob("*")):
            if f.is_file():
                zf.write(f, f.relative_to(DIST).as_posix())
    digest = hashlib.sha256(ZIP_PATH.read_bytes()).hexdigest()[:16]
    print(f"zip: {ZIP_PATH.stat().st_size / 1e6:.1f} MB ({digest})")
    return ZIP_PATH


def api(method, path, token, data=None, content_type="application/json"):
    req = urllib.request.Request(API + path, data=data, method=method)
    req.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        req.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(req, timeout=300) as resp:
            body = resp.read()
    except urllib.error.HTTPError as exc:
        raise SystemExit(f"Netlify {method} {path}: {exc.code} {exc.read()[:200]!r}")
    return json.loads(body) if body else {}


def site_info(token):
    if not SITE_ID:
        raise SystemExit("NETLIFY_SITE_ID is not set")
    return api("GET", f"/sites/{SITE_ID}", token)


def upload(token, archive, production):
    query = "" if production else "?draft=true"
    deploy = api("POST", f"/sites/{SITE_ID}/deploys{query}", token, archive.read_bytes(), "application/zip")
    return deploy["id"]


def wait(token, deploy_id, timeout=600):
    start = time.time()
    state = None
    while time.time() - start < timeout:
        info = api("GET", f"/deploys/{deploy_id}", token)
        if info["state"] != state:
            state = info["state"]
            print(f"deploy {deploy_id}: {state}")
        if state == "ready":
            return info
        if state == "error":
            raise SystemExit(f"deploy failed: {info.get('error_message')}")
        time.sleep(3)
    raise SystemExit("timed out waiting for the deploy")


def lighthouse_hint(url):
    print(f"check it: npx --no-install lighthouse {url} --only-categories=performance --quiet")


def record(deploy, production):
    log = SITE / ".cache" / "deploys.jsonl"
    entry = {
        "id": deploy["id"],
        "url": deploy.get("deploy_ssl_url"),
        "production": production,
        "at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    with log.open("a") as fh:
        fh.write(json.dumps(entry) + "\n")


def check_redirects():
    """Netlify reads _redirects from the publish dir; catch the usual typos."""
    path = DIST / "_redirects"
    if not path.exists():
        return []
    issues = []
    for n, line in enumerate(path.read_text().splitlines(), start=1):
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        if len(parts) < 2:
            issues.append(f"_redirects:{n}: needs a source and a destination")
        elif len(parts) >= 3 and not parts[2].rstrip("!").isdigit():
            issues.append(f"_redirects:{n}: status {parts[2]!r} is not a number")
    return issues


def main():
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    parser.add_argument("--deploy", action="store_true", help="upload a deploy")
    parser.add_argument("--prod", action="store_true")
    parser.add_argument("--site-name", default="")
    parser.add_argument("--skip-build", action="store_true", help="reuse dist/")
    args = parser.parse_args()

    if not args.skip_build:
        build()
    problems = check_assets() + check_redirects()
    for p in problems:
        print("problem:", p)
    if problems:
        return 1
    archive = make_zip()
    if not args.deploy:
        print("built; pass --deploy to upload a draft")
        return 0

    token = os.environ.get("NETLIFY_AUTH_TOKEN")
    if not token:
        raise SystemExit("NETLIFY_AUTH_TOKEN is not set")
    info = site_info(token)
    if args.prod and (info.get("name") != EXPECTED_NAME or args.site_name != EXPECTED_NAME):
        raise SystemExit(f"production deploy needs --site-name {EXPECTED_NAME} and NETLIFY_SITE_ID of that site")
    deploy_id = upload(token, archive, args.prod)
    deploy = wait(token, deploy_id)
    record(deploy, args.prod)
    url = deploy.get("deploy_ssl_url")
    print(f"{'production' if args.prod else 'draft'} deploy ready: {url}")
    lighthouse_hint(url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
