#!/usr/bin/env python3
"""Pachyderm pipeline health report for the imaging project.

Reads the state of the pipelines declared in pachyderm/pipelines/*.json from
the *current pachctl context* and reports:

* pipeline state (running / standby / crashing / failure)
* last job per pipeline with its state, duration and datum counts
* repos that have not received a commit for longer than their SLA

The context must be one of ALLOWED_CONTEXTS (the local kind cluster or the
shared dev cluster); the script refuses to talk to anything else so it
cannot be pointed at production by a stray `pachctl config set`.

With ``--restart-crashing`` it calls ``pachctl stop pipeline`` and
``pachctl start pipeline`` for pipelines in CRASHING state - only on the local
context, and only for pipelines defined in this repository.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent
PIPELINE_DIR = REPO_ROOT / "pachyderm" / "pipelines"
ALLOWED_CONTEXTS = {"local-kind", "imaging-dev"}
LOCAL_CONTEXTS = {"local-kind"}
DEFAULT_SLA_HOURS = 26


@dataclass
class JobSummary:
    pipeline: str
    job_id: str
    state: str
    started: dt.datetime | None
    finished: dt.datetime | None
    processed: int
    failed: int
    skipped: int

    @property
    def duration(self) -> str:
        if not self.started or not self.finished:
            return "-"
        secs = int((self.finished - self.started).total_seconds())
        return f"{secs // 3600}h{secs % 3600 // 60:02d}m" if secs >= 3600 else f"{secs // 60}m{secs % 60:02d}s"


class PachctlError(RuntimeError):
    pass


def pachctl(*args: str, parse_json: bool = True) -> Any:
    binary = shutil.which("pachctl")
    if not binary:
        raise PachctlError("pachctl not found on PATH")
    completed = subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)
    if completed.returncode:
        raise PachctlError(f"pachctl {' '.join(args)}: {completed.stderr.strip()[:400]}")
    if not parse_json:
        return completed.stdout
    out = completed.stdout.strip()
    if not out:
        return []
    # pachctl --raw prints one JSON document per line for list commands
    docs = []
    decoder = json.JSONDecoder()
    pos = 0
    while pos < len(out):
        while pos < len(out) and out[pos].isspace():
            pos += 1
        if pos >= len(out):
            break
        doc, pos = decoder.raw_decode(out, pos)
        docs.append(doc)
    return docs


def active_context() -> str:
    return str(pachctl("config", "get", "active-context", parse_json=False)).strip()


def parse_time(value: str | None) -> dt.datetime | None:
    if not value:
        return None
    value = value.replace("Z", "+00:00")
    if "." in value:
        head, _, tail = value.partition(".")
        frac = "".join(ch for ch in tail if ch.isdigit())[:6]
        zone = tail[len("".join(ch for ch in tail if ch.isdigit())):]
        value = f"{head}.{frac}{zone}"
    return dt.datetime.fromisoformat(value)


def declared_pipelines() -> dict[str, dict[str, Any]]:
    specs: dict[str, dict[str, Any]] = {}
    for path in sorted(PIPELINE_DIR.glob("*.json")):
        spec = json.loads(path.read_text(encoding="utf-8"))
        name = spec.get("pipeline", {}).get("name")
        if not name:
            raise SystemExit(f"{path.name}: missing pipeline.name")
        specs[name] = spec
    return specs


def pipeline_states() -> dict[str, str]:
    states = {}
    for info in pachctl("list", "pipeline", "--raw"):
        name = info.get("pipeline", {}).get("name")
        states[name] = str(info.get("state", "UNKNOWN")).replace("PIPELINE_", "")
    return states


def last_job(pipeline: str) -> JobSummary | None:
    jobs = pachctl("list", "job", "--pipeline", pipeline, "--raw", "--history", "0")
    if not jobs:
        return None
    job = jobs[0]
    return JobSummary(
        pipeline=pipeline,
        job_id=job.get("job", {}).get("id", "")[:12],
        state=str(job.get("state", "")).replace("JOB_", ""),
        started=parse_time(job.get("started")),
        finished=parse_time(job.get("finished")),
        processed=int(job.get("data_processed", 0)),
        failed=int(job.get("data_failed", 0)),
        skipped=int(job.get("data_skipped", 0)),
    )


def stale_repos(specs: dict[str, dict[str, Any]]) -> list[tuple[str, float, float]]:
    now = dt.datetime.now(dt.timezone.utc)
    stale = []
    inputs: dict[str, float] = {}
    for spec in specs.values():
        pfs = spec.get("input", {}).get("pfs")
        if pfs:
            inputs[pfs["repo"]] = float(spec.get("metadata", {}).get("annotations", {}).get("sla_hours", DEFAULT_SLA_HOURS))
    for repo, sla in sorted(inputs.items()):
        commits = pachctl("list", "commit", f"{repo}@master", "--number", "1", "--raw")
        if not commits:
            stale.append((repo, float("inf"), sla))
            continue
        finished = parse_time(commits[0].get("finished") or commits[0].get("started"))
        age = (now - finished).total_seconds() / 3600 if finished else float("inf")
        if age > sla:
            stale.append((repo, age, sla))
    return stale


def restart(pipeline: str) -> None:
    pachctl("stop", "pipeline", pipeline, parse_json=False)
    pachctl("start", "pipeline", pipeline, parse_json=False)
    print(f"  restarted {pipeline}")


def main() -> int:
    parser = argparse.ArgumentParser(description="Pachyderm pipeline health report")
    parser.add_argument("--restart-crashing", action="store_true")
    parser.add_argument("--json", action="store_true", help="machine readable output")
    opts = parser.parse_args()

    try:
        context = active_context()
        if context not in ALLOWED_CONTEXTS:
            print(f"active pachctl context {context!r} is not one of {sorted(ALLOWED_CONTEXTS)}", file=sys.stderr)
            return 2
        specs = declared_pipelines()
        states = pipeline_states()
        jobs = {name: last_job(name) for name in specs if name in states}
        stale = stale_repos(specs)
    except PachctlError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    problems = 0
    if opts.json:
        print(json.dumps({
            "context": context,
            "states": states,
            "jobs": {k: (v.__dict__ | {"started": str(v.started), "finished": str(v.finished)}) if v else None
                     for k, v in jobs.items()},
            "stale": stale,
        }, indent=2, default=str))
    else:
        print(f"context: {context}")
        for name in specs:
            state = states.get(name, "MISSING")
            job = jobs.get(name)
            info = f"{job.state:<9} {job.duration:>8}  ok={job.processed} failed={job.failed}" if job else "no jobs"
            flag = "!" if state in ("CRASHING", "FAILURE", "MISSING") or (job and job.failed) else " "
            problems += flag == "!"
            print(f" {flag} {name:<28} {state:<10} {info}")
        for repo, age, sla in stale:
            problems += 1
            print(f" ! repo {repo} has no commit for {age:.0f}h (SLA {sla:.0f}h)")

    if opts.restart_crashing:
        if context not in LOCAL_CONTEXTS:
            print("--restart-crashing is only allowed on the local context", file=sys.stderr)
            return 2
        for name, state in states.items():
            if state == "CRASHING" and name in specs:
                restart(name)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
