#!/usr/bin/env python3
"""Stage and (optionally) release the parcel-geo library to Maven Central.

  python tools/central_release.py             verify + sign locally, no upload
  python tools/central_release.py --deploy    mvn deploy to the Central portal

The GPG key is imported from GPG_PRIVATE_KEY (armored, CI secret) into a
throwaway GNUPGHOME that is deleted afterwards; the passphrase comes from
GPG_PASSPHRASE. Portal credentials are written to a temporary settings.xml
(never to ~/.m2) that is passed with `-s` and deleted at exit.
"""
from __future__ import annotations

import argparse
import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
POM = ROOT / "pom.xml"
NS = {"m": "http://maven.apache.org/POM/4.0.0"}
REQUIRED_POM_FIELDS = ("name", "description", "url", "licenses", "developers", "scm")

_scratch: list[Path] = []


def scratch_dir(prefix: str) -> Path:
    path = Path(tempfile.mkdtemp(prefix=prefix))
    _scratch.append(path)
    return path


@atexit.register
def _cleanup() -> None:
    for path in _scratch:
        shutil.rmtree(path, ignore_errors=True)


def sh(argv: list[str], env: dict | None = None, secret: str | None = None, capture=False) -> str:
    shown = " ".join("***" if secret and a == secret else a for a in argv)
    print(f"$ {shown}", flush=True)
    proc = subprocess.run(argv, cwd=ROOT, env=env, text=True,
                          stdout=subprocess.PIPE if capture else None)
    if proc.returncode:
        raise SystemExit(f"failed ({proc.returncode}): {argv[0]}")
    return proc.stdout or ""


def pom_version() -> str:
    tree = ET.parse(POM)
    node = tree.getroot().find("m:version", NS)
    if node is None or not node.text:
        raise SystemExit("pom.xml has no <version>")
    return node.text.strip()


def check_pom_metadata() -> list[str]:
    root = ET.parse(POM).getroot()
    missing = [f for f in REQUIRED_POM_FIELDS if root.find(f"m:{f}", NS) is None]
    return missing


def check_version(version: str, allow_snapshot: bool) -> None:
    if version.endswith("-SNAPSHOT") and not allow_snapshot:
        raise SystemExit(f"{version} is a SNAPSHOT; set a release version first")
    if not re.fullmatch(r"\d+\.\d+\.\d+(-[A-Za-z0-9.]+)?", version):
        raise SystemExit(f"unexpected version format {version}")


def check_git(version: str) -> None:
    dirty = sh(["git", "status", "--porcelain"], capture=True).strip()
    if dirty:
        raise SystemExit("working tree not clean")
    tags = sh(["git", "tag", "--points-at", "HEAD"], capture=True).split()
    if f"v{version}" not in tags:
        raise SystemExit(f"HEAD must be tagged v{version}")


def import_key() -> tuple[dict, str | None]:
    env = dict(os.environ)
    armored = os.environ.get("GPG_PRIVATE_KEY")
    if not armored:
        print("GPG_PRIVATE_KEY not set: using the default keyring for signing")
        return env, None
    home = scratch_dir("gnupg-")
    home.chmod(0o700)
    env["GNUPGHOME"] = str(home)
    proc = subprocess.run(["gpg", "--batch", "--import"], input=armored, text=True, env=env,
                          capture_output=True)
    if proc.returncode:
        raise SystemExit("gpg import failed")
    listing = subprocess.run(["gpg", "--batch", "--list-secret-keys", "--with-colons"], env=env,
                             capture_output=True, text=True).stdout
    key_id = next((line.split(":")[4] for line in listing.splitlines() if line.startswith("sec")), None)
    print(f"imported signing key {key_id} into a temporary keyring")
    return env, key_id


def temp_settings() -> Path | None:
    user = os.environ.get("CENTRAL_TOKEN_USER")
    password = os.environ.get("CENTRAL_TOKEN_PASSWORD")
    if not user or not password:
        return None
    path = scratch_dir("m2-") / "settings.xml"
    path.write_text(textwrap.dedent(f"""\
        <settings>
          <servers>
            <server>
              <id>central</id>
              <username>{user}</username>
              <password>{password}</password>
            </server>
          </servers>
        </settings>
        """))
    path.chmod(0o600)
    return path


def maven_args(key_id: str | None, settings: Path | None, deploy: bool) -> list[str]:
    args = ["./mvnw", "-B", "-ntp", "-Prelease", "clean"]
    args.append("deploy" if deploy else "verify")
    if key_id:
        args.append(f"-Dgpg.keyname={key_id}")
    if "GPG_PASSPHRASE" in os.environ:
        args.append("-Dgpg.passphraseEnvName=GPG_PASSPHRASE")
    if settings:
        args += ["-s", str(settings)]
    if not deploy:
        args.append("-Dcentral.skipPublishing=true")
    return args


def verify_artifacts(version: str) -> None:
    target = ROOT / "target"
    expected = [f"parcel-geo-{version}.jar", f"parcel-geo-{version}-sources.jar",
                f"parcel-geo-{version}-javadoc.jar", f"parcel-geo-{version}.pom"]
    missing = []
    for name in expected:
        path = target / name
        if name.endswith(".pom"):
            path = target / "publish" / name
        if not path.exists() and not (target / name).exists():
            missing.append(name)
        sig = Path(str(target / name) + ".asc")
        if not sig.exists() and not name.endswith(".pom"):
            missing.append(sig.name)
    if missing:
        raise SystemExit("missing artifacts: " + ", ".join(missing))
    print(f"all {len(expected)} artifacts and signatures present")


def main() -> int:
    ap = argparse.ArgumentParser(description="Maven Central release helper")
    ap.add_argument("--deploy", action="store_true")
    ap.add_argument("--allow-snapshot", action="store_true")
    args = ap.parse_args()

    version = pom_version()
    check_version(version, args.allow_snapshot)
    missing = check_pom_metadata()
    if missing:
        raise SystemExit(f"pom.xml lacks Central-required fields: {', '.join(missing)}")
    if args.deploy:
        check_git(version)
    env, key_id = import_key()
    settings = temp_settings()
    if args.deploy and settings is None:
        raise SystemExit("CENTRAL_TOKEN_USER / CENTRAL_TOKEN_PASSWORD required for --deploy")
    sh(maven_args(key_id, settings, args.deploy), env=env)
    verify_artifacts(version)
    if args.deploy:
        print(f"parcel-geo {version} uploaded; publish it from the Central portal once validated")
    else:
        print("verification finished; nothing was uploaded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
