#!/usr/bin/env python3
"""Publish the project's documentation build to IPFS.

The docs are public (they are also on the website); we mirror each release on IPFS so
the archive partners can pin it. Steps:

  1. refuse unless the directory is build/site inside this repository and contains no
     dotfiles, .env, keys or anything matched by config/ipfs-exclude.txt
  2. `ipfs add -r --cid-version 1` through the local daemon's HTTP API (127.0.0.1:5001)
  3. pin it locally with a name derived from the git tag
  4. optionally (--publish) update the IPNS name "project-docs" to the new CID
  5. check the gateway at ipfs.io can fetch index.html (may take minutes the first time)

Without --publish the IPNS record is left untouched.
"""
import argparse
import fnmatch
import json
import subprocess
import sys
import time
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parents[1]
SITE = REPO / "build" / "site"
EXCLUDES = REPO / "config" / "ipfs-exclude.txt"
API = "http://127.0.0.1:5001/api/v0"
GATEWAY = "https://ipfs.io/ipfs/"
IPNS_KEY = "project-docs"
NEVER_PUBLISH = [".*", "*.pem", "*.key", "*.env", "id_*", "*.sqlite", "*secret*", "*token*"]


def git(*args):
    return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True,
                          check=True).stdout.strip()


def load_patterns():
    patterns = list(NEVER_PUBLISH)
    if EXCLUDES.exists():
        patterns += [ln.strip() for ln in EXCLUDES.read_text().splitlines()
                     if ln.strip() and not ln.startswith("#")]
    return patterns


def audit_tree(root: Path, patterns):
    """Return offending paths; the publish is public and permanent, so be strict."""
    bad = []
    for path in root.rglob("*"):
        rel = path.relative_to(root)
        for part in rel.parts:
            if any(fnmatch.fnmatch(part, pat) for pat in patterns):
                bad.append(str(rel))
                break
    return bad


def api(endpoint, params=None, files=None, timeout=120):
    resp = requests.post(f"{API}/{endpoint}", params=params, files=files, timeout=timeout)
    resp.raise_for_status()
    return resp


def daemon_ok():
    try:
        return api("id", timeout=5).json().get("ID")
    except requests.RequestException:
        return None


def add_directory(root: Path):
    """Add with the CLI (handles directory wrapping and large trees better than multipart)."""
    argv = ["ipfs", "--api", "/ip4/127.0.0.1/tcp/5001", "add", "-r", "-Q", "--cid-version", "1",
            "--pin=false", str(root)]
    out = subprocess.run(argv, capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


def verify_listing(cid, root: Path):
    """Compare the top-level entries of the added DAG with the local folder."""
    resp = api("ls", params={"arg": cid, "resolve-type": "false"}, timeout=120).json()
    remote = {link["Name"] for obj in resp.get("Objects", []) for link in obj.get("Links", [])}
    local = {p.name for p in root.iterdir()}
    missing = sorted(local - remote)
    extra = sorted(remote - local)
    if missing or extra:
        raise SystemExit(f"listing mismatch for {cid}: missing={missing} extra={extra}")
    return len(remote)


def previous_release():
    ledger = REPO / "build" / "ipfs-pins.json"
    if not ledger.exists():
        return None
    data = json.loads(ledger.read_text())
    if not data:
        return None
    name = max(data, key=lambda k: data[k]["pinned_at"])
    return name, data[name]["cid"]


def pin(cid, name):
    api("pin/add", params={"arg": cid, "progress": "false"}, timeout=600)
    # the pin name is kept in our own file; kubo pins have no labels on older daemons
    ledger = REPO / "build" / "ipfs-pins.json"
    data = json.loads(ledger.read_text()) if ledger.exists() else {}
    data[name] = {"cid": cid, "pinned_at": time.strftime("%Y-%m-%dT%H:%M:%S")}
    tmp = ledger.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True))
    tmp.replace(ledger)


def publish(cid):
    keys = api("key/list").json().get("Keys", [])
    if not any(k["Name"] == IPNS_KEY for k in keys):
        raise SystemExit(f"IPNS key {IPNS_KEY!r} missing; create it once with: ipfs key gen {IPNS_KEY}")
    res = api("name/publish", params={"arg": f"/ipfs/{cid}", "key": IPNS_KEY, "lifetime": "72h"},
              timeout=300).json()
    return res.get("Name")


def gateway_check(cid, attempts=6):
    url = f"{GATEWAY}{cid}/index.html"
    delay = 10
    for i in range(attempts):
        try:
            r = requests.head(url, timeout=60, allow_redirects=True)
            if r.status_code == 200:
                return True
        except requests.RequestException:
            pass
        print(f"  gateway not ready ({i + 1}/{attempts}), waiting {delay}s")
        time.sleep(delay)
        delay = min(delay * 2, 120)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", type=Path, default=SITE)
    ap.add_argument("--publish", action="store_true", help="update the IPNS name")
    ap.add_argument("--skip-gateway", action="store_true")
    args = ap.parse_args()

    site = args.site.resolve()
    if site != SITE.resolve():
        sys.exit(f"only {SITE.relative_to(REPO)} may be published, not {args.site}")
    if not (site / "index.html").exists():
        sys.exit("build/site has no index.html; run `make docs` first")
    offending = audit_tree(site, load_patterns())
    if offending:
        print("refusing to publish, these files match the exclude list:")
        print("\n".join(f"  {p}" for p in offending[:50]))
        return 2
    if git("status", "--porcelain", "--", "docs"):
        sys.exit("docs/ has uncommitted changes; publish from a clean tag")
    tag = git("describe", "--tags", "--always")
    peer = daemon_ok()
    if not peer:
        sys.exit("IPFS daemon not reachable on 127.0.0.1:5001 (start it with `ipfs daemon`)")
    print(f"daemon {peer[:16]}..., publishing docs for {tag}")

    prev = previous_release()
    cid = add_directory(site)
    entries = verify_listing(cid, site)
    if prev and prev[1] == cid:
        print(f"content unchanged since {prev[0]} ({cid}); nothing new to pin")
        return 0
    pin(cid, f"docs-{tag}")
    print(f"added and pinned {cid} ({entries} top-level entries)")
    if args.publish:
        name = publish(cid)
        print(f"IPNS /ipns/{name} -> /ipfs/{cid}")
    else:
        print("IPNS not updated (pass --publish for a release)")
    if not args.skip_gateway:
        print("gateway:", "ok" if gateway_check(cid) else "not reachable yet (retry later)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
