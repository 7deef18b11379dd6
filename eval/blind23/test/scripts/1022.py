#!/usr/bin/env python3
"""Build kiln's native extension wheel and check it is self-contained.

Steps (each skippable with --skip):

    configure   cmake -S native -B out/native/<config> (Ninja, optional sanitizer)
    build       cmake --build, ccache if available
    test        ctest for the C++ unit tests (ASAN_OPTIONS set when sanitizing)
    stage       cmake --install into out/native/stage (never a system prefix)
    rpath       patchelf --set-rpath '$ORIGIN' on the staged extension modules
    wheel       python -m build --wheel with the staged tree
    audit       readelf/ldd on every .so in the wheel: no build-tree paths,
                no unresolved libraries, only allowed external sonames

All paths are under out/native; ``--clean`` removes that directory first.
"""
from __future__ import annotations

import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

LOG = logging.getLogger("kiln.native")
REPO = Path(__file__).resolve().parents[1]
NATIVE_SRC = REPO / "native"
OUT = REPO / "out" / "native"
STAGE = OUT / "stage"
STEPS = ("configure", "build", "test", "stage", "rpath", "wheel", "audit")
ALLOWED_SONAMES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "libstdc++.so.6",
                   "libgcc_s.so.1", "ld-linux-x86-64.so.2", "libz.so.1"}
SANITIZERS = {"address": "-fsanitize=address -fno-omit-frame-pointer",
              "undefined": "-fsanitize=undefined -fno-sanitize-recover=undefined"}


def sh(argv: list, cwd: Path = REPO, env: dict | None = None, capture: bool = False) -> str:
    argv = [str(a) for a in argv]
    LOG.info("$ %s", shlex.join(argv))
    proc = subprocess.run(argv, cwd=cwd, env=env, text=True,
                          capture_output=capture, check=False)
    if proc.returncode != 0:
        if capture:
            sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"{argv[0]} failed with exit code {proc.returncode}")
    return proc.stdout if capture else ""


def build_dir(args) -> Path:
    name = args.config.lower() + (f"-{args.sanitize}" if args.sanitize else "")
    return OUT / name


def step_configure(args) -> None:
    flags = SANITIZERS.get(args.sanitize or "", "")
    argv = ["cmake", "-S", NATIVE_SRC, "-B", build_dir(args), "-G", "Ninja",
            f"-DCMAKE_BUILD_TYPE={args.config}", f"-DPython_EXECUTABLE={sys.executable}"]
    if flags:
        argv += [f"-DCMAKE_CXX_FLAGS={flags}", f"-DCMAKE_SHARED_LINKER_FLAGS={flags}"]
    if shutil.which("ccache"):
        argv += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
    sh(argv)


def step_build(args) -> None:
    sh(["cmake", "--build", build_dir(args), "--parallel", str(args.jobs)])


def step_test(args) -> None:
    env = dict(os.environ)
    if args.sanitize == "address":
        env["ASAN_OPTIONS"] = "detect_leaks=1:check_initialization_order=1"
    elif args.sanitize == "undefined":
        env["UBSAN_OPTIONS"] = "print_stacktrace=1"
    sh(["ctest", "--test-dir", build_dir(args), "--output-on-failure", "-j", str(args.jobs)], env=env)


def step_stage(args) -> None:
    if STAGE.exists():
        shutil.rmtree(STAGE)
    sh(["cmake", "--install", build_dir(args), "--prefix", STAGE, "--component", "python"])


def staged_modules() -> list[Path]:
    return sorted(p for p in STAGE.rglob("*.so") if p.is_file() and not p.is_symlink())


def step_rpath(args) -> None:
    if shutil.which("patchelf") is None:
        raise SystemExit("patchelf is required for the rpath step")
    for mod in staged_modules():
        sh(["patchelf", "--set-rpath", "$ORIGIN", mod])


