#!/usr/bin/env python3
"""Atheris fuzzing campaign for kiln's parsers.

Each harness lives in ``fuzz/harnesses/<name>.py`` and is run as a separate
Python process (``python fuzz/harnesses/<name>.py <corpus> -max_total_time=N``)
so a crash in the C extension cannot take the driver down.  The driver:

* seeds the corpus from ``tests/data`` the first time,
* runs each harness with a time budget and an RSS limit,
* re-runs new crash inputs once to confirm they reproduce,
* writes confirmed ones to ``tests/regressions/<name>/`` and a JSON report to
  ``out/fuzz/report.json``.

Stop with Ctrl-C: the harness currently running (our child) receives SIGINT,
libFuzzer prints its final stats and the report is still written.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("kiln.fuzz")
REPO = Path(__file__).resolve().parents[1]
HARNESSES = REPO / "fuzz" / "harnesses"
CORPORA = REPO / "fuzz" / "corpora"
ARTIFACTS = REPO / "out" / "fuzz" / "artifacts"
REGRESSIONS = REPO / "tests" / "regressions"
REPORT = REPO / "out" / "fuzz" / "report.json"
SEED_SOURCES = {"csv_reader": "tests/data/csv", "schema_loader": "tests/data/schemas",
                "expr_parser": "tests/data/expressions"}
FINAL_STATS = re.compile(r"stat::(\w+):\s+(\d+)")

running: subprocess.Popen | None = None


def on_sigint(signum, frame):
    if running is not None and running.poll() is None:
        running.send_signal(signal.SIGINT)
    else:
        raise KeyboardInterrupt


def available_harnesses() -> list[str]:
    return sorted(p.stem for p in HARNESSES.glob("*.py") if not p.name.startswith("_"))


def seed_corpus(name: str) -> Path:
    corpus = CORPORA / name
    corpus.mkdir(parents=True, exist_ok=True)
    if any(corpus.iterdir()):
        return corpus
    source = SEED_SOURCES.get(name)
    if source and (REPO / source).is_dir():
        for f in (REPO / source).iterdir():
            if f.is_file() and f.stat().st_size < 64 * 1024:
                shutil.copy2(f, corpus / hashlib.sha1(f.read_bytes()).hexdigest())
        LOG.info("seeded %s with %d file(s)", name, sum(1 for _ in corpus.iterdir()))
    return corpus


def run_harness(name: str, corpus: Path, seconds: int, rss_mb: int, log_path: Path) -> dict:
    global running
    art = ARTIFACTS / name
    art.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, str(HARNESSES / f"{name}.py"), str(corpus),
            f"-max_total_time={seconds}", f"-rss_limit_mb={rss_mb}",
            f"-artifact_prefix={art}{os.sep}", "-print_final_stats=1", "-timeout=25"]
    env = dict(os.environ, PYTHONHASHSEED="0", ASAN_OPTIONS="detect_leaks=0")
    started = time.monotonic()
    with log_path.open("w") as log:
        running = subprocess.Popen(argv, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            code = running.wait(timeout=seconds + 120)
        except subprocess.TimeoutExpired:
            running.kill()
            code = running.wait()
        finally:
            running = None
    stats = {k: int(v) for k, v in FINAL_STATS.findall(log_path.read_text(errors="replace"))}
    return {"harness": name, "exit": code, "seconds": round(time.monotonic() - started, 1),
            "stats": stats, "log": str(log_path.relative_to(REPO))}


def reproduces(name: str, crash: Path) -> bool:
    proc = subprocess.run([sys.executable, str(HARNESSES / f"{name}.py"), str(crash), "-runs=1"],
                          cwd=REPO, capture_output=True, text=True, timeout=120, check=False)
    return proc.returncode != 0


def promote_crashes(name: str) -> list[str]:
    art = ARTIFACTS / name
    promoted: list[str] = []
    if not art.is_dir():
        return promoted
    dest_dir = REGRESSIONS / name
    for crash in sorted(art.glob("crash-*")) + sorted(art.glob("timeout-*")):
        if not reproduces(name, crash):
            LOG.info("%s did not reproduce; dropping", crash.name)
            crash.unlink()
            continue
        dest_dir.mkdir(parents=True, exist_ok=True)
        dest = dest_dir / crash.name
        if not dest.exists():
            shutil.copy2(crash, dest)
            promoted.append(str(dest.relative_to(REPO)))
        crash.unlink()
    return promoted


def merge_corpus(name: str, corpus: Path) -> None:
    merged = corpus.with_name(corpus.name + ".merged")
    if merged.exists():
        shutil.rmtree(merged)
    merged.mkdir()
    proc = subprocess.run([sys.executable, str(HARNESSES / f"{name}.py"), "-merge=1", str(merged),
                           str(corpus)], cwd=REPO, capture_output=True, timeout=900, check=False)
    if proc.returncode == 0 and any(merged.iterdir()):
        before = sum(1 for _ in corpus.iterdir())
        shutil.rmtree(corpus)
        merged.rename(corpus)
        LOG.info("corpus %s: %d -> %d inputs", name, before, sum(1 for _ in corpus.iterdir()))
    else:
        shutil.rmtree(merged)


def regression_test_stub(name: str) -> Path | None:
    """Create a pytest module that replays tests/regressions/<name>/* once."""
    test_file = REPO / "tests" / f"test_fuzz_regressions_{name}.py"
    if test_file.exists():
        return None
    test_file.write_text(
        "import pathlib\nimport pytest\n\n"
        f"from fuzz.harnesses.{name} import TestOneInput\n\n"
        f"CASES = sorted((pathlib.Path(__file__).parent / 'regressions' / '{name}').glob('*'))\n\n\n"
        "@pytest.mark.parametrize('case', CASES, ids=lambda p: p.name)\n"
        "def test_replay(case):\n"
        "    TestOneInput(case.read_bytes())\n"
    )
    return test_file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="atheris campaign driver")
    parser.add_argument("harness", nargs="*")
    parser.add_argument("--seconds", type=int, default=120, help="budget per harness")
    parser.add_argument("--rss-mb", type=int, default=3072)
    parser.add_argument("--no-merge", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[fuzz] %(message)s")
    signal.signal(signal.SIGINT, on_sigint)

    try:
        import atheris  # noqa: F401
    except ImportError:
        LOG.error("atheris is not installed in this environment (pip install atheris)")
        return 2

    names = args.harness or available_harnesses()
    unknown = sorted(set(names) - set(available_harnesses()))
    if unknown:
        LOG.error("unknown harness(es): %s", ", ".join(unknown))
        return 2
    logs = REPO / "out" / "fuzz" / "logs"
    logs.mkdir(parents=True, exist_ok=True)

    results = []
    for name in names:
        corpus = seed_corpus(name)
        LOG.info("%s: %ds budget", name, args.seconds)
        result = run_harness(name, corpus, args.seconds, args.rss_mb, logs / f"{name}.log")
        result["promoted"] = promote_crashes(name)
        if result["promoted"]:
            stub = regression_test_stub(name)
            if stub:
                LOG.info("created %s", stub.relative_to(REPO))
        if not args.no_merge:
            merge_corpus(name, corpus)
        results.append(result)
        LOG.info("%s: exit=%s execs=%s new regressions=%d", name, result["exit"],
                 result["stats"].get("number_of_executed_units", "?"), len(result["promoted"]))

    REPORT.parent.mkdir(exist_ok=True, parents=True)
    REPORT.write_text(json.dumps({"finished": time.strftime("%FT%T"), "results": results}, indent=2))
    LOG.info("report: %s", REPORT.relative_to(REPO))
    return 1 if any(r["promoted"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
