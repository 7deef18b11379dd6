#!/usr/bin/env python3
"""Run a process with secrets from Doppler's API (service token, read-only).

CI and the dev containers have no Doppler CLI, only a read-only service token
(DOPPLER_TOKEN) scoped to one project/config. This helper downloads the
secrets from https://api.doppler.com/v3/configs/config/secrets/download with
that token, keeps them in memory, and execs the given command with them merged
into the environment.

    DOPPLER_TOKEN=dp.st.dev... python3 tools/doppler_exec.py -- pytest -q
    python3 tools/doppler_exec.py --check        # print key names only

Safety rails:
  * service tokens for prd/stg configs are refused (the token tells us its config)
  * names colliding with PATH/LD_* etc. are dropped with a warning
  * URLs in DATABASE_URL / CACHE_URL must point at localhost or compose services
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlparse

# Operational notes
# -----------------
# * Service tokens are created per config in the Doppler dashboard
#   (Project -> Config -> Access -> Service Tokens) with read access only.
#   The CI variable DOPPLER_TOKEN is masked; locally people export it in the
#   shell that runs the tests, never in a committed file.
# * `/v3/me` answers with the token's scope; we use it to refuse tokens that
#   belong to production-like configs even if someone mislabels a config.
# * Download format json keeps multi-line values (PEM keys) intact, unlike
#   the env format which needs shell quoting.
# * The child does not receive DOPPLER_TOKEN itself: it only needs the values,
#   and a leaked token would allow reading the whole config later.
# * Rate limits: 240 requests/minute per token; the retry loop honours
#   Retry-After for 429 and backs off exponentially for 5xx.
API = "https://api.doppler.com/v3"
PROTECTED = re.compile(r"^(PATH|HOME|SHELL|USER|LD_\w+|DYLD_\w+|PYTHON\w*|NODE_OPTIONS|BASH_ENV)$")
LOCAL_HOSTS = {"localhost", "127.0.0.1", "db", "postgres", "redis", "cache", "minio"}
URL_KEYS = ("DATABASE_URL", "CACHE_URL", "BROKER_URL")


class DopplerError(Exception):
    pass


def auth_header(token: str) -> str:
    raw = base64.b64encode(f"{token}:".encode()).decode()
    return f"Basic {raw}"


def api_get(path: str, token: str, params: str = "", attempts: int = 4) -> bytes:
    url = f"{API}{path}{'?' + params if params else ''}"
    req = urllib.request.Request(url, headers={"Authorization": auth_header(token), "Accept": "application/json"})
    for attempt in range(attempts):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return resp.read()
        except urllib.error.HTTPError as exc:
            if exc.code in (429, 500, 502, 503) and attempt < attempts - 1:
                time.sleep(float(exc.headers.get("Retry-After", 2 ** attempt)))
                continue
            detail = exc.read(300).decode(errors="replace")
            raise DopplerError(f"{path}: HTTP {exc.code} {detail}") from None
        except urllib.error.URLError as exc:
            if attempt == attempts - 1:
                raise DopplerError(f"{path}: {exc.reason}") from None
            time.sleep(2 ** attempt)
    raise DopplerError("unreachable")


def token_scope(token: str) -> tuple[str, str]:
    data = json.loads(api_get("/me", token))
    project = data.get("project") or data.get("workplace", {}).get("slug", "")
    config = data.get("config") or ""
    return project, config


def download(token: str) -> dict[str, str]:
    raw = api_get("/configs/config/secrets/download", token, "format=json&include_dynamic_secrets=false")
    return json.loads(raw)


def sanitize(values: dict[str, str]) -> dict[str, str]:
    clean = {}
    for key, value in values.items():
        if key.startswith("DOPPLER_"):
            continue
        if PROTECTED.match(key):
            print(f"doppler_exec: dropping protected key {key}", file=sys.stderr)
            continue
        clean[key] = value
    for key in URL_KEYS:
        if key in clean:
            host = urlparse(clean[key]).hostname or ""
            if host not in LOCAL_HOSTS:
                raise DopplerError(f"{key} points at {host}; only local services are allowed here")
    return clean


def check_config_name(config: str) -> None:
    if re.match(r"^(prd|prod|stg|staging)", config or ""):
        raise DopplerError(f"token is scoped to config {config!r}; refusing outside the deploy pipeline")


def required_keys() -> list[str]:
    """Keys the app refuses to start without; listed in config/required-env.txt."""
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "config", "required-env.txt")
    if not os.path.isfile(path):
        return []
    with open(path) as fh:
        return [line.strip() for line in fh if line.strip() and not line.startswith("#")]


def report_missing(values: dict[str, str]) -> list[str]:
    missing = [k for k in required_keys() if k not in values and k not in os.environ]
    for key in missing:
        print(f"doppler_exec: required key {key} is not set in Doppler or the environment", file=sys.stderr)
    return missing


def describe_token(token: str) -> str:
    """Service tokens look like dp.st.<config>.<random>; show only the scope part."""
    parts = token.split(".")
    return ".".join(parts[:3]) + ".***" if len(parts) > 3 else "dp.st.***"


def print_names(values: dict[str, str]) -> None:
    for key in sorted(values):
        print(key)


def exec_command(argv: list[str], values: dict[str, str]) -> None:
    env = dict(os.environ)
    env.update(values)
    env.pop("DOPPLER_TOKEN", None)  # the child does not need the token itself
    try:
        os.execvpe(argv[0], argv, env)
    except FileNotFoundError:
        raise SystemExit(f"doppler_exec: command not found: {argv[0]}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true", help="print secret names and exit")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND [ARGS...]")
    args = ap.parse_args()

    token = os.environ.get("DOPPLER_TOKEN", "")
    if not token.startswith("dp.st."):
        raise SystemExit("DOPPLER_TOKEN must be a service token (dp.st.*)")
    try:
        project, config = token_scope(token)
        check_config_name(config)
        values = sanitize(download(token))
    except DopplerError as exc:
        print(f"doppler_exec: {exc}", file=sys.stderr)
        return 2

    print(f"doppler_exec: {len(values)} secrets from {project}/{config} ({describe_token(token)})",
          file=sys.stderr)
    missing = report_missing(values)
    if args.check:
        print_names(values)
        return 1 if missing else 0
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        raise SystemExit("missing command after --")
    exec_command(command, values)
    return 0


if __name__ == "__main__":
    sys.exit(main())
