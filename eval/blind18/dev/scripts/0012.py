#!/usr/bin/env python3
"""Pack, sign and publish the Acme.Client NuGet packages.

  python tools/nuget_release.py               # pack + sign + verify (no upload)
  python tools/nuget_release.py --push        # ...and push to nuget.org

Signing uses the code-signing certificate whose path and password come from
NUGET_CERT_PATH / NUGET_CERT_PASSWORD (in CI they are mounted from the secret
store). The API key comes from NUGET_API_KEY and is only passed to
`dotnet nuget push` for https://api.nuget.org/v3/index.json.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts" / "nuget"
NUGET_SOURCE = "https://api.nuget.org/v3/index.json"
TIMESTAMPER = os.environ.get("NUGET_TIMESTAMPER", "http://timestamp.digicert.com")
PACKABLE = [
    "src/Acme.Client/Acme.Client.csproj",
    "src/Acme.Client.Extensions.DependencyInjection/Acme.Client.Extensions.DependencyInjection.csproj",
]


def dotnet(*args: str, secret: str | None = None) -> None:
    shown = " ".join(a if a != secret else "***" for a in args)
    print(f"+ dotnet {shown}", flush=True)
    subprocess.run(["dotnet", *args], cwd=ROOT, check=True)


def project_version() -> str:
    props = ROOT / "Directory.Build.props"
    tree = ET.parse(props)
    node = tree.getroot().find(".//VersionPrefix")
    if node is None or not node.text:
        raise SystemExit("VersionPrefix missing from Directory.Build.props")
    suffix = tree.getroot().find(".//VersionSuffix")
    version = node.text.strip()
    if suffix is not None and suffix.text and suffix.text.strip():
        version += "-" + suffix.text.strip()
    return version


def clean() -> None:
    if ARTIFACTS.exists():
        shutil.rmtree(ARTIFACTS)
    ARTIFACTS.mkdir(parents=True)
    for proj in PACKABLE:
        proj_dir = (ROOT / proj).parent
        for sub in ("bin", "obj"):
            target = proj_dir / sub
            if target.is_dir():
                shutil.rmtree(target)


def pack(configuration: str) -> list:
    for proj in PACKABLE:
        dotnet("pack", proj, "-c", configuration, "-o", str(ARTIFACTS),
               "-p:ContinuousIntegrationBuild=true", "-p:IncludeSymbols=true",
               "-p:SymbolPackageFormat=snupkg")
    return sorted(ARTIFACTS.glob("*.nupkg"))


def inspect_package(pkg: Path, version: str) -> None:
    with zipfile.ZipFile(pkg) as zf:
        names = zf.namelist()
        nuspec = next((n for n in names if n.endswith(".nuspec")), None)
        if not nuspec:
            raise SystemExit(f"{pkg.name}: no nuspec")
        text = zf.read(nuspec).decode("utf-8")
        if f"<version>{version}</version>" not in text:
            raise SystemExit(f"{pkg.name}: nuspec version does not match {version}")
        if not re.search(r"<license type=\"expression\">", text):
            raise SystemExit(f"{pkg.name}: missing license expression")
        dlls = [n for n in names if n.startswith("lib/") and n.endswith(".dll")]
        if not dlls:
            raise SystemExit(f"{pkg.name}: contains no lib/ assemblies")
        print(f"  {pkg.name}: {len(dlls)} assemblies, {pkg.stat().st_size // 1024} KiB")


def sign(packages: list) -> bool:
    cert = os.environ.get("NUGET_CERT_PATH")
    password = os.environ.get("NUGET_CERT_PASSWORD")
    if not cert:
        print("NUGET_CERT_PATH not set; packages stay unsigned")
        return False
    if not Path(cert).is_file():
        raise SystemExit(f"certificate not found at {cert}")
    for pkg in packages:
        args = ["nuget", "sign", str(pkg), "--certificate-path", cert,
                "--timestamper", TIMESTAMPER, "--overwrite"]
        if password:
            args += ["--certificate-password", password]
        dotnet(*args, secret=password)
    return True


def verify(packages: list) -> None:
    for pkg in packages:
        dotnet("nuget", "verify", str(pkg), "--all")


def push(packages: list, skip_duplicate: bool) -> None:
    api_key = os.environ.get("NUGET_API_KEY")
    if not api_key:
        raise SystemExit("NUGET_API_KEY is required for --push")
    for pkg in packages:
        args = ["nuget", "push", str(pkg), "--source", NUGET_SOURCE, "--api-key", api_key]
        if skip_duplicate:
            args.append("--skip-duplicate")
        dotnet(*args, secret=api_key)


def list_local_feed(packages: list) -> None:
    """Add the packed files to a throwaway local feed so sample apps can restore them."""
    feed = ROOT / "artifacts" / "local-feed"
    if feed.exists():
        shutil.rmtree(feed)
    feed.mkdir(parents=True)
    for pkg in packages:
        shutil.copy2(pkg, feed / pkg.name)
    print(f"local feed ready: dotnet restore --source {feed.relative_to(ROOT)}")


def ensure_clean_git(version: str) -> None:
    status = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout
    if status.strip():
        raise SystemExit("uncommitted changes; refusing to release")
    tags = subprocess.run(["git", "tag", "--points-at", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout.split()
    if f"v{version}" not in tags:
        raise SystemExit(f"HEAD is not tagged v{version}; tag the release commit first")


def main() -> int:
    ap = argparse.ArgumentParser(description="NuGet release helper")
    ap.add_argument("--push", action="store_true")
    ap.add_argument("--configuration", default="Release")
    ap.add_argument("--skip-duplicate", action="store_true")
    ap.add_argument("--allow-dirty", action="store_true", help="for local pack testing")
    args = ap.parse_args()

    version = project_version()
    print(f"Acme.Client {version}")
    if args.push or not args.allow_dirty:
        ensure_clean_git(version)
    clean()
    dotnet("test", "-c", args.configuration, "--nologo", "--verbosity", "quiet")
    packages = pack(args.configuration)
    if not packages:
        raise SystemExit("dotnet pack produced nothing")
    for pkg in packages:
        inspect_package(pkg, version)
    signed = sign(packages)
    if signed:
        verify(packages)
    elif args.push:
        raise SystemExit("refusing to push unsigned packages")
    if args.push:
        push(packages + sorted(ARTIFACTS.glob("*.snupkg")), args.skip_duplicate)
        print("pushed; packages appear on nuget.org after validation (~15 min)")
    else:
        list_local_feed(packages)
        print(f"packages in {ARTIFACTS.relative_to(ROOT)}; re-run with --push to publish")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        print(f"dotnet exited with {exc.returncode}", file=sys.stderr)
        sys.exit(exc.returncode)