def step_wheel(args) -> None:
    env = dict(os.environ, KILN_NATIVE_STAGE=str(STAGE))
    sh([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", OUT / "dist", REPO],
       env=env)


def needed_and_runpath(so: Path) -> tuple[list[str], str]:
    dyn = sh(["readelf", "-d", so], capture=True)
    needed = [ln.split("[")[1].rstrip("]") for ln in dyn.splitlines() if "(NEEDED)" in ln]
    runpath = next((ln.split("[")[1].rstrip("]") for ln in dyn.splitlines()
                    if "(RUNPATH)" in ln or "(RPATH)" in ln), "")
    return needed, runpath


def step_audit(args) -> None:
    wheels = sorted((OUT / "dist").glob("*.whl"))
    if not wheels:
        raise SystemExit("no wheel produced")
    problems: list[str] = []
    with tempfile.TemporaryDirectory(dir=OUT) as tmp:
        with zipfile.ZipFile(wheels[-1]) as zf:
            zf.extractall(tmp)
        bundled = {p.name for p in Path(tmp).rglob("*.so*")}
        for so in Path(tmp).rglob("*.so"):
            needed, runpath = needed_and_runpath(so)
            if str(OUT) in runpath or str(REPO) in runpath:
                problems.append(f"{so.name}: RUNPATH points into the build tree ({runpath})")
            for lib in needed:
                if lib not in ALLOWED_SONAMES and lib not in bundled:
                    problems.append(f"{so.name}: depends on {lib} which is neither bundled nor allowed")
            ldd = sh(["ldd", so], capture=True)
            problems += [f"{so.name}: {ln.strip()}" for ln in ldd.splitlines() if "not found" in ln]
    if problems:
        raise SystemExit("wheel audit failed:\n  " + "\n  ".join(problems))
    LOG.info("audit ok: %s", wheels[-1].name)


def ccache_summary() -> None:
    if shutil.which("ccache") is None:
        return
    out = subprocess.run(["ccache", "--print-stats"], capture_output=True, text=True,
                         check=False).stdout
    stats = dict(line.split("\t", 1) for line in out.splitlines() if "\t" in line)
    hits = int(stats.get("direct_cache_hit", 0)) + int(stats.get("preprocessed_cache_hit", 0))
    misses = int(stats.get("cache_miss", 0))
    if hits + misses:
        LOG.info("ccache: %d hits, %d misses (%.0f%%)", hits, misses, hits / (hits + misses) * 100)


def symbol_check() -> None:
    """The extension must export only PyInit_*; anything else leaks our C++ symbols."""
    for mod in staged_modules():
        out = sh(["nm", "-D", "--defined-only", mod], capture=True)
        exported = [ln.split()[-1] for ln in out.splitlines() if " T " in ln]
        extra = [s for s in exported if not s.startswith("PyInit_")]
        if extra:
            LOG.warning("%s exports %d extra symbol(s), e.g. %s", mod.name, len(extra), extra[:3])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="build and audit kiln's native wheel")
    parser.add_argument("--config", default="Release", choices=["Release", "RelWithDebInfo", "Debug"])
    parser.add_argument("--sanitize", choices=sorted(SANITIZERS), help="sanitizer build")
    parser.add_argument("--skip", action="append", default=[], choices=STEPS, help="skip a step")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--clean", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean and OUT.exists():
        shutil.rmtree(OUT)
        LOG.info("removed %s", OUT.relative_to(REPO))
    OUT.mkdir(parents=True, exist_ok=True)
    for name in STEPS:
        if name in args.skip:
            continue
        if name == "wheel" and args.sanitize:
            LOG.info("skipping wheel for sanitizer builds")
            continue
        LOG.info("== %s", name)
        globals()[f"step_{name}"](args)
        if name == "build":
            ccache_summary()
        if name == "rpath":
            symbol_check()
    return 0


if __name__ == "__main__":
    sys.exit(main())
