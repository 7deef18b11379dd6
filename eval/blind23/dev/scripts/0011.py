#!/usr/bin/env python3
"""Combined coverage for the C++ core (llvm-cov) and the Python bindings (coverage.py).

Steps
-----
1. configure a separate build tree ``build-cov`` with clang's source-based
   coverage flags (never touches the normal ``build`` tree);
2. run the C++ unit tests with LLVM_PROFILE_FILE pointing into build-cov/profraw;
3. merge the raw profiles and export lcov + an HTML report;
4. run pytest under ``coverage run`` for the bindings;
5. merge both into build/coverage/summary.json and, with --upload, send the lcov
   files to Codecov using the repository upload token from the environment.

Old profraw files are deleted before each run so numbers do not mix between runs.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build-cov"
PROFRAW = BUILD / "profraw"
OUT = ROOT / "build" / "coverage"
TEST_BINARIES = ["unit_tests", "codec_tests"]
COV_FLAGS = "-fprofile-instr-generate -fcoverage-mapping -O0 -g"
IGNORE_REGEX = r"(third_party|tests|_deps)/"


def sh(argv: list[str], **kw) -> subprocess.CompletedProcess:
    print("+ " + shlex.join(argv), flush=True)
    return subprocess.run(argv, check=True, **kw)


def tool(name: str) -> str:
    """Prefer versioned LLVM tools that match the compiler in use."""
    version = os.environ.get("LLVM_VERSION")
    for candidate in ([f"{name}-{version}"] if version else []) + [name]:
        path = shutil.which(candidate)
        if path:
            return path
    raise SystemExit(f"{name} not found; set LLVM_VERSION or install llvm")


def configure_and_build(jobs: int) -> None:
    BUILD.mkdir(exist_ok=True)
    sh([
        "cmake", "-S", str(ROOT), "-B", str(BUILD), "-G", "Ninja",
        "-DCMAKE_BUILD_TYPE=Debug",
        "-DCMAKE_C_COMPILER=clang", "-DCMAKE_CXX_COMPILER=clang++",
        f"-DCMAKE_C_FLAGS={COV_FLAGS}", f"-DCMAKE_CXX_FLAGS={COV_FLAGS}",
        "-DRELAY_BUILD_TESTS=ON",
    ])
    sh(["cmake", "--build", str(BUILD), "-j", str(jobs), "--target", *TEST_BINARIES])


def reset_profiles() -> None:
    if PROFRAW.exists():
        shutil.rmtree(PROFRAW)
    PROFRAW.mkdir(parents=True)


def run_cpp_tests() -> list[Path]:
    env = dict(os.environ)
    env["LLVM_PROFILE_FILE"] = str(PROFRAW / "%p-%m.profraw")
    binaries = []
    for name in TEST_BINARIES:
        exe = BUILD / name
        if not exe.exists():
            print(f"warning: {exe} missing, skipped", file=sys.stderr)
            continue
        proc = subprocess.run([str(exe), "--gtest_brief=1"], env=env, check=False)
        if proc.returncode != 0:
            print(f"warning: {name} exited {proc.returncode}", file=sys.stderr)
        binaries.append(exe)
    return binaries


def export_llvm(binaries: list[Path]) -> dict:
    OUT.mkdir(parents=True, exist_ok=True)
    profdata = BUILD / "merged.profdata"
    raws = sorted(str(p) for p in PROFRAW.glob("*.profraw"))
    if not raws:
        raise SystemExit("no .profraw files were produced; did the tests run?")
    sh([tool("llvm-profdata"), "merge", "-sparse", *raws, "-o", str(profdata)])
    objects: list[str] = [str(binaries[0])]
    for extra in binaries[1:]:
        objects += ["-object", str(extra)]
    common = [f"-instr-profile={profdata}", f"-ignore-filename-regex={IGNORE_REGEX}"]
    with (OUT / "cpp.lcov").open("w") as fh:
        sh([tool("llvm-cov"), "export", "-format=lcov", *common, *objects], stdout=fh)
    sh([tool("llvm-cov"), "show", "-format=html", f"-output-dir={OUT / 'cpp-html'}",
        *common, *objects])
    report = subprocess.run([tool("llvm-cov"), "export", "-summary-only", *common, *objects],
                            capture_output=True, text=True, check=True)
    totals = json.loads(report.stdout)["data"][0]["totals"]
    return {k: totals[k]["percent"] for k in ("lines", "functions", "branches")}


def run_python_coverage() -> dict:
    data_file = OUT / ".coverage"
    env = dict(os.environ, COVERAGE_FILE=str(data_file))
    sh([sys.executable, "-m", "coverage", "erase"], env=env)
    proc = subprocess.run([sys.executable, "-m", "coverage", "run", "--branch", "--source=relay",
                           "-m", "pytest", "-q", "bindings/tests"], env=env, check=False)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"pytest crashed with exit code {proc.returncode}")
    sh([sys.executable, "-m", "coverage", "lcov", "-o", str(OUT / "python.lcov")], env=env)
    sh([sys.executable, "-m", "coverage", "html", "-d", str(OUT / "py-html")], env=env)
    js = subprocess.run([sys.executable, "-m", "coverage", "json", "-o", "-"], env=env,
                        capture_output=True, text=True, check=True)
    return {"lines": json.loads(js.stdout)["totals"]["percent_covered"]}


def upload(token: str, commit: str) -> None:
    """Codecov's CLI reads the token from its environment; we never print it."""
    uploader = shutil.which("codecov")
    if uploader is None:
        print("codecov CLI not installed; skipping upload", file=sys.stderr)
        return
    env = dict(os.environ, CODECOV_TOKEN=token)
    for flag, path in (("cpp", OUT / "cpp.lcov"), ("python", OUT / "python.lcov")):
        for attempt in range(3):
            proc = subprocess.run([uploader, "upload-process", "--file", str(path),
                                   "--flag", flag, "--sha", commit], env=env, check=False)
            if proc.returncode == 0:
                break
            time.sleep(5 * (attempt + 1))


