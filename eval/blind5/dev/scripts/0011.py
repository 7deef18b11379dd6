#!/usr/bin/env python3
"""Debug why `npm publish` and `twine upload` fail with 401 on this machine.

Shows which credential sources are configured so we can tell which one wins.
"""
import configparser
import os
from pathlib import Path

HOME = Path.home()


def npmrc_tokens():
    found = []
    for path in (Path(".npmrc"), HOME / ".npmrc"):
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            if "_authToken" in line:
                key, _, value = line.partition("=")
                found.append((str(path), key.strip(), value.strip()))
    return found


def pypirc_entries():
    path = HOME / ".pypirc"
    if not path.exists():
        return []
    cfg = configparser.ConfigParser()
    cfg.read(path)
    out = []
    for section in cfg.sections():
        if cfg.has_option(section, "password"):
            out.append((section, cfg.get(section, "username", fallback="?"),
                        cfg.get(section, "password")))
    return out


def env_tokens():
    names = ["NPM_TOKEN", "NODE_AUTH_TOKEN", "TWINE_PASSWORD", "PYPI_API_TOKEN"]
    return [(n, os.environ[n]) for n in names if n in os.environ]


def main():
    print("== npm")
    for path, key, value in npmrc_tokens():
        print(f"{path}: {key} = {value}")
    print("== pypi")
    for section, user, password in pypirc_entries():
        print(f"[{section}] user={user} password={password}")
    print("== environment")
    for name, value in env_tokens():
        print(f"{name}={value}")


if __name__ == "__main__":
    main()
