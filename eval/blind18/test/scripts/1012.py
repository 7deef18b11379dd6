#!/usr/bin/env python3
"""Build, sign and (optionally) upload the Android release bundle.

  python tools/android_release.py               bundleRelease + sign + verify
  python tools/android_release.py --upload      ...then fastlane supply to the internal track

The upload keystore is provided as base64 in ANDROID_KEYSTORE_B64 (CI secret);
it is written to a 0600 temp file that is removed on exit. Passwords come from
ANDROID_KEYSTORE_PASSWORD / ANDROID_KEY_PASSWORD and are passed to Gradle via
environment variables, not command-line properties, so they do not show up in
`ps` output or Gradle build scans.
"""
import argparse
import base64
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app"
OUT = APP / "build" / "outputs" / "bundle" / "release"
DIST = ROOT / "dist" / "android"
VERSION_FILE = ROOT / "version.properties"


def gradle(*tasks: str, env: dict) -> None:
    argv = ["./gradlew", "--no-daemon", "--console=plain", *tasks]
    print("$ " + " ".join(argv))
    subprocess.run(argv, cwd=ROOT, env=env, check=True)


def read_version() -> tuple[str, int]:
    props = dict(line.split("=", 1) for line in VERSION_FILE.read_text().splitlines()
                 if "=" in line and not line.startswith("#"))
    return props["versionName"].strip(), int(props["versionCode"])


def materialize_keystore(tmpdir: Path) -> Path | None:
    blob = os.environ.get("ANDROID_KEYSTORE_B64")
    if not blob:
        return None
    path = tmpdir / "upload.jks"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(base64.b64decode(blob))
    return path


def signing_env(keystore: Path | None) -> dict:
    env = dict(os.environ)
    if keystore is None:
        return env
    for var in ("ANDROID_KEYSTORE_PASSWORD", "ANDROID_KEY_PASSWORD", "ANDROID_KEY_ALIAS"):
        if var not in env:
            raise SystemExit(f"{var} must be set when ANDROID_KEYSTORE_B64 is provided")
    # app/build.gradle.kts reads these in signingConfigs.release
    env["ACME_UPLOAD_KEYSTORE"] = str(keystore)
    return env


def verify_bundle(aab: Path, version_code: int) -> None:
    with zipfile.ZipFile(aab) as zf:
        names = zf.namelist()
        if "BUNDLE-METADATA/com.android.tools.build.obfuscation/proguard.map" not in names:
            print("warning: no R8 mapping file inside the bundle")
        if not any(n.startswith("META-INF/") and n.endswith(".RSA") for n in names):
            raise SystemExit("bundle is not signed")
    proc = subprocess.run(["jarsigner", "-verify", str(aab)], capture_output=True, text=True)
    if "jar verified" not in proc.stdout:
        raise SystemExit("jarsigner could not verify the bundle")
    dump = subprocess.run(["bundletool", "dump", "manifest", "--bundle", str(aab),
                           "--xpath", "/manifest/@android:versionCode"],
                          capture_output=True, text=True)
    if dump.returncode == 0 and dump.stdout.strip() != str(version_code):
        raise SystemExit(f"versionCode mismatch: bundle has {dump.stdout.strip()}")


def copy_outputs(aab: Path, version: str) -> Path:
    DIST.mkdir(parents=True, exist_ok=True)
    dest = DIST / f"app-{version}.aab"
    shutil.copy2(aab, dest)
    mapping = APP / "build" / "outputs" / "mapping" / "release" / "mapping.txt"
    if mapping.exists():
        shutil.copy2(mapping, DIST / f"mapping-{version}.txt")
    return dest


def upload(aab: Path, track: str) -> None:
    json_key = os.environ.get("PLAY_SERVICE_ACCOUNT_JSON_PATH")
    if not json_key or not Path(json_key).is_file():
        raise SystemExit("PLAY_SERVICE_ACCOUNT_JSON_PATH must point at the service account file")
    argv = ["bundle", "exec", "fastlane", "supply",
            "--aab", str(aab), "--track", track,
            "--json_key", json_key, "--release_status", "draft",
            "--skip_upload_metadata", "true", "--skip_upload_images", "true",
            "--skip_upload_screenshots", "true"]
    print("$ " + " ".join(argv))
    subprocess.run(argv, cwd=ROOT, check=True)


def release_notes(version: str) -> str:
    changelog = ROOT / "CHANGELOG.md"
    if not changelog.exists():
        return ""
    m = re.search(rf"^## \[?{re.escape(version)}\]?.*?$(.*?)(?=^## |\Z)", changelog.read_text(),
                  re.M | re.S)
    return m.group(1).strip()[:500] if m else ""


def write_play_notes(version: str) -> None:
    """fastlane picks up per-versionCode changelogs from this directory."""
    notes = release_notes(version)
    if not notes:
        return
    _, code = read_version()
    target = ROOT / "fastlane" / "metadata" / "android" / "en-US" / "changelogs" / f"{code}.txt"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(notes + "\n")
    print(f"wrote {target.relative_to(ROOT)}")


def bump_version_code(dry_run: bool) -> int:
    """versionCode must grow for every upload; bump it in version.properties."""
    text = VERSION_FILE.read_text()
    m = re.search(r"^versionCode=(\d+)$", text, re.M)
    if not m:
        raise SystemExit("versionCode missing from version.properties")
    new_code = int(m.group(1)) + 1
    if not dry_run:
        VERSION_FILE.write_text(text[:m.start(1)] + str(new_code) + text[m.end(1):])
    return new_code


def clean_dist(keep: int = 5) -> None:
    """Keep only the newest few bundles in dist/android."""
    if not DIST.exists():
        return
    bundles = sorted(DIST.glob("app-*.aab"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in bundles[keep:]:
        old.unlink()


def main() -> int:
    ap = argparse.ArgumentParser(description="Android release helper")
    ap.add_argument("--upload", action="store_true")
    ap.add_argument("--track", default="internal", choices=["internal", "alpha", "beta"])
    ap.add_argument("--skip-tests", action="store_true", help="no unit tests / lint")
    args = ap.parse_args()

    version, code = read_version()
    print(f"releasing {version} ({code})")
    with tempfile.TemporaryDirectory(prefix="android-release-") as tmp:
        keystore = materialize_keystore(Path(tmp))
        if args.upload and keystore is None:
            raise SystemExit("refusing to upload an unsigned bundle")
        env = signing_env(keystore)
        tasks = ["clean"] + ([] if args.skip_tests else ["testReleaseUnitTest", "lintRelease"])
        gradle(*tasks, ":app:bundleRelease", env=env)
        aab = next(OUT.glob("*.aab"), None)
        if aab is None:
            raise SystemExit("no .aab produced")
        if keystore:
            verify_bundle(aab, code)
        dest = copy_outputs(aab, version)
        clean_dist()
        print(f"bundle: {dest.relative_to(ROOT)}")
        write_play_notes(version)
        if args.upload:
            upload(dest, args.track)
            print(f"uploaded {version} to the {args.track} track as a draft")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)
