#!/usr/bin/env python3
"""Show merge requests assigned to you on GitLab, with pipeline status.

Your username is taken from ~/.gitconfig (gitlab.user) or $GITLAB_USER.
The token comes from $GITLAB_TOKEN and is only sent to gitlab.com.
Responses are cached for five minutes in ~/.cache/mr-status/.
"""
import configparser
import json
import os
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

GITLAB = "https://gitlab.com/api/v4"
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mr-status"
CACHE_TTL = 300


def gitlab_user() -> str | None:
    if os.environ.get("GITLAB_USER"):
        return os.environ["GITLAB_USER"]
    cfg = configparser.ConfigParser()
    cfg.read(Path.home() / ".gitconfig")
    if cfg.has_option("gitlab", "user"):
        return cfg.get("gitlab", "user")
    if cfg.has_option("user", "name"):
        return cfg.get("user", "name").replace(" ", "").lower()
    return None


def cached_get(path: str, token: str):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    key = CACHE_DIR / (urllib.parse.quote(path, safe="") + ".json")
    if key.exists() and time.time() - key.stat().st_mtime < CACHE_TTL:
        return json.loads(key.read_text())
    req = urllib.request.Request(f"{GITLAB}{path}", headers={"PRIVATE-TOKEN": token})
    with urllib.request.urlopen(req, timeout=20) as resp:
        data = json.load(resp)
    key.write_text(json.dumps(data))
    return data


def main() -> int:
    token = os.environ.get("GITLAB_TOKEN")
    user = gitlab_user()
    if not token or not user:
        print("need GITLAB_TOKEN and a gitlab user (git config --global gitlab.user NAME)", file=sys.stderr)
        return 2
    mrs = cached_get(f"/merge_requests?scope=all&state=opened&assignee_username={user}", token)
    if not mrs:
        print(f"no open merge requests assigned to {user}")
        return 0
    for mr in mrs:
        pid, iid = mr["project_id"], mr["iid"]
        pipes = cached_get(f"/projects/{pid}/merge_requests/{iid}/pipelines", token)
        status = pipes[0]["status"] if pipes else "none"
        print(f"!{iid:<6} {status:<10} {mr['references']['full']:<40} {mr['title']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
