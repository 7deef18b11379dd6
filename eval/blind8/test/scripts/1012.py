#!/usr/bin/env python3
"""Delete old image tags from our Docker Hub repository, keeping the newest N."""
import argparse
import json
import logging
import os
import sys
import urllib.request

log = logging.getLogger("hub-prune")
HUB = "https://hub.docker.com/v2"


def call(method, url, token=None, body=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=20) as resp:
        raw = resp.read()
        return json.loads(raw) if raw else None


def login(user, pat):
    return call("POST", f"{HUB}/users/login", body={"username": user, "password": pat})["token"]


def tags(repo, token):
    url = f"{HUB}/repositories/{repo}/tags?page_size=100&ordering=last_updated"
    out = []
    while url:
        page = call("GET", url, token)
        out.extend(page["results"])
        url = page.get("next")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", help="namespace/name")
    ap.add_argument("--keep", type=int, default=20)
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    user, pat = os.environ.get("DOCKERHUB_USER"), os.environ.get("DOCKERHUB_TOKEN")
    if not user or not pat:
        log.error("DOCKERHUB_USER and DOCKERHUB_TOKEN are required")
        return 2
    token = login(user, pat)
    all_tags = tags(args.repo, token)
    protected = {"latest", "stable"}
    doomed = [t for t in all_tags[args.keep:] if t["name"] not in protected]
    for t in doomed:
        log.info("%s %s %s", "delete" if args.apply else "would delete", t["name"], t["last_updated"])
        if args.apply:
            call("DELETE", f"{HUB}/repositories/{args.repo}/tags/{t['name']}", token)
    log.info("%d of %d tags %s", len(doomed), len(all_tags), "deleted" if args.apply else "selected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