def worst_files(lcov: Path, top: int = 10) -> list[tuple[str, float]]:
    """Parse an lcov tracefile and return the least covered source files."""
    if not lcov.exists():
        return []
    results: list[tuple[str, float]] = []
    current, found, hit = None, 0, 0
    for line in lcov.read_text().splitlines():
        if line.startswith("SF:"):
            current, found, hit = line[3:], 0, 0
        elif line.startswith("LF:"):
            found = int(line[3:])
        elif line.startswith("LH:"):
            hit = int(line[3:])
        elif line == "end_of_record" and current and found:
            rel = os.path.relpath(current, ROOT)
            results.append((rel, hit / found * 100))
    return sorted(results, key=lambda item: item[1])[:top]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--python-only", action="store_true")
    parser.add_argument("--upload", action="store_true", help="send lcov files to Codecov")
    parser.add_argument("--fail-under", type=float, default=0.0)
    args = parser.parse_args()

    summary: dict = {"generated": time.strftime("%Y-%m-%dT%H:%M:%S")}
    if not args.python_only:
        if not args.skip_build:
            configure_and_build(args.jobs)
        reset_profiles()
        binaries = run_cpp_tests()
        summary["cpp"] = export_llvm(binaries)
    summary["python"] = run_python_coverage()
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    for part in ("cpp", "python"):
        if part in summary:
            print(f"{part:7} lines {summary[part]['lines']:.1f}%")
    for name in ("cpp.lcov", "python.lcov"):
        for rel, pct in worst_files(OUT / name, top=5):
            print(f"  low coverage {pct:5.1f}%  {rel}")

    if args.upload:
        token = os.environ.get("CODECOV_TOKEN")
        if not token:
            print("CODECOV_TOKEN not set; not uploading", file=sys.stderr)
        else:
            commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                                    text=True, check=True).stdout.strip()
            upload(token, commit)

    worst = min(summary[p]["lines"] for p in ("cpp", "python") if p in summary)
    if worst < args.fail_under:
        print(f"coverage {worst:.1f}% is below --fail-under {args.fail_under}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
