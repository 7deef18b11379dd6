#!/usr/bin/env python3
"""Build and sign the TrailMix Android release bundle for internal testing.

Reads the upload keystore location and passwords from the environment
(TRAILMIX_KEYSTORE, TRAILMIX_KEYSTORE_PASSWORD, TRAILMIX_KEY_ALIAS,
TRAILMIX_KEY_PASSWORD) and passes them to Gradle as -P properties for this
build only; they are never written to gradle.properties or printed. Bumps
versionCode in app/version.properties (the project's own manifest), runs the
Gradle build, verifies the signature with apksigner/jarsigner, and copies the
outputs to ./dist/android/. Old dist outputs and the build's intermediates are
removed first.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANDROID = ROOT / "android"
VERSION_FILE = ANDROID / "app" / "version.properties"
DIST = ROOT / "dist" / "android"
BUNDLE = ANDROID / "app" / "build" / "outputs" / "bundle" / "release" / "app-release.aab"
APK_DIR = ANDROID / "app" / "build" / "outputs" / "apk" / "release"
REQUIRED_ENV = (
    "TRAILMIX_KEYSTORE",
    "TRAILMIX_KEYSTORE_PASSWORD",
    "TRAILMIX_KEY_ALIAS",
    "TRAILMIX_KEY_PASSWORD",
)
GRADLE_TASKS = {
    "bundle": [":app:bundleRelease"],
    "apk": [":app:assembleRelease"],
    "both": [":app:bundleRelease", ":app:assembleRelease"],
}


def read_props(path: Path) -> dict[str, str]:
    props = {}
    for line in path.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            k, _, v = line.partition("=")
            props[k.strip()] = v.strip()
    return props


def write_props(path: Path, props: dict[str, str]) -> None:
    lines = ["# managed by tools/android_release.py"]
    lines += [f"{k}={v}" for k, v in props.items()]
    path.write_text("\n".join(lines) + "\n")


def bump_version_code(dry_run: bool) -> tuple[int, str]:
    props = read_props(VERSION_FILE)
    code = int(props.get("versionCode", "1")) + 1
    name = props.get("versionName", "0.1.0")
    if not dry_run:
        props["versionCode"] = str(code)
        write_props(VERSION_FILE, props)
    return code, name


def signing_env() -> dict[str, str]:
    missing = [k for k in REQUIRED_ENV if not os.environ.get(k)]
    if missing:
        raise SystemExit(f"missing signing variables: {', '.join(missing)}")
    keystore = Path(os.environ["TRAILMIX_KEYSTORE"]).expanduser()
    if not keystore.is_file():
        raise SystemExit(f"keystore not found at {keystore}")
    return {
        "keystore": str(keystore),
        "store_password": os.environ["TRAILMIX_KEYSTORE_PASSWORD"],
        "alias": os.environ["TRAILMIX_KEY_ALIAS"],
        "key_password": os.environ["TRAILMIX_KEY_PASSWORD"],
    }


def gradle(tasks: list[str], signing: dict[str, str], offline: bool) -> None:
    wrapper = ANDROID / ("gradlew.bat" if os.name == "nt" else "gradlew")
    argv = [str(wrapper), "--no-daemon", "--console=plain", *tasks,
            f"-Pandroid.injected.signing.store.file={signing['keystore']}",
            f"-Pandroid.injected.signing.key.alias={signing['alias']}"]
    if offline:
        argv.append("--offline")
    env = {
        **os.environ,
        # passed through the environment so they do not show up in `ps`
        "ORG_GRADLE_PROJECT_android.injected.signing.store.password": signing["store_password"],
        "ORG_GRADLE_PROJECT_android.injected.signing.key.password": signing["key_password"],
    }
    proc = subprocess.run(argv, cwd=ANDROID, env=env)
    if proc.returncode != 0:
        raise SystemExit("gradle build failed")


def clean_outputs() -> None:
    if DIST.exists():
        shutil.rmtree(DIST)
    intermediates = ANDROID / "app" / "build" / "intermediates"
    if intermediates.exists():
        shutil.rmtree(intermediates)


def verify_apk(apk: Path) -> None:
    apksigner = shutil.which("apksigner")
    if apksigner:
        subprocess.run([apksigner, "verify", "--print-certs", str(apk)], check=True,
                       stdout=subprocess.DEVNULL)
    else:
        subprocess.run(["jarsigner", "-verify", str(apk)], check=True, stdout=subprocess.DEVNULL)


def verify_bundle(aab: Path) -> None:
    out = subprocess.run(["jarsigner", "-verify", "-verbose", str(aab)],
                         capture_output=True, text=True)
    if "jar verified" not in out.stdout:
        raise SystemExit(f"bundle signature check failed for {aab.name}")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def collect(kind: str, code: int, name: str) -> list[Path]:
    DIST.mkdir(parents=True, exist_ok=True)
    outputs = []
    if kind in ("bundle", "both"):
        verify_bundle(BUNDLE)
        dest = DIST / f"trailmix-{name}-{code}.aab"
        shutil.copy2(BUNDLE, dest)
        outputs.append(dest)
    if kind in ("apk", "both"):
        for apk in sorted(APK_DIR.glob("*.apk")):
            verify_apk(apk)
            dest = DIST / f"trailmix-{name}-{code}-{apk.stem.replace('app-', '')}.apk"
            shutil.copy2(apk, dest)
            outputs.append(dest)
    manifest = DIST / "SHA256SUMS"
    manifest.write_text("".join(f"{sha256(p)}  {p.name}\n" for p in outputs))
    return outputs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kind", choices=sorted(GRADLE_TASKS), default="bundle")
    ap.add_argument("--no-bump", action="store_true")
    ap.add_argument("--offline", action="store_true")
    args = ap.parse_args()

    signing = signing_env()
    code, name = bump_version_code(dry_run=args.no_bump)
    print(f"building {args.kind} for versionName {name}, versionCode {code}")
    clean_outputs()
    gradle(GRADLE_TASKS[args.kind], signing, args.offline)
    outputs = collect(args.kind, code, name)
    for p in outputs:
        print(f"  {p.relative_to(ROOT)}  ({p.stat().st_size / 1e6:.1f} MB)")
    print("upload the .aab to the Play Console internal track when ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
