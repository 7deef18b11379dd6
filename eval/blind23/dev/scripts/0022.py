#!/usr/bin/env python3
"""Build a relocatable distribution of the relay daemon into ./dist.

Pipeline (each step can be skipped with --skip <name>):

  conan    conan install into build/conan (dependencies for the chosen profile)
  build    cmake configure + build with the conan toolchain
  test     ctest with the sanitizer build if --sanitize is set
  install  cmake --install into ./dist (never a system prefix)
  rpath    patchelf --set-rpath '$ORIGIN/../lib' on installed executables
  verify   ldd on every ELF in dist/ must not resolve libraries from build/
  archive  tar.gz of dist/ into build/relay-<version>-<arch>.tar.gz

The default prefix is <repo>/dist; any other --prefix must still be inside the
repository because this tool is for producing artefacts, not installing them.
"""
from __future__ import annotations

import argparse
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "dist-build"
CONAN_OUT = ROOT / "build" / "conan"
STEPS = ["conan", "build", "test", "install", "rpath", "verify", "archive"]
SANITIZERS = {
    "asan": "-fsanitize=address -fno-omit-frame-pointer",
    "ubsan": "-fsanitize=undefined -fno-sanitize-recover=undefined",
    "tsan": "-fsanitize=thread",
}


class BuildError(Exception):
    pass


def run(argv, cwd: Path = ROOT, env=None) -> str:
    printable = shlex.join(str(a) for a in argv)
    print(f"\n$ {printable}", flush=True)
    proc = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    tail = proc.stdout.splitlines()[-40:]
    print("\n".join(tail))
    if proc.returncode != 0:
        raise BuildError(f"{argv[0]} failed with exit code {proc.returncode}")
    return proc.stdout


def project_version() -> str:
    for line in (ROOT / "CMakeLists.txt").read_text().splitlines():
        if line.strip().startswith("project(") and "VERSION" in line:
            return line.split("VERSION")[1].split()[0].strip(")")
    return "0.0.0"


def resolve_prefix(raw: str | None) -> Path:
    prefix = (Path(raw) if raw else ROOT / "dist").resolve()
    if prefix != ROOT and ROOT not in prefix.parents:
        raise BuildError(f"--prefix {prefix} is outside the repository; refusing")
    return prefix


def step_conan(args) -> None:
    if shutil.which("conan") is None:
        raise BuildError("conan is not installed (pipx install conan)")
    run(["conan", "install", ROOT, f"--output-folder={CONAN_OUT}", "--build=missing",
         "-s", f"build_type={args.build_type}", "-pr:b", "default", "-pr:h", args.profile])


def step_build(args) -> None:
    flags = SANITIZERS.get(args.sanitize, "")
    toolchain = CONAN_OUT / "conan_toolchain.cmake"
    configure = ["cmake", "-S", ROOT, "-B", BUILD, "-G", "Ninja",
                 f"-DCMAKE_BUILD_TYPE={args.build_type}",
                 f"-DCMAKE_TOOLCHAIN_FILE={toolchain}",
                 "-DCMAKE_C_COMPILER_LAUNCHER=ccache", "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
    if flags:
        configure += [f"-DCMAKE_C_FLAGS={flags}", f"-DCMAKE_CXX_FLAGS={flags}",
                      f"-DCMAKE_EXE_LINKER_FLAGS={flags}"]
    run(configure)
    run(["cmake", "--build", BUILD, "-j", str(args.jobs)])
    if shutil.which("ccache"):
        stats = subprocess.run(["ccache", "--print-stats"], capture_output=True, text=True)
        hits = [ln for ln in stats.stdout.splitlines() if "direct_cache_hit" in ln]
        if hits:
            print("ccache " + hits[0].replace("\t", " "))


def step_test(args) -> None:
    env = dict(os.environ)
    if args.sanitize == "asan":
        env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=1:symbolize=1"
    elif args.sanitize == "ubsan":
        env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    run(["ctest", "--test-dir", BUILD, "--output-on-failure", "-j", str(args.jobs)], env=env)


def step_install(args) -> None:
    prefix = resolve_prefix(args.prefix)
    if prefix.exists() and args.clean:
        shutil.rmtree(prefix)
    run(["cmake", "--install", BUILD, "--prefix", prefix, "--strip"])


def elf_files(prefix: Path):
    for path in prefix.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    yield path


def step_rpath(args) -> None:
    prefix = resolve_prefix(args.prefix)
    if shutil.which("patchelf") is None:
        raise BuildError("patchelf missing")
    for exe in sorted((prefix / "bin").glob("*")):
        if exe.is_file():
            run(["patchelf", "--set-rpath", "$ORIGIN/../lib", exe])
    for lib in sorted((prefix / "lib").glob("*.so*")):
        if lib.is_file() and not lib.is_symlink():
            run(["patchelf", "--set-rpath", "$ORIGIN", lib])


def step_verify(args) -> None:
    prefix = resolve_prefix(args.prefix)
    problems = []
    for elf in elf_files(prefix):
        out = subprocess.run(["ldd", str(elf)], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if "not found" in line or str(ROOT / "build") in line:
                problems.append(f"{elf.relative_to(prefix)}: {line.strip()}")
        dyn = subprocess.run(["readelf", "-d", str(elf)], capture_output=True, text=True).stdout
        if "RUNPATH" not in dyn and "RPATH" not in dyn and "/bin/" in str(elf):
            problems.append(f"{elf.relative_to(prefix)}: no RUNPATH set")
    if problems:
        raise BuildError("dist verification failed:\n  " + "\n  ".join(problems))
    print("dist verified: all libraries resolve inside the prefix or the system")


def step_archive(args) -> None:
    prefix = resolve_prefix(args.prefix)
    name = f"relay-{project_version()}-{platform.machine()}"
    out = ROOT / "build" / f"{name}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        tar.add(prefix, arcname=name)
    print(f"archive: {out.relative_to(ROOT)} ({out.stat().st_size / 1e6:.1f} MB)")


def main() -> int:
    parser = argparse.ArgumentParser(description="build a relocatable dist/ tree")
    parser.add_argument("--build-type", default="Release", choices=["Release", "RelWithDebInfo", "Debug"])
    parser.add_argument("--profile", default="default")
    parser.add_argument("--sanitize", choices=sorted(SANITIZERS))
    parser.add_argument("--prefix")
    parser.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 4)
    parser.add_argument("--skip", action="append", default=[], choices=STEPS)
    parser.add_argument("--clean", action="store_true", help="wipe the prefix before install")
    args = parser.parse_args()

    handlers = {name: globals()[f"step_{name}"] for name in STEPS}
    try:
        resolve_prefix(args.prefix)
        for name in STEPS:
            if name in args.skip or (name == "test" and not args.sanitize):
                continue
            handlers[name](args)
    except BuildError as exc:
        print(f"\nerror: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
