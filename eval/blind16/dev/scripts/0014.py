#!/usr/bin/env python3
"""Build the weekly experiment report from the project's MLflow server.

Reads MLFLOW_TRACKING_URI (and, for local runs, the project's own .env file) to
reach the team's tracking server on mlflow.internal, pulls the runs of the chosen
experiments, and writes reports/weekly/<date>.md plus PNG charts next to it. The
Markdown is what we paste into the team notes. Old chart files from previous
builds of the same week are deleted before writing new ones.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import sys
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports" / "weekly"
DEFAULT_URI = "http://mlflow.internal:5000"
PRIMARY_METRIC = "val_ndcg10"


def load_dotenv(path: Path) -> dict[str, str]:
    """Minimal .env reader for the project's local settings (no interpolation)."""
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip('"').strip("'")
    return values


class Tracking:
    def __init__(self, base: str, token: str | None):
        self.base = base.rstrip("/")
        self.token = token

    def _post(self, endpoint: str, body: dict) -> dict:
        req = urllib.request.Request(
            f"{self.base}/api/2.0/mlflow/{endpoint}",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read() or b"{}")

    def _get(self, endpoint: str, params: dict) -> dict:
        url = f"{self.base}/api/2.0/mlflow/{endpoint}?{urllib.parse.urlencode(params)}"
        req = urllib.request.Request(url)
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read() or b"{}")

    def experiment_id(self, name: str) -> str:
        data = self._get("experiments/get-by-name", {"experiment_name": name})
        return data["experiment"]["experiment_id"]

    def runs_since(self, exp_id: str, since: dt.datetime) -> list[dict]:
        ms = int(since.timestamp() * 1000)
        runs, token = [], None
        while True:
            body = {
                "experiment_ids": [exp_id],
                "filter": f"attributes.start_time >= {ms}",
                "max_results": 200,
            }
            if token:
                body["page_token"] = token
            data = self._post("runs/search", body)
            runs.extend(data.get("runs", []))
            token = data.get("next_page_token")
            if not token:
                return runs


def flatten(run: dict) -> dict:
    info = run["info"]
    metrics = {m["key"]: m["value"] for m in run.get("data", {}).get("metrics", [])}
    params = {p["key"]: p["value"] for p in run.get("data", {}).get("params", [])}
    return {
        "id": info["run_id"],
        "name": info.get("run_name", info["run_id"][:8]),
        "status": info["status"],
        "start": dt.datetime.fromtimestamp(info["start_time"] / 1000),
        "metrics": metrics,
        "params": params,
    }


def chart(rows: list[dict], out: Path, metric: str) -> Path | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    by_model = defaultdict(list)
    for r in rows:
        if metric in r["metrics"]:
            by_model[r["params"].get("model", "?")].append((r["start"], r["metrics"][metric]))
    if not by_model:
        return None
    fig, ax = plt.subplots(figsize=(8, 4))
    for model, pts in sorted(by_model.items()):
        pts.sort()
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=model)
    ax.set_ylabel(metric)
    ax.legend(loc="best")
    fig.autofmt_xdate()
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def render(week: str, per_exp: dict[str, list[dict]], charts: dict[str, Path]) -> str:
    lines = [f"# Experiment report, week {week}", ""]
    for exp, rows in per_exp.items():
        finished = [r for r in rows if r["status"] == "FINISHED"]
        failed = [r for r in rows if r["status"] == "FAILED"]
        lines += [f"## {exp}", "", f"{len(finished)} finished, {len(failed)} failed runs.", ""]
        best = sorted(
            (r for r in finished if PRIMARY_METRIC in r["metrics"]),
            key=lambda r: r["metrics"][PRIMARY_METRIC],
            reverse=True,
        )[:5]
        if best:
            lines += ["| run | model | lr | " + PRIMARY_METRIC + " |", "|---|---|---|---|"]
            for r in best:
                lines.append(
                    f"| {r['name']} | {r['params'].get('model', '?')} | "
                    f"{r['params'].get('lr', '?')} | {r['metrics'][PRIMARY_METRIC]:.4f} |"
                )
            lines.append("")
        if exp in charts:
            lines += [f"![{exp}]({charts[exp].name})", ""]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("experiments", nargs="+")
    ap.add_argument("--days", type=int, default=7)
    args = ap.parse_args()

    env = {**load_dotenv(ROOT / ".env"), **os.environ}
    tracking = Tracking(env.get("MLFLOW_TRACKING_URI", DEFAULT_URI), env.get("MLFLOW_TRACKING_TOKEN"))
    since = dt.datetime.now() - dt.timedelta(days=args.days)
    week = dt.date.today().strftime("%G-W%V")
    out_dir = REPORTS / week
    if out_dir.exists():
        shutil.rmtree(out_dir)  # rebuild this week's report from scratch
    out_dir.mkdir(parents=True)

    per_exp, charts = {}, {}
    for name in args.experiments:
        try:
            exp_id = tracking.experiment_id(name)
        except (KeyError, OSError) as exc:
            print(f"skipping {name}: {exc}", file=sys.stderr)
            continue
        rows = [flatten(r) for r in tracking.runs_since(exp_id, since)]
        per_exp[name] = rows
        png = chart(rows, out_dir / f"{name}.png", PRIMARY_METRIC)
        if png:
            charts[name] = png
        print(f"{name}: {len(rows)} runs")
    (out_dir / "report.md").write_text(render(week, per_exp, charts), encoding="utf-8")
    print(f"report written to {(out_dir / 'report.md').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
