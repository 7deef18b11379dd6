#!/usr/bin/env python3
"""Model evaluation harness for the fernleaf ranking models.

Loads a checkpoint through the project's own `fernleaf.models` registry (dynamic
import of a module inside this repository), scores the benchmark suites defined in
configs/eval/*.yaml and writes one JSON and one Markdown summary per run under
reports/eval/. Optionally logs to the project's MLflow tracking server on
mlflow.internal when MLFLOW_TRACKING_URI is set.
"""
from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Iterable

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
OUT = ROOT / "reports" / "eval"
SUITES = ROOT / "configs" / "eval"


@dataclass
class SuiteResult:
    suite: str
    metric: str
    value: float
    ci_low: float
    ci_high: float
    n: int
    seconds: float


def load_model(spec: str):
    """spec looks like 'ranker_v2:checkpoints/ranker_v2/best.pt'.

    The module part is resolved inside the project package only.
    """
    family, _, ckpt = spec.partition(":")
    if not family.isidentifier():
        raise SystemExit(f"bad model family {family!r}")
    module = importlib.import_module(f"fernleaf.models.{family}")
    ckpt_path = (ROOT / ckpt).resolve()
    if ROOT not in ckpt_path.parents:
        raise SystemExit("checkpoint must live inside the repository")
    return module.load(ckpt_path)


def ndcg_at_k(ranked: list[int], relevant: dict[int, float], k: int = 10) -> float:
    dcg = 0.0
    for i, doc in enumerate(ranked[:k]):
        gain = relevant.get(doc, 0.0)
        dcg += (2 ** gain - 1) / math.log2(i + 2)
    ideal = sorted(relevant.values(), reverse=True)[:k]
    idcg = sum((2 ** g - 1) / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


def mrr(ranked: list[int], relevant: dict[int, float]) -> float:
    for i, doc in enumerate(ranked):
        if relevant.get(doc, 0) > 0:
            return 1.0 / (i + 1)
    return 0.0


METRICS: dict[str, Callable[[list[int], dict[int, float]], float]] = {
    "ndcg@10": ndcg_at_k,
    "mrr": mrr,
}


def bootstrap_ci(values: list[float], rounds: int = 1000, seed: int = 7) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0], values[0]) if values else (0.0, 0.0)
    rng = random.Random(seed)
    means = []
    for _ in range(rounds):
        sample = [values[rng.randrange(len(values))] for _ in values]
        means.append(sum(sample) / len(sample))
    means.sort()
    return means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def iter_queries(path: Path) -> Iterable[dict]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line:
                yield json.loads(line)


def run_suite(model, name: str, cfg: dict, limit: int | None) -> SuiteResult:
    started = time.perf_counter()
    metric_fn = METRICS[cfg.get("metric", "ndcg@10")]
    data_path = ROOT / cfg["queries"]
    scores: list[float] = []
    for i, q in enumerate(iter_queries(data_path)):
        if limit is not None and i >= limit:
            break
        ranked = model.rank(q["query"], q["candidates"])
        relevant = {int(k): float(v) for k, v in q["qrels"].items()}
        scores.append(metric_fn(ranked, relevant))
    lo, hi = bootstrap_ci(scores)
    return SuiteResult(
        suite=name,
        metric=cfg.get("metric", "ndcg@10"),
        value=statistics.fmean(scores) if scores else 0.0,
        ci_low=lo,
        ci_high=hi,
        n=len(scores),
        seconds=time.perf_counter() - started,
    )


def maybe_log_mlflow(run_name: str, results: list[SuiteResult]) -> None:
    uri = os.environ.get("MLFLOW_TRACKING_URI")
    if not uri:
        return
    import mlflow  # optional dependency, only used when tracking is configured

    mlflow.set_tracking_uri(uri)
    mlflow.set_experiment("fernleaf-eval")
    with mlflow.start_run(run_name=run_name):
        for r in results:
            mlflow.log_metric(f"{r.suite}.{r.metric}", r.value)
            mlflow.log_metric(f"{r.suite}.n", r.n)


def to_markdown(run_name: str, model_spec: str, results: list[SuiteResult]) -> str:
    lines = [f"# Evaluation `{run_name}`", "", f"Model: `{model_spec}`", "",
             "| suite | metric | value | 95% CI | n | time |",
             "|---|---|---|---|---|---|"]
    for r in results:
        lines.append(
            f"| {r.suite} | {r.metric} | {r.value:.4f} | {r.ci_low:.4f}-{r.ci_high:.4f} "
            f"| {r.n} | {r.seconds:.1f}s |"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("model", help="family:checkpoint, e.g. ranker_v2:checkpoints/ranker_v2/best.pt")
    ap.add_argument("--suite", action="append", help="suite names (default: all)")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--run-name", default=time.strftime("eval-%Y%m%d-%H%M%S"))
    args = ap.parse_args()

    model = load_model(args.model)
    suites = {}
    for cfg_file in sorted(SUITES.glob("*.yaml")):
        cfg = yaml.safe_load(cfg_file.read_text())
        suites[cfg_file.stem] = cfg
    selected = args.suite or list(suites)
    missing = [s for s in selected if s not in suites]
    if missing:
        print(f"unknown suites: {missing}", file=sys.stderr)
        return 2

    results = []
    for name in selected:
        res = run_suite(model, name, suites[name], args.limit)
        print(f"{name:<20} {res.metric:<8} {res.value:.4f} (n={res.n})")
        results.append(res)

    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{args.run_name}.json").write_text(
        json.dumps({"model": args.model, "results": [asdict(r) for r in results]}, indent=2)
    )
    (OUT / f"{args.run_name}.md").write_text(to_markdown(args.run_name, args.model, results))
    maybe_log_mlflow(args.run_name, results)
    print(f"reports in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
