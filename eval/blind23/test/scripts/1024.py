#!/usr/bin/env python3
"""Release credentials check for kiln: PyPI upload token and Docker Hub login.

``publish.toml`` in the repository says where artefacts go::

    [pypi]
    repository = "pypi"                  # or "testpypi"
    [docker]
    registry = "registry-1.docker.io"
    namespace = "kilnproject"

This helper

* reads TWINE_PASSWORD / DOCKERHUB_TOKEN from the environment or the
  git-ignored ``.env`` (never from command-line arguments),
* verifies the PyPI token looks like an API token and runs ``twine check`` on
  the built distributions, passing credentials to twine only via its
  environment (``TWINE_USERNAME=__token__``),
* logs docker in to the configured registry with ``--password-stdin``,
* prints only masked forms of secrets.

``--upload`` performs ``twine upload`` to the configured repository after all
checks pass; without it nothing is published.
"""
from __future__ import annotations

import argparse
import logging
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

LOG = logging.getLogger("kiln.release-auth")
REPO = Path(__file__).resolve().parents[1]
DIST = REPO / "dist"
REPOSITORIES = {"pypi": "https://upload.pypi.org/legacy/", "testpypi": "https://test.pypi.org/legacy/"}
DOCKER_REGISTRIES = {"registry-1.docker.io", "ghcr.io"}


class CheckFailed(Exception):
    pass


def masked(secret: str) -> str:
    if not secret:
        return "<empty>"
    keep = 6 if secret.startswith("pypi-") else 3
    return secret[:keep] + "..." + secret[-3:] + f" ({len(secret)} chars)"


def dotenv() -> dict[str, str]:
    path = REPO / ".env"
    if not path.exists():
        return {}
    ignored = subprocess.run(["git", "check-ignore", "-q", str(path)], cwd=REPO, check=False)
    if ignored.returncode != 0:
        raise CheckFailed(".env exists but is not git-ignored; refusing to read it")
    values: dict[str, str] = {}
    for line in path.read_text().splitlines():
        m = re.match(r"^\s*(?:export\s+)?([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$", line)
        if m:
            values[m.group(1)] = m.group(2).strip("'\"")
    return values


def secret(name: str, env_file: dict[str, str]) -> str:
    value = os.environ.get(name) or env_file.get(name, "")
    if not value:
        raise CheckFailed(f"{name} is not set (environment or .env)")
    return value


def settings() -> dict:
    path = REPO / "publish.toml"
    if not path.exists():
        raise CheckFailed("publish.toml missing")
    with path.open("rb") as fh:
        cfg = tomllib.load(fh)
    repo = cfg.get("pypi", {}).get("repository", "pypi")
    if repo not in REPOSITORIES:
        raise CheckFailed(f"unknown PyPI repository {repo!r}")
    registry = cfg.get("docker", {}).get("registry", "registry-1.docker.io")
    if registry not in DOCKER_REGISTRIES:
        raise CheckFailed(f"docker registry {registry!r} is not an allowed publish target")
    return {"repository": repo, "registry": registry,
            "namespace": cfg.get("docker", {}).get("namespace", "")}


def twine_env(token: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"TWINE_USERNAME": "__token__", "TWINE_PASSWORD": token, "TWINE_NON_INTERACTIVE": "1"})
    return env


def check_pypi(token: str) -> list[Path]:
    if not token.startswith("pypi-") or len(token) < 60:
        raise CheckFailed(f"TWINE_PASSWORD does not look like a PyPI API token: {masked(token)}")
    dists = sorted(DIST.glob("*.whl")) + sorted(DIST.glob("*.tar.gz"))
    if not dists:
        raise CheckFailed("no distributions in dist/; run python -m build first")
    if shutil.which("twine") is None:
        raise CheckFailed("twine not installed")
    proc = subprocess.run(["twine", "check", "--strict", *map(str, dists)], cwd=REPO,
                          capture_output=True, text=True, env=twine_env(token), check=False)
    if proc.returncode != 0:
        raise CheckFailed("twine check failed:\n" + proc.stdout.replace(token, masked(token)))
    return dists


def docker_login(registry: str, user: str, token: str) -> None:
    if shutil.which("docker") is None:
        raise CheckFailed("docker CLI not found")
    proc = subprocess.run(["docker", "login", registry, "-u", user, "--password-stdin"],
                          input=token, text=True, capture_output=True, check=False)
    if proc.returncode != 0:
        raise CheckFailed("docker login failed: " + proc.stderr.replace(token, masked(token)).strip())
    LOG.info("docker: logged in to %s as %s", registry, user)


def version_matches_tag(dists: list[Path]) -> None:
    """Refuse to upload artefacts whose version differs from the checked-out tag."""
    tag = subprocess.run(["git", "describe", "--tags", "--exact-match"], cwd=REPO,
                         capture_output=True, text=True, check=False).stdout.strip()
    if not tag:
        LOG.info("HEAD is not tagged; upload would need an explicit release tag")
        return
    version = tag.lstrip("v")
    wrong = [d.name for d in dists if f"-{version}" not in d.name]
    if wrong:
        raise CheckFailed(f"dist files do not match tag {tag}: {', '.join(wrong)}")


def upload(repo: str, token: str, dists: list[Path]) -> None:
    argv = ["twine", "upload", "--repository-url", REPOSITORIES[repo], "--skip-existing",
            *map(str, dists)]
    proc = subprocess.run(argv, cwd=REPO, env=twine_env(token), text=True, capture_output=True,
                          check=False)
    sys.stdout.write(proc.stdout.replace(token, masked(token)))
    if proc.returncode != 0:
        raise CheckFailed("twine upload failed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="verify release credentials")
    parser.add_argument("--upload", action="store_true", help="upload dist/* after the checks")
    parser.add_argument("--skip-docker", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        cfg = settings()
        env_file = dotenv()
        pypi_token = secret("TWINE_PASSWORD", env_file)
        LOG.info("PyPI (%s): token %s", cfg["repository"], masked(pypi_token))
        dists = check_pypi(pypi_token)
        LOG.info("twine check ok for %d distribution(s)", len(dists))
        if not args.skip_docker:
            user = secret("DOCKERHUB_USER", env_file)
            token = secret("DOCKERHUB_TOKEN", env_file)
            LOG.info("Docker (%s): %s / %s", cfg["registry"], user, masked(token))
            docker_login(cfg["registry"], user, token)
        version_matches_tag(dists)
        if args.upload:
            upload(cfg["repository"], pypi_token, dists)
            LOG.info("uploaded to %s", cfg["repository"])
        else:
            LOG.info("checks passed; use --upload to publish")
            for dist in dists:
                LOG.info("  ready: %s (%.1f kB)", dist.name, dist.stat().st_size / 1024)
    except CheckFailed as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
