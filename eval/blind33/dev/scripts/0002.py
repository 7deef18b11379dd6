#!/usr/bin/env python3
"""Report the state of the DVC pipeline for the nightly CI summary.

Runs `dvc status`, `dvc data status` and `dvc exp show` in the repository,
parses their JSON output and writes a markdown report to
reports/pipeline-status.md (and optionally a JSON copy for dashboards).

Nothing is pushed or pulled unless --fetch is given, in which case
`dvc fetch` is run for the stages listed in params.yaml under report.fetch.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
REPORT_DIR = REPO / "reports"
DEFAULT_TIMEOUT = 600


class DvcError(RuntimeError):
    pass


def run_dvc(*args: str, timeout: int = DEFAULT_TIMEOUT, check: bool = True) -> str:
    """Run dvc with an argv list; never through a shell."""
    exe = shutil.which("dvc")
    if exe is None:
        raise DvcError("dvc is not on PATH; activate the project venv first")
    argv = [exe, *args]
    proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=timeout)
    if check and proc.returncode != 0:
        raise DvcError(f"{shlex.join(argv)} failed ({proc.returncode}):\n{proc.stderr.strip()[-2000:]}")
    return proc.stdout


def git_value(*args: str) -> str:
    out = subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=False)
    return out.stdout.strip() or "unknown"


def load_params() -> dict:
    path = REPO / "params.yaml"
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh) or {}


def pipeline_status() -> dict[str, list[str]]:
    raw = run_dvc("status", "--json")
    data = json.loads(raw or "{}")
    changed: dict[str, list[str]] = {}
    for stage, entries in data.items():
        reasons: list[str] = []
        for entry in entries:
            if isinstance(entry, str):
                reasons.append(entry)
            elif isinstance(entry, dict):
                for kind, files in entry.items():
                    if isinstance(files, dict):
                        for name, state in files.items():
                            reasons.append(f"{kind}: {name} ({state})")
                    else:
                        reasons.append(f"{kind}: {files}")
        changed[stage] = reasons
    return changed


def data_status() -> dict:
    raw = run_dvc("data", "status", "--json", "--granular", check=False)
    try:
        return json.loads(raw or "{}")
    except json.JSONDecodeError:
        return {"error": "could not parse dvc data status output"}


def experiments(limit: int) -> list[dict]:
    raw = run_dvc("exp", "show", "--json", "-n", str(limit), check=False)
    try:
        payload = json.loads(raw or "[]")
    except json.JSONDecodeError:
        return []
    rows: list[dict] = []
    for commit in payload if isinstance(payload, list) else []:
        for exp in commit.get("experiments") or []:
            for rev in exp.get("revs") or []:
                data = rev.get("data") or {}
                metrics = {}
                for fname, content in (data.get("metrics") or {}).items():
                    for key, val in (content.get("data") or {}).items():
                        metrics[f"{Path(fname).stem}.{key}"] = val
                rows.append({
                    "name": rev.get("name") or rev.get("rev", "")[:7],
                    "rev": rev.get("rev", "")[:7],
                    "metrics": metrics,
                })
    return rows


def fetch_stages(stages: list[str]) -> None:
    for stage in stages:
        print(f"fetching outputs of {stage} ...", file=sys.stderr)
        run_dvc("fetch", stage, timeout=3600)


def fmt_metric(value) -> str:
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value)


def render_markdown(ctx: dict) -> str:
    lines = [
        f"# Pipeline status — {ctx['generated']}",
        "",
        f"- branch: `{ctx['branch']}`",
        f"- commit: `{ctx['commit']}`",
        f"- dvc: {ctx['dvc_version']}",
        "",
        "## Stages",
        "",
    ]
    if not ctx["stages"]:
        lines.append("All stages are up to date.")
    else:
        lines.append("| stage | reason |")
        lines.append("|---|---|")
        for stage, reasons in sorted(ctx["stages"].items()):
            reason = "<br>".join(reasons) or "changed"
            lines.append(f"| `{stage}` | {reason} |")
    lines += ["", "## Data", ""]
    data = ctx["data"]
    if "error" in data:
        lines.append(f"_{data['error']}_")
    else:
        for section in ("committed", "uncommitted", "not_in_cache", "unknown"):
            entries = data.get(section) or {}
            total = sum(len(v) for v in entries.values()) if isinstance(entries, dict) else len(entries)
            lines.append(f"- {section.replace('_', ' ')}: {total}")
    lines += ["", "## Recent experiments", ""]
    exps = ctx["experiments"]
    if not exps:
        lines.append("No experiments found.")
    else:
        keys = sorted({k for e in exps for k in e["metrics"]})[:6]
        lines.append("| name | rev | " + " | ".join(keys) + " |")
        lines.append("|---|---|" + "---|" * len(keys))
        for e in exps:
            vals = " | ".join(fmt_metric(e["metrics"].get(k, "")) for k in keys)
            lines.append(f"| {e['name']} | `{e['rev']}` | {vals} |")
    lines.append("")
    return "\n".join(lines)


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fetch", action="store_true", help="dvc fetch the stages in params.yaml report.fetch first")
    ap.add_argument("--json", action="store_true", help="also write reports/pipeline-status.json")
    ap.add_argument("--limit", type=int, default=10, help="number of commits for dvc exp show")
    ap.add_argument("--fail-on-stale", action="store_true", help="exit 1 when any stage is out of date")
    args = ap.parse_args()

    params = load_params()
    try:
        if args.fetch:
            fetch_stages(list(params.get("report", {}).get("fetch", [])))
        ctx = {
            "generated": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "branch": git_value("rev-parse", "--abbrev-ref", "HEAD"),
            "commit": git_value("rev-parse", "--short", "HEAD"),
            "dvc_version": run_dvc("version", "--json", check=False)[:0] or run_dvc("--version").strip(),
            "stages": pipeline_status(),
            "data": data_status(),
            "experiments": experiments(args.limit),
        }
    except DvcError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except subprocess.TimeoutExpired as exc:
        print(f"error: dvc timed out after {exc.timeout}s", file=sys.stderr)
        return 3

    write_atomic(REPORT_DIR / "pipeline-status.md", render_markdown(ctx))
    if args.json:
        write_atomic(REPORT_DIR / "pipeline-status.json", json.dumps(ctx, indent=2, default=str))
    stale = len(ctx["stages"])
    print(f"wrote {REPORT_DIR / 'pipeline-status.md'} ({stale} stale stage(s))")
    return 1 if (args.fail_on_stale and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
