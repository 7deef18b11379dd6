#!/usr/bin/env python3
"""Release helper for the "Expense Approvals" Apps Script add-on.

    python tools/release.py check
    python tools/release.py push                 # clasp push (dev HEAD only)
    python tools/release.py version "notes"      # immutable version
    python tools/release.py deploy test 17       # move the test deployment to v17
    python tools/release.py deploy prod 17 --prod

Deployment ids are stored in deploy.toml under [deployments]. The production
entry has protected = true and is refused unless --prod is given AND the git
tree is clean on the release branch. All clasp calls use argv lists.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEPLOY_TOML = REPO / "deploy.toml"
CHANGELOG = REPO / "CHANGELOG.md"
RELEASE_BRANCH = "release"


class ReleaseError(RuntimeError):
    pass


def sh(*argv: str, capture: bool = True) -> str:
    res = subprocess.run(list(argv), cwd=REPO, text=True,
                         capture_output=capture)
    if res.returncode != 0:
        detail = (res.stderr or res.stdout or "").strip()[-400:] if capture else ""
        raise ReleaseError(f"{' '.join(argv[:3])} failed ({res.returncode}) {detail}")
    return res.stdout if capture else ""


def clasp() -> str:
    local = REPO / "node_modules" / ".bin" / "clasp"
    if local.exists():
        return str(local)
    found = shutil.which("clasp")
    if not found:
        raise ReleaseError("clasp not installed (npm ci)")
    return found


def deployments() -> dict:
    cfg = tomllib.loads(DEPLOY_TOML.read_text())
    deps = cfg.get("deployments", {})
    for name, d in deps.items():
        if not re.fullmatch(r"AKfy[\w-]{20,}", d.get("id", "")):
            raise ReleaseError(f"deploy.toml: bad id for {name}")
    return deps


def git_clean_on_release() -> None:
    branch = sh("git", "rev-parse", "--abbrev-ref", "HEAD").strip()
    if branch != RELEASE_BRANCH:
        raise ReleaseError(f"production deploys only from '{RELEASE_BRANCH}' (on '{branch}')")
    if sh("git", "status", "--porcelain").strip():
        raise ReleaseError("uncommitted changes present")
    sh("git", "fetch", "--quiet", "origin", RELEASE_BRANCH)
    if sh("git", "rev-list", "--count", f"origin/{RELEASE_BRANCH}..HEAD").strip() != "0":
        raise ReleaseError("local release branch is ahead of origin; push first")


def cmd_check(_args) -> None:
    manifest = json.loads((REPO / "src" / "appsscript.json").read_text())
    scopes = manifest.get("oauthScopes", [])
    print(f"runtime {manifest.get('runtimeVersion')}, {len(scopes)} scopes")
    broad = [s for s in scopes if s.endswith("/drive") or s.endswith("/spreadsheets")]
    if broad:
        print("  note: broad scopes in manifest:", ", ".join(broad))
    sh("npm", "run", "--silent", "lint", capture=False)
    sh("npm", "test", "--silent", capture=False)
    print("checks passed")


def cmd_push(_args) -> None:
    sh("npm", "run", "--silent", "build", capture=False)
    out = sh(clasp(), "push", "--force")
    pushed = len([l for l in out.splitlines() if l.strip().startswith("└─")])
    print(f"pushed {pushed} file(s) to the dev HEAD")


def cmd_version(args) -> None:
    out = sh(clasp(), "version", args.notes)
    m = re.search(r"version (\d+)", out)
    if not m:
        raise ReleaseError(f"could not read version from: {out.strip()}")
    ver = m.group(1)
    with CHANGELOG.open("a") as fh:
        fh.write(f"\n## v{ver}\n\n{args.notes}\n")
    print(f"created version {ver} (CHANGELOG.md updated)")


def cmd_deploy(args) -> None:
    deps = deployments()
    if args.env not in deps:
        raise ReleaseError(f"unknown environment {args.env}; have {', '.join(deps)}")
    target = deps[args.env]
    if target.get("protected"):
        if not args.prod:
            raise ReleaseError(f"{args.env} is protected; add --prod")
        git_clean_on_release()
    desc = f"{args.env} v{args.version}"
    argv = [clasp(), "deploy", "--deploymentId", target["id"], "--versionNumber", str(args.version),
            "--description", desc]
    if args.dry_run:
        print("[dry-run]", " ".join(argv[1:3]), target["id"][:10] + "…", *argv[4:])
        return
    sh(*argv)
    print(f"{args.env} now serves v{args.version}")
    if target.get("protected"):
        sh("git", "tag", "-a", f"addon-v{args.version}", "-m", desc)
        sh("git", "push", "origin", f"addon-v{args.version}")


def cmd_diff(_args) -> None:
    """Compare the local build with the dev HEAD by pulling into a scratch dir."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="clasp-pull-") as tmp:
        meta = json.loads((REPO / ".clasp.json").read_text())
        meta["rootDir"] = tmp
        Path(tmp, ".clasp.json").write_text(json.dumps(meta))
        subprocess.run([clasp(), "pull"], cwd=tmp, check=True, capture_output=True)
        # the build step writes the transpiled sources to dist/
        local_dir = REPO / "dist"
        print(f"comparing {local_dir.relative_to(REPO)} with the dev HEAD")
        changed = []
        for remote in Path(tmp).rglob("*.js"):
            rel = remote.relative_to(tmp)
            local = local_dir / rel
            if not local.exists() or local.read_text() != remote.read_text():
                changed.append(str(rel))
        print("identical to dev HEAD" if not changed else "differs: " + ", ".join(sorted(changed)))


def cmd_status(_args) -> None:
    deps = deployments()
    out = sh(clasp(), "deployments")
    for name, d in deps.items():
        line = next((l for l in out.splitlines() if d["id"] in l), "not found on server")
        print(f"{name:<8} {line.strip()}")


def main() -> int:
    ap = argparse.ArgumentParser(description="Apps Script release helper")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("check").set_defaults(fn=cmd_check)
    sub.add_parser("push").set_defaults(fn=cmd_push)
    sub.add_parser("status").set_defaults(fn=cmd_status)
    sub.add_parser("diff").set_defaults(fn=cmd_diff)
    v = sub.add_parser("version")
    v.add_argument("notes")
    v.set_defaults(fn=cmd_version)
    d = sub.add_parser("deploy")
    d.add_argument("env")
    d.add_argument("version", type=int)
    d.add_argument("--prod", action="store_true")
    d.add_argument("--dry-run", action="store_true")
    d.set_defaults(fn=cmd_deploy)
    args = ap.parse_args()
    try:
        args.fn(args)
    except ReleaseError as exc:
        print(f"release: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
