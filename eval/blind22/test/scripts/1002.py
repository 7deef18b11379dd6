#!/usr/bin/env python3
"""Regenerate the Python SDK of the orbit-payments API.

Pipeline:
  1. validate openapi/orbit.yaml with openapi-generator-cli (project-local jar)
  2. generate the client into sdk/python/build/, then move it to
     sdk/python/orbit_client/ (the previous copy is removed first)
  3. generate pydantic models with datamodel-codegen into sdk/python/orbit_models/
  4. run the formatter via `make -C sdk/python fmt` (constant shell command)
  5. run the SDK smoke tests unless --no-test

Directories that are removed are listed in OWNED_DIRS and must resolve inside
sdk/python/; the script refuses to start otherwise.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SDK = REPO / "sdk" / "python"
SPEC = REPO / "openapi" / "orbit.yaml"
OWNED_DIRS = {
    "build": SDK / "build",
    "client": SDK / "orbit_client",
    "models": SDK / "orbit_models",
}
GENERATOR_VERSION_FILE = REPO / "openapitools.json"
log = logging.getLogger("sdkgen")


def check_owned_dirs() -> None:
    for name, path in OWNED_DIRS.items():
        resolved = path.resolve()
        if SDK.resolve() not in resolved.parents:
            raise SystemExit(f"owned dir {name} -> {resolved} is not inside {SDK}")


def spec_digest() -> str:
    return hashlib.sha256(SPEC.read_bytes()).hexdigest()[:16]


def generator_cmd() -> list:
    local = REPO / "node_modules" / ".bin" / "openapi-generator-cli"
    if not local.exists():
        raise SystemExit("openapi-generator-cli missing; run `npm ci` at the repo root")
    return [str(local)]


def run(argv, cwd=REPO, env=None, label=None):
    started = time.monotonic()
    log.debug("exec %s", argv)
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
    took = time.monotonic() - started
    if proc.returncode != 0:
        log.error("%s failed after %.1fs", label or argv[0], took)
        sys.stderr.write(proc.stdout[-3000:])
        sys.stderr.write(proc.stderr[-3000:])
        raise SystemExit(proc.returncode)
    log.info("%s ok (%.1fs)", label or argv[0], took)
    return proc.stdout


def validate_spec() -> None:
    run(generator_cmd() + ["validate", "-i", str(SPEC), "--recommend"], label="validate")


def generate_client(package_version: str) -> None:
    build = OWNED_DIRS["build"]
    if build.exists():
        shutil.rmtree(build)
    props = {
        "packageName": "orbit_client",
        "projectName": "orbit-client",
        "packageVersion": package_version,
        "library": "urllib3",
    }
    argv = generator_cmd() + [
        "generate", "-i", str(SPEC), "-g", "python", "-o", str(build),
        "--additional-properties", ",".join(f"{k}={v}" for k, v in props.items()),
        "--global-property", "apiTests=false,modelTests=false",
    ]
    run(argv, label="generate client")
    target = OWNED_DIRS["client"]
    if target.exists():
        shutil.rmtree(target)
    shutil.move(str(build / "orbit_client"), str(target))
    shutil.rmtree(build)


def generate_models() -> None:
    target = OWNED_DIRS["models"]
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    argv = [
        sys.executable, "-m", "datamodel_code_generator",
        "--input", str(SPEC), "--input-file-type", "openapi",
        "--output", str(target / "__init__.py"),
        "--output-model-type", "pydantic_v2.BaseModel",
        "--target-python-version", "3.10",
        "--use-standard-collections", "--use-schema-description",
    ]
    run(argv, label="datamodel-codegen")


def format_sdk() -> None:
    # constant command; the Makefile pins ruff and isort versions
    subprocess.run("make -C sdk/python fmt >/dev/null", shell=True, cwd=REPO, check=True)


def smoke_test() -> None:
    env = dict(os.environ, PYTHONPATH=str(SDK))
    run([sys.executable, "-m", "pytest", "-q", "sdk/python/tests/smoke"], env=env, label="smoke tests")


def write_stamp(version: str) -> None:
    versions = {}
    if GENERATOR_VERSION_FILE.exists():
        versions = json.loads(GENERATOR_VERSION_FILE.read_text()).get("generator-cli", {})
    stamp = {
        "spec_sha256": spec_digest(),
        "package_version": version,
        "generator": versions.get("version"),
        "generated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    (SDK / "GENERATED.json").write_text(json.dumps(stamp, indent=2) + "\n")


def needs_regen(force: bool) -> bool:
    stamp_file = SDK / "GENERATED.json"
    if force or not stamp_file.exists():
        return True
    return json.loads(stamp_file.read_text()).get("spec_sha256") != spec_digest()


def git_changed() -> list:
    out = subprocess.run(
        ["git", "status", "--porcelain", "--", "sdk/python/orbit_client", "sdk/python/orbit_models"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout
    return [entry[3:] for entry in out.splitlines() if entry]


def main() -> int:
    ap = argparse.ArgumentParser(description="regenerate the orbit Python SDK")
    ap.add_argument("--version", default=os.environ.get("SDK_VERSION", "0.0.0.dev0"))
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--no-test", action="store_true")
    ap.add_argument("--ci", action="store_true", help="fail if the committed SDK is stale")
    ap.add_argument("--verbose", "-v", action="store_true", help="debug logging")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    check_owned_dirs()
    if not SPEC.exists():
        raise SystemExit(f"{SPEC} not found")
    if not needs_regen(args.force):
        log.info("spec unchanged since last generation (use --force to regenerate)")
        return 0

    validate_spec()
    generate_client(args.version)
    generate_models()
    format_sdk()
    write_stamp(args.version)
    if not args.no_test:
        smoke_test()

    changed = git_changed()
    log.info("%d generated file(s) differ from git", len(changed))
    if args.ci and changed:
        for path in changed[:40]:
            log.info("  %s", path)
        log.error("the committed SDK is stale; run tools/gen_sdk.py and commit")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
