#!/usr/bin/env python3
"""CI job helper: throwaway scratch org for Apex tests.

Used by the pipeline (and runnable locally):
  1. authorise the Dev Hub from SFDX_AUTH_URL (environment secret). The URL is
     written to a private temp file because `sf org login sfdx-url` reads it
     from a file; the file is deleted in a finally block.
  2. create a scratch org with a unique alias ci-<run id>
  3. deploy, run tests, collect JUnit output into build/test-results
  4. delete that scratch org again (only the alias this run created)
"""
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "build" / "test-results"
DEF_FILE = REPO / "config" / "project-scratch-def.json"


class CommandError(Exception):
    def __init__(self, argv, payload):
        self.argv = argv
        self.payload = payload
        super().__init__(payload.get("message") or f"{argv[1]} failed")


def sf_json(*args, timeout=1800):
    argv = ["sf", *args, "--json"]
    printable = [a if not a.startswith("force:") else "<sfdx-auth-url>" for a in argv]
    print("$", " ".join(printable), flush=True)
    proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=timeout)
    try:
        payload = json.loads(proc.stdout or "{}")
    except json.JSONDecodeError:
        payload = {"status": 1, "message": (proc.stderr or proc.stdout)[-500:]}
    if payload.get("status", 1) != 0:
        raise CommandError(argv, payload)
    return payload.get("result", {})


@contextmanager
def auth_url_file():
    url = os.environ.get("SFDX_AUTH_URL", "")
    if not url.startswith("force://"):
        raise SystemExit("SFDX_AUTH_URL is missing or malformed")
    fd, name = tempfile.mkstemp(prefix="devhub-", suffix=".url")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(url)
        os.chmod(name, 0o600)
        yield name
    finally:
        try:
            os.unlink(name)
        except FileNotFoundError:
            pass


def login_devhub():
    with auth_url_file() as path:
        result = sf_json("org", "login", "sfdx-url", "--sfdx-url-file", path,
                         "--alias", "ci-devhub", "--set-default-dev-hub")
    print(f"dev hub: {result.get('username', '?')}")


def run_id():
    return os.environ.get("CI_PIPELINE_ID") or os.environ.get("GITHUB_RUN_ID") or secrets.token_hex(3)


def create_scratch(alias):
    return sf_json("org", "create", "scratch", "--definition-file", str(DEF_FILE),
                   "--alias", alias, "--duration-days", "1", "--target-dev-hub", "ci-devhub",
                   "--wait", "20", "--no-track-source")


def deploy(alias):
    result = sf_json("project", "deploy", "start", "--target-org", alias, "--wait", "40")
    return len(result.get("files", []))


def run_tests(alias):
    RESULTS.mkdir(parents=True, exist_ok=True)
    try:
        result = sf_json("apex", "run", "test", "--target-org", alias, "--test-level", "RunLocalTests",
                         "--code-coverage", "--result-format", "junit", "--output-dir", str(RESULTS),
                         "--wait", "60")
    except CommandError as exc:
        result = exc.payload.get("result") or {}
        if not result:
            raise
    summary = result.get("summary", {})
    return summary


def delete_scratch(alias):
    # only delete what this run created; the alias carries the run id
    if not alias.startswith("ci-") or alias == "ci-devhub":
        print(f"refusing to delete {alias}")
        return
    for attempt in range(3):
        try:
            sf_json("org", "delete", "scratch", "--target-org", alias, "--no-prompt", timeout=300)
            print(f"deleted scratch org {alias}")
            return
        except (CommandError, subprocess.TimeoutExpired) as exc:
            print(f"delete attempt {attempt + 1} failed: {exc}")
            time.sleep(10 * (attempt + 1))
    print(f"warning: scratch org {alias} not deleted; it expires in 1 day anyway")


def failing_tests_report():
    """Turn the JUnit XML into a short list for the job log."""
    import xml.etree.ElementTree as ET

    lines = []
    for xml_file in sorted(RESULTS.glob("*.xml")):
        try:
            tree = ET.parse(xml_file)
        except ET.ParseError:
            continue
        for case in tree.iter("testcase"):
            failure = case.find("failure")
            if failure is None:
                continue
            message = (failure.get("message") or failure.text or "").strip().splitlines()
            first = message[0][:160] if message else ""
            lines.append(f"{case.get('classname')}.{case.get('name')}: {first}")
    if lines:
        print("failing tests:")
        for line in lines[:30]:
            print("  -", line)
        if len(lines) > 30:
            print(f"  … and {len(lines) - 30} more")
    return lines


def write_summary(summary, components, seconds):
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "summary.json").write_text(json.dumps({
        "outcome": summary.get("outcome"),
        "tests": summary.get("testsRan"),
        "failing": summary.get("failing"),
        "coverage": summary.get("testRunCoverage"),
        "components": components,
        "seconds": round(seconds),
    }, indent=2))


def main():
    if not DEF_FILE.exists():
        raise SystemExit(f"missing {DEF_FILE.relative_to(REPO)}")
    started = time.monotonic()
    login_devhub()
    alias = f"ci-{run_id()}"
    created = False
    exit_code = 1
    try:
        info = create_scratch(alias)
        created = True
        print(f"scratch org {alias}: {info.get('username')}")
        components = deploy(alias)
        print(f"deployed {components} component(s)")
        summary = run_tests(alias)
        write_summary(summary, components, time.monotonic() - started)
        failing_tests_report()
        outcome = summary.get("outcome", "Failed")
        print(f"tests: {summary.get('passing', 0)} passed, {summary.get('failing', 0)} failed, "
              f"coverage {summary.get('testRunCoverage', '?')}")
        exit_code = 0 if outcome == "Passed" else 2
    except CommandError as exc:
        print(f"error: {exc}", file=sys.stderr)
    finally:
        if created and os.environ.get("KEEP_SCRATCH") != "1":
            delete_scratch(alias)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
