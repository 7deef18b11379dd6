#!/usr/bin/env python3
"""Bump the project version everywhere it is written down.

The polyglot repo keeps the same version in several manifests:
  - pyproject.toml            [project].version
  - clients/js/package.json   "version"
  - clients/rust/Cargo.toml   [package].version
  - clients/dotnet/Acme.Client.csproj <Version>
  - CHANGELOG.md               "## [Unreleased]" section gets a dated heading
Then commits the change on a release branch (never pushes).
"""
import argparse
import datetime
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEMVER = re.compile(r"^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$")

TARGETS = {
    "pyproject": ROOT / "pyproject.toml",
    "npm": ROOT / "clients" / "js" / "package.json",
    "cargo": ROOT / "clients" / "rust" / "Cargo.toml",
    "dotnet": ROOT / "clients" / "dotnet" / "Acme.Client.csproj",
}
CHANGELOG = ROOT / "CHANGELOG.md"


def parse(version: str) -> tuple:
    m = SEMVER.match(version)
    if not m:
        raise SystemExit(f"not a semver version: {version}")
    major, minor, patch, pre = m.groups()
    return int(major), int(minor), int(patch), pre


def bump(current: str, part: str) -> str:
    major, minor, patch, pre = parse(current)
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    if part == "patch":
        return f"{major}.{minor}.{patch}" if pre else f"{major}.{minor}.{patch + 1}"
    if part == "pre":
        if pre and pre.rsplit(".", 1)[-1].isdigit():
            head, num = pre.rsplit(".", 1)
            return f"{major}.{minor}.{patch}-{head}.{int(num) + 1}"
        return f"{major}.{minor}.{patch + 1}-rc.1"
    parse(part)  # explicit version given
    return part


def read_current() -> str:
    text = TARGETS["pyproject"].read_text()
    m = re.search(r'(?m)^version\s*=\s*"([^"]+)"', text)
    if not m:
        raise SystemExit("no version in pyproject.toml")
    return m.group(1)


def replace_once(text: str, pattern: str, repl: str, where: str) -> str:
    new, count = re.subn(pattern, repl, text, count=1, flags=re.M)
    if count != 1:
        raise SystemExit(f"could not find the version field in {where}")
    return new


def update_pyproject(path: Path, version: str) -> str:
    text = path.read_text()
    # only the first `version =` which is the [project] table
    return replace_once(text, r'^(version\s*=\s*)"[^"]+"', rf'\g<1>"{version}"', path.name)


def update_npm(path: Path, version: str) -> str:
    data = json.loads(path.read_text())
    data["version"] = version
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def update_cargo(path: Path, version: str) -> str:
    text = path.read_text()
    section = re.search(r"(?ms)^\[package\]\s*$(.*?)(?=^\[|\Z)", text)
    if not section:
        raise SystemExit(f"no [package] table in {path}")
    body = section.group(1)
    new_body = replace_once(body, r'^(version\s*=\s*)"[^"]+"', rf'\g<1>"{version}"', path.name)
    return text[:section.start(1)] + new_body + text[section.end(1):]


def update_csproj(path: Path, version: str) -> str:
    text = path.read_text()
    return replace_once(text, r"<Version>[^<]+</Version>", f"<Version>{version}</Version>",
                        path.name)


UPDATERS = {
    "pyproject": update_pyproject,
    "npm": update_npm,
    "cargo": update_cargo,
    "dotnet": update_csproj,
}


def update_changelog(path: Path, version: str, today: str) -> str:
    text = path.read_text()
    marker = "## [Unreleased]"
    if marker not in text:
        raise SystemExit("CHANGELOG.md has no [Unreleased] section")
    head, tail = text.split(marker, 1)
    new_section = f"{marker}\n\n## [{version}] - {today}"
    text = head + new_section + tail
    link_re = re.compile(r"^\[Unreleased\]: (.*)/compare/v([^.]+\.[^.]+\.[^.]+)\.\.\.HEAD$", re.M)
    m = link_re.search(text)
    if m:
        base, prev = m.group(1), m.group(2)
        text = link_re.sub(f"[Unreleased]: {base}/compare/v{version}...HEAD\n"
                           f"[{version}]: {base}/compare/v{prev}...v{version}", text)
    return text


def show_diff_stat(paths) -> None:
    """Print a short summary so the person running the bump can eyeball it."""
    rels = [str(p.relative_to(ROOT)) for p in paths]
    out = subprocess.run(["git", "diff", "--stat", "--", *rels], cwd=ROOT,
                         capture_output=True, text=True)
    if out.stdout.strip():
        print(out.stdout.rstrip())


def git(*args, check=True):
    return subprocess.run(["git", *args], cwd=ROOT, check=check, text=True,
                          capture_output=True).stdout.strip()


def main() -> int:
    ap = argparse.ArgumentParser(description="bump versions across manifests")
    ap.add_argument("part", help="major | minor | patch | pre | X.Y.Z")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-commit", action="store_true")
    ap.add_argument("--date", default=datetime.date.today().isoformat())
    args = ap.parse_args()

    if git("status", "--porcelain"):
        print("working tree not clean", file=sys.stderr)
        return 1
    current = read_current()
    new = bump(current, args.part)
    print(f"{current} -> {new}")

    changes = {}
    for key, path in TARGETS.items():
        if not path.exists():
            print(f"skip {key}: {path.relative_to(ROOT)} not found")
            continue
        changes[path] = UPDATERS[key](path, new)
    if CHANGELOG.exists():
        changes[CHANGELOG] = update_changelog(CHANGELOG, new, args.date)

    for path, content in changes.items():
        rel = path.relative_to(ROOT)
        if args.dry_run:
            print(f"[dry-run] would rewrite {rel}")
            continue
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(content)
        tmp.replace(path)
        print(f"rewrote {rel}")

    if args.dry_run or args.no_commit:
        return 0
    show_diff_stat(changes)
    branch = f"release/v{new}"
    git("switch", "-c", branch)
    git("add", *[str(p.relative_to(ROOT)) for p in changes])
    git("commit", "-m", f"chore(release): v{new}")
    print(f"committed on {branch}; push it and open a PR when ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
