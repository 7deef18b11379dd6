#!/usr/bin/env python3
"""Report dependency pin drift between the services of the monorepo.

Walks services/*/pyproject.toml, collects `project.dependencies` pins and
prints every package that is pinned to different versions in different
services. With --sync it rewrites the pins to the highest version found.
"""
import argparse
import re
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^(?P<name>[A-Za-z0-9_.\-]+)(?P<extras>\[[^\]]+\])?==(?P<version>[^;\s]+)")


def version_key(v: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"[.\-]", v))


def service_files(root: Path):
    yield from sorted(root.glob("services/*/pyproject.toml"))


def pins_of(pyproject: Path) -> dict[str, str]:
    data = tomllib.loads(pyproject.read_text())
    out = {}
    for spec in data.get("project", {}).get("dependencies", []):
        m = PIN.match(spec.strip())
        if m:
            out[m["name"].lower().replace("_", "-")] = m["version"]
    return out


def collect(root: Path):
    table: dict[str, dict[str, str]] = defaultdict(dict)
    for f in service_files(root):
        for name, version in pins_of(f).items():
            table[name][f.parent.name] = version
    return table


def rewrite(pyproject: Path, name: str, version: str) -> bool:
    text = pyproject.read_text()
    pattern = re.compile(rf'("{re.escape(name)}(\[[^\]]+\])?==)[^";\s]+', re.IGNORECASE)
    new, n = pattern.subn(rf"\g<1>{version}", text)
    if n:
        pyproject.write_text(new)
    return bool(n)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sync", action="store_true", help="rewrite pins to the newest version")
    ap.add_argument("--only", nargs="*", help="limit to these package names")
    args = ap.parse_args()

    table = collect(REPO)
    drift = {n: v for n, v in table.items() if len(set(v.values())) > 1}
    if args.only:
        wanted = {o.lower() for o in args.only}
        drift = {n: v for n, v in drift.items() if n in wanted}
    if not drift:
        print("no pin drift between services")
        return 0
    for name in sorted(drift):
        per_service = drift[name]
        newest = max(per_service.values(), key=version_key)
        print(f"{name}  -> {newest}")
        for svc, version in sorted(per_service.items()):
            marker = " " if version == newest else "*"
            print(f"   {marker} {svc:24s} {version}")
            if args.sync and version != newest:
                rewrite(REPO / "services" / svc / "pyproject.toml", name, newest)
    print(f"\n{len(drift)} package(s) with drift{' (synced)' if args.sync else ''}")
    return 0 if args.sync else 1


if __name__ == "__main__":
    sys.exit(main())
