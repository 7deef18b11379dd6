#!/usr/bin/env python3
"""Generate the Buildkite pipeline for this monorepo from the changed paths.

Run as the first step of the pipeline:

    python3 .buildkite/gen_pipeline.py | buildkite-agent pipeline upload

or locally to see what would run:

    python3 .buildkite/gen_pipeline.py --base origin/main --print

When BUILDKITE is set (inside an agent job) and --upload is given, the
script calls `buildkite-agent pipeline upload` itself; outside Buildkite it
only prints YAML. Deploy steps are added only on the main branch and are
always behind a `block` step.
"""
import argparse
import fnmatch
import os
import subprocess
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
COMPONENTS_FILE = REPO / ".buildkite" / "components.yaml"
ALWAYS = ("buildkite/**", ".buildkite/**", "Makefile")


def git_lines(*args):
    out = subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=True)
    return [l for l in out.stdout.splitlines() if l]


def changed_files(base):
    if base is None:
        return None  # full build
    merge_base = git_lines("merge-base", base, "HEAD")[0]
    return git_lines("diff", "--name-only", f"{merge_base}...HEAD")


def load_components():
    doc = yaml.safe_load(COMPONENTS_FILE.read_text())
    comps = doc["components"]
    for name, c in comps.items():
        c.setdefault("paths", [f"{name}/**"])
        c.setdefault("depends_on", [])
        c.setdefault("queue", "default")
        for dep in c["depends_on"]:
            if dep not in comps:
                raise SystemExit(f"component {name} depends on unknown {dep}")
    return comps


def matches(path, patterns):
    return any(fnmatch.fnmatch(path, p) for p in patterns)


def affected(comps, files):
    if files is None or any(matches(f, ALWAYS) for f in files):
        return set(comps)
    direct = {name for name, c in comps.items() if any(matches(f, c["paths"]) for f in files)}
    # anything depending on an affected component is affected too
    result = set(direct)
    changed = True
    while changed:
        changed = False
        for name, c in comps.items():
            if name not in result and any(d in result for d in c["depends_on"]):
                result.add(name)
                changed = True
    return result


def step_key(name, kind):
    return f"{kind}-{name}".replace("/", "-")


def test_steps(comps, names):
    steps = []
    for name in sorted(names):
        c = comps[name]
        steps.append({
            "label": f":test_tube: {name}",
            "key": step_key(name, "test"),
            "command": c.get("test", f"make -C {name} test"),
            "agents": {"queue": c["queue"]},
            "timeout_in_minutes": c.get("timeout", 20),
            "retry": {"automatic": [{"exit_status": -1, "limit": 2}]},
            "artifact_paths": [f"{name}/reports/**/*"],
        })
    return steps


def deploy_steps(comps, names, branch):
    if branch != "main":
        return []
    deployable = sorted(n for n in names if comps[n].get("deploy"))
    if not deployable:
        return []
    steps = ["wait", {"block": ":rocket: Deploy?", "key": "deploy-gate", "prompt": "Deploy the changed services?"}]
    for name in deployable:
        steps.append({
            "label": f":rocket: deploy {name}",
            "key": step_key(name, "deploy"),
            "depends_on": ["deploy-gate", step_key(name, "test")],
            "command": comps[name]["deploy"],
            "agents": {"queue": "deploy"},
            "concurrency": 1,
            "concurrency_group": f"deploy/{name}",
        })
    return steps


def pipeline(comps, names, branch):
    steps = test_steps(comps, names)
    if not steps:
        steps = [{"label": ":white_check_mark: nothing changed", "command": "echo no components affected"}]
    steps += deploy_steps(comps, names, branch)
    return {"env": {"MONOREPO_COMPONENTS": ",".join(sorted(names))}, "steps": steps}


def lint(doc):
    """Catch the mistakes that make `pipeline upload` fail late."""
    keys = set()
    problems = []
    for step in doc["steps"]:
        if not isinstance(step, dict):
            continue
        key = step.get("key")
        if key:
            if key in keys:
                problems.append(f"duplicate step key {key}")
            keys.add(key)
    for step in doc["steps"]:
        if isinstance(step, dict):
            for dep in step.get("depends_on", []):
                if dep not in keys:
                    problems.append(f"{step.get('key')} depends on missing key {dep}")
    if problems:
        raise SystemExit("invalid pipeline:\n  " + "\n  ".join(problems))


def upload(doc):
    if not os.environ.get("BUILDKITE"):
        raise SystemExit("--upload only works inside a Buildkite job (BUILDKITE is not set)")
    proc = subprocess.run(["buildkite-agent", "pipeline", "upload"], input=yaml.safe_dump(doc, sort_keys=False),
                          text=True)
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default=os.environ.get("BUILDKITE_PULL_REQUEST_BASE_BRANCH"),
                    help="compare against this ref; omit for a full build")
    ap.add_argument("--branch", default=os.environ.get("BUILDKITE_BRANCH", ""))
    ap.add_argument("--upload", action="store_true")
    ap.add_argument("--print", action="store_true", help="print a summary instead of YAML")
    args = ap.parse_args()

    if args.base and not args.base.startswith(("origin/", "refs/")):
        args.base = f"origin/{args.base}"
    comps = load_components()
    files = changed_files(args.base)
    names = affected(comps, files)
    doc = pipeline(comps, names, args.branch)
    lint(doc)

    if args.print:
        print(f"changed files: {'all (full build)' if files is None else len(files)}")
        print(f"components:    {', '.join(sorted(names)) or 'none'}")
        print(f"steps:         {sum(1 for s in doc['steps'] if isinstance(s, dict))}")
        return 0
    if args.upload:
        return upload(doc)
    sys.stdout.write(yaml.safe_dump(doc, sort_keys=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
