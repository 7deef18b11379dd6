#!/usr/bin/env python3
"""Release helper for the fastq-lite crate workspace.

Steps:
  1. verify the working tree is clean and we are on a release branch
  2. run `cargo test` and `cargo package` for every publishable crate
  3. sign the produced .crate files with minisign (key from MINISIGN_KEY_FILE)
  4. tag the release and, only when --execute is given, `cargo publish`

Nothing leaves the machine unless --execute is passed.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # python < 3.11
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "target" / "release-artifacts"
RELEASE_BRANCH_PREFIXES = ("main", "release/")


class ReleaseError(RuntimeError):
    pass


def run(argv: list[str], cwd: Path = ROOT, capture: bool = False) -> str:
    print("+", " ".join(argv), flush=True)
    proc = subprocess.run(argv, cwd=cwd, text=True,
                          stdout=subprocess.PIPE if capture else None)
    if proc.returncode != 0:
        raise ReleaseError(f"command failed ({proc.returncode}): {' '.join(argv)}")
    return proc.stdout or ""


def git(*args: str) -> str:
    return run(["git", *args], capture=True).strip()


def check_tree() -> str:
    status = git("status", "--porcelain")
    if status:
        raise ReleaseError("working tree is dirty; commit or stash first:\n" + status)
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    if not branch.startswith(RELEASE_BRANCH_PREFIXES):
        raise ReleaseError(f"refusing to release from branch {branch!r}")
    return branch


def workspace_members() -> list[Path]:
    manifest = tomllib.loads((ROOT / "Cargo.toml").read_text())
    members = manifest.get("workspace", {}).get("members", [])
    out = []
    for pattern in members:
        for path in sorted(ROOT.glob(pattern)):
            if (path / "Cargo.toml").is_file():
                out.append(path)
    return out


def crate_info(path: Path) -> dict:
    data = tomllib.loads((path / "Cargo.toml").read_text())
    pkg = data.get("package", {})
    return {
        "name": pkg["name"],
        "version": pkg["version"] if isinstance(pkg.get("version"), str) else None,
        "publish": pkg.get("publish", True) is not False,
        "path": path,
    }


def workspace_version() -> str:
    data = tomllib.loads((ROOT / "Cargo.toml").read_text())
    return data["workspace"]["package"]["version"]


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def package_crates(crates: list[dict], jobs: int) -> list[Path]:
    if DIST.exists():
        shutil.rmtree(DIST)  # our own output dir from a previous run
    DIST.mkdir(parents=True)
    produced = []
    for crate in crates:
        run(["cargo", "package", "-p", crate["name"], "--no-verify", "-j", str(jobs)])
        version = crate["version"] or workspace_version()
        built = ROOT / "target" / "package" / f"{crate['name']}-{version}.crate"
        if not built.exists():
            raise ReleaseError(f"expected {built} after cargo package")
        dest = DIST / built.name
        shutil.copy2(built, dest)
        produced.append(dest)
    return produced


def sign(artifacts: list[Path]) -> None:
    key_file = os.environ.get("MINISIGN_KEY_FILE")
    if not key_file:
        print("MINISIGN_KEY_FILE not set; skipping signatures", file=sys.stderr)
        return
    if not shutil.which("minisign"):
        raise ReleaseError("minisign not on PATH")
    password = os.environ.get("MINISIGN_PASSWORD", "")
    for art in artifacts:
        argv = ["minisign", "-S", "-s", key_file, "-m", str(art),
                "-t", f"fastq-lite release {art.name}"]
        print("+", " ".join(argv))
        proc = subprocess.run(argv, input=password + "\n", text=True)
        if proc.returncode != 0:
            raise ReleaseError(f"signing failed for {art.name}")


def write_manifest(artifacts: list[Path], version: str) -> Path:
    manifest = {
        "version": version,
        "artifacts": [
            {"file": a.name, "sha256": sha256(a), "size": a.stat().st_size}
            for a in artifacts
        ],
    }
    out = DIST / "SHA256SUMS.json"
    out.write_text(json.dumps(manifest, indent=2) + "\n")
    (DIST / "SHA256SUMS").write_text(
        "".join(f"{e['sha256']}  {e['file']}\n" for e in manifest["artifacts"]))
    return out


def tag(version: str, execute: bool) -> None:
    name = f"v{version}"
    existing = git("tag", "--list", name)
    if existing:
        print(f"tag {name} already exists, leaving it")
        return
    if execute:
        run(["git", "tag", "-a", name, "-m", f"fastq-lite {version}"])
    else:
        print(f"[dry-run] would create tag {name}")


def publish(crates: list[dict], execute: bool) -> None:
    # dependency order: crates listed first in the workspace are leaves
    for crate in crates:
        argv = ["cargo", "publish", "-p", crate["name"]]
        if not execute:
            argv.append("--dry-run")
        run(argv)


def smoke_test_tarball(artifact: Path) -> None:
    """Unpack the .crate into a temp dir and build it standalone."""
    with tempfile.TemporaryDirectory(prefix="fastq-release-") as tmp:
        run(["tar", "xzf", str(artifact), "-C", tmp])
        unpacked = next(Path(tmp).iterdir())
        run(["cargo", "build", "--offline", "--quiet"], cwd=unpacked)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Build, sign and (optionally) publish crates")
    ap.add_argument("--execute", action="store_true",
                    help="actually tag and publish (default: dry run)")
    ap.add_argument("--skip-tests", action="store_true")
    ap.add_argument("--smoke", action="store_true",
                    help="build each packaged crate from its tarball")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args(argv)

    try:
        branch = check_tree()
        version = workspace_version()
        print(f"releasing fastq-lite {version} from {branch}")
        crates = [c for c in map(crate_info, workspace_members()) if c["publish"]]
        if not crates:
            raise ReleaseError("no publishable crates found")
        if not args.skip_tests:
            run(["cargo", "test", "--workspace", "--locked", "-j", str(args.jobs)])
        artifacts = package_crates(crates, args.jobs)
        if args.smoke:
            for art in artifacts:
                smoke_test_tarball(art)
        sign(artifacts)
        manifest = write_manifest(artifacts, version)
        print(f"wrote {manifest.relative_to(ROOT)}")
        tag(version, args.execute)
        publish(crates, args.execute)
        if args.execute:
            run(["git", "push", "origin", f"v{version}"])
        else:
            print("dry run complete; re-run with --execute to publish")
    except ReleaseError as exc:
        print(f"release aborted: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
