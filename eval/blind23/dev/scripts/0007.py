#!/usr/bin/env python3
"""Log docker in to the container registry configured for this project.

Reads ``deploy/registry.toml`` to learn *which* registry the project pushes to,
picks the matching credential from the environment or the project's ``.env`` file
and hands it to ``docker login --password-stdin``.  The secret never appears on a
command line, in the process list or in our output (only a masked form is shown).

    tools/registry_login.py              # login to the configured registry
    tools/registry_login.py --check      # only verify an existing login works
    tools/registry_login.py --logout
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "registry.toml"
DOTENV = ROOT / ".env"

# registry host -> (env var with user, env var with secret, token check endpoint)
KNOWN_REGISTRIES = {
    "ghcr.io": ("GHCR_USER", "CR_PAT", "https://api.github.com/user"),
    "registry-1.docker.io": ("DOCKERHUB_USER", "DOCKERHUB_TOKEN", None),
    "registry.gitlab.com": ("CI_REGISTRY_USER", "CI_REGISTRY_PASSWORD", None),
}


class LoginError(RuntimeError):
    pass


def mask(secret: str) -> str:
    if len(secret) <= 8:
        return "*" * len(secret)
    return f"{secret[:4]}{'*' * (len(secret) - 8)}{secret[-4:]}"


def read_dotenv(path: Path) -> dict[str, str]:
    result: dict[str, str] = {}
    if not path.exists():
        return result
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):]
        key, sep, value = line.partition("=")
        if not sep:
            continue
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        result[key.strip()] = value
    return result


def load_config() -> dict:
    if not CONFIG.exists():
        raise LoginError(f"{CONFIG.relative_to(ROOT)} not found")
    with CONFIG.open("rb") as fh:
        cfg = tomllib.load(fh)
    registry = cfg.get("registry", {})
    host = registry.get("host")
    if host not in KNOWN_REGISTRIES:
        raise LoginError(f"registry host {host!r} is not one this helper knows how to log in to")
    return registry


def credentials(host: str) -> tuple[str, str]:
    user_var, secret_var, _ = KNOWN_REGISTRIES[host]
    env = {**read_dotenv(DOTENV), **os.environ}
    user = env.get(user_var, "")
    secret = env.get(secret_var, "")
    if not user or not secret:
        raise LoginError(f"set {user_var} and {secret_var} in the environment or .env")
    return user, secret


def verify_github_token(secret: str, endpoint: str) -> str:
    req = urllib.request.Request(endpoint, headers={
        "Authorization": f"Bearer {secret}",
        "Accept": "application/vnd.github+json",
    })
    try:
        with urllib.request.urlopen(req, timeout=15) as resp:
            scopes = resp.headers.get("X-OAuth-Scopes", "")
            login = json.load(resp).get("login", "?")
    except urllib.error.HTTPError as exc:
        raise LoginError(f"token rejected by GitHub: HTTP {exc.code}") from None
    if scopes and "write:packages" not in scopes:
        raise LoginError(f"token for {login} lacks write:packages (has: {scopes})")
    return login


def docker_login(host: str, user: str, secret: str, attempts: int = 3) -> None:
    if shutil.which("docker") is None:
        raise LoginError("docker CLI not found")
    for attempt in range(1, attempts + 1):
        proc = subprocess.run(
            ["docker", "login", host, "--username", user, "--password-stdin"],
            input=secret, text=True, capture_output=True, check=False,
        )
        if proc.returncode == 0:
            print(f"logged in to {host} as {user}")
            return
        err = proc.stderr.replace(secret, mask(secret)).strip()
        print(f"attempt {attempt}/{attempts} failed: {err}", file=sys.stderr)
        time.sleep(2 * attempt)
    raise LoginError(f"docker login to {host} failed")


def existing_login(host: str) -> str | None:
    cfg = Path(os.environ.get("DOCKER_CONFIG", Path.home() / ".docker")) / "config.json"
    if not cfg.exists():
        return None
    data = json.loads(cfg.read_text())
    entry = data.get("auths", {}).get(host)
    if entry is None:
        return None
    if "auth" in entry:
        user = base64.b64decode(entry["auth"]).decode().split(":", 1)[0]
        return user
    return f"(credential helper: {data.get('credsStore', 'unknown')})"


def warn_plaintext_store(host: str) -> None:
    """docker falls back to base64 in config.json when no credential helper is set."""
    cfg = Path(os.environ.get("DOCKER_CONFIG", Path.home() / ".docker")) / "config.json"
    if not cfg.exists():
        return
    try:
        data = json.loads(cfg.read_text())
    except json.JSONDecodeError:
        print(f"warning: {cfg} is not valid JSON", file=sys.stderr)
        return
    helpers = data.get("credHelpers", {})
    if host in helpers or data.get("credsStore"):
        return
    print(
        "note: docker stores this login base64-encoded in ~/.docker/config.json;\n"
        "      consider installing docker-credential-secretservice / -osxkeychain",
        file=sys.stderr,
    )


def check_gitignore() -> None:
    """Refuse to continue if .env would be committed."""
    if not DOTENV.exists():
        return
    proc = subprocess.run(["git", "check-ignore", "-q", str(DOTENV)], cwd=ROOT, check=False)
    if proc.returncode != 0:
        raise LoginError(".env is not ignored by git; add it to .gitignore first")


def main() -> int:
    parser = argparse.ArgumentParser(description="log in to this project's registry")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--logout", action="store_true")
    parser.add_argument("--skip-verify", action="store_true")
    args = parser.parse_args()

    try:
        registry = load_config()
        host = registry["host"]
        if args.logout:
            subprocess.run(["docker", "logout", host], check=False)
            return 0
        if args.check:
            who = existing_login(host)
            print(f"{host}: {'logged in as ' + who if who else 'not logged in'}")
            return 0 if who else 1
        check_gitignore()
        user, secret = credentials(host)
        print(f"using {KNOWN_REGISTRIES[host][1]}={mask(secret)} for {user}@{host}")
        endpoint = KNOWN_REGISTRIES[host][2]
        if endpoint and not args.skip_verify:
            login = verify_github_token(secret, endpoint)
            print(f"token belongs to {login}")
        docker_login(host, user, secret)
        warn_plaintext_store(host)
        namespace = registry.get("namespace")
        if namespace:
            print(f"images will be pushed under {host}/{namespace}")
    except LoginError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
