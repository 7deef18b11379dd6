#!/usr/bin/env python3
"""Headless Unity builds for the Lanternfall project, driven from CI or a laptop.

For each requested target it:
  1. finds the editor matching ProjectSettings/ProjectVersion.txt
  2. runs EditMode tests (-runTests) and parses the NUnit XML
  3. calls our build entry point Lanternfall.Build.Cli.Perform via -executeMethod
  4. compresses the player folder into artifacts/ with a build-info.json

Library/ is kept between runs (it is a cache of imports); `--fresh` removes it.
"""
import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent.resolve()
ARTIFACTS = PROJECT / "artifacts"
LOGS = PROJECT / "Logs" / "ci"
ENTRY_POINT = "Lanternfall.Build.Cli.Perform"
TARGETS = {
    "linux": "StandaloneLinux64",
    "windows": "StandaloneWindows64",
    "mac": "StandaloneOSX",
    "webgl": "WebGL",
}


def editor_version():
    text = (PROJECT / "ProjectSettings" / "ProjectVersion.txt").read_text()
    match = re.search(r"m_EditorVersion:\s*(\S+)", text)
    if not match:
        raise SystemExit("ProjectVersion.txt has no m_EditorVersion")
    return match.group(1)


def editor_path(version):
    override = os.environ.get("UNITY_EDITOR")
    if override:
        return Path(override)
    system = platform.system()
    if system == "Darwin":
        return Path(f"/Applications/Unity/Hub/Editor/{version}/Unity.app/Contents/MacOS/Unity")
    if system == "Windows":
        return Path(f"C:/Program Files/Unity/Hub/Editor/{version}/Editor/Unity.exe")
    return Path.home() / "Unity" / "Hub" / "Editor" / version / "Editor" / "Unity"


def unity(editor, log_name, *args, timeout=3600):
    LOGS.mkdir(parents=True, exist_ok=True)
    log = LOGS / log_name
    argv = [str(editor), "-batchmode", "-nographics", "-projectPath", str(PROJECT), "-logFile", str(log), *args]
    print("->", " ".join(argv[:8]), "...", flush=True)
    started = time.time()
    try:
        code = subprocess.run(argv, timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        code = 124
    return code, log, time.time() - started


def parse_nunit(xml_path):
    if not xml_path.exists():
        return {"total": 0, "passed": 0, "failed": 0, "failures": []}
    root = ET.parse(xml_path).getroot()
    failures = [
        case.get("fullname")
        for case in root.iter("test-case")
        if case.get("result") == "Failed"
    ]
    return {
        "total": int(root.get("total", 0)),
        "passed": int(root.get("passed", 0)),
        "failed": int(root.get("failed", 0)),
        "failures": failures[:20],
    }


def run_tests(editor):
    results = PROJECT / "TestResults" / "editmode.xml"
    results.parent.mkdir(exist_ok=True)
    code, log, seconds = unity(editor, "editmode.log", "-runTests", "-testPlatform", "EditMode", "-testResults", str(results))
    summary = parse_nunit(results)
    print(f"EditMode: {summary['passed']}/{summary['total']} passed in {seconds:.0f}s")
    for name in summary["failures"]:
        print("   FAILED", name)
    return code == 0 and summary["failed"] == 0


def tail(path, lines=60):
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except FileNotFoundError:
        return "(no log)"


def build(editor, key, development):
    target = TARGETS[key]
    out = PROJECT / "Builds" / key
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    args = ["-buildTarget", target, "-executeMethod", ENTRY_POINT, "-outputPath", str(out), "-quit"]
    if development:
        args.append("-developmentBuild")
    code, log, seconds = unity(editor, f"build-{key}.log", *args)
    if code != 0:
        print(tail(log), file=sys.stderr)
        raise SystemExit(f"{target} build failed (exit {code})")
    print(f"{target}: built in {seconds:.0f}s")
    return out


def git_describe():
    proc = subprocess.run(["git", "describe", "--tags", "--always", "--dirty"], cwd=PROJECT, capture_output=True, text=True)
    return proc.stdout.strip() or "unknown"


def package(key, folder, version, development):
    ARTIFACTS.mkdir(exist_ok=True)
    info = {
        "target": TARGETS[key],
        "version": version,
        "unity": editor_version(),
        "development": development,
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    (folder / "build-info.json").write_text(json.dumps(info, indent=2))
    archive = ARTIFACTS / f"lanternfall-{version}-{key}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname=f"lanternfall-{key}")
    size = archive.stat().st_size / 1e6
    print(f"packaged {archive.name} ({size:.1f} MB)")
    return archive


def prune_artifacts(keep=6):
    files = sorted(ARTIFACTS.glob("lanternfall-*.tar.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[keep:]:
        old.unlink()
        print(f"removed old artifact {old.name}")


def check_license():
    # batch mode with no activated license fails after minutes of importing
    if os.environ.get("UNITY_SERIAL") or os.environ.get("UNITY_LICENSE"):
        return
    candidates = [
        Path.home() / ".local" / "share" / "unity3d" / "Unity" / "Unity_lic.ulf",
        Path("/Library/Application Support/Unity/Unity_lic.ulf"),
    ]
    if not any(p.exists() for p in candidates):
        raise SystemExit("no Unity license found; activate the editor or set UNITY_SERIAL")


def main():
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    parser.add_argument("targets", nargs="*", default=["linux"], choices=sorted(TARGETS))
    parser.add_argument("--fresh", action="store_true", help="delete Library/ before building")
    parser.add_argument("--skip-tests", action="store_true")
    parser.add_argument("--development", action="store_true")
    args = parser.parse_args()

    check_license()
    version = editor_version()
    editor = editor_path(version)
    if not editor.exists():
        raise SystemExit(f"Unity {version} not found at {editor} (set UNITY_EDITOR)")
    if args.fresh:
        for cache in ("Library", "Temp", "obj"):
            shutil.rmtree(PROJECT / cache, ignore_errors=True)
        print("removed Library/, Temp/ and obj/")
    if not args.skip_tests and not run_tests(editor):
        return 1
    release = git_describe()
    for key in args.targets:
        folder = build(editor, key, args.development)
        package(key, folder, release, args.development)
    prune_artifacts()
    return 0


if __name__ == "__main__":
    sys.exit(main())
