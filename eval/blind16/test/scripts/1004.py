#!/usr/bin/env python3
"""Compare an exported ONNX model against the PyTorch reference on golden inputs.

Used before every model export is committed to models/: loads the candidate
ONNX file with onnxruntime, the reference outputs recorded in
tests/golden/<model>/*.npz, runs every golden input through the ONNX session
and checks max-abs / cosine agreement plus latency percentiles. The verdict and
per-input numbers go to reports/onnx-check/<model>.json. Optional
--providers selects execution providers (CPU by default, CUDA when present).
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from argparse import ArgumentParser
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden"
REPORTS = REPO / "reports" / "onnx-check"


@dataclass
class Tolerance:
    max_abs: float = 1e-3
    min_cosine: float = 0.9995


@dataclass
class InputResult:
    name: str
    max_abs: float
    cosine: float
    ms: float
    ok: bool


@dataclass
class Verdict:
    model: str
    providers: list[str]
    opset: int
    inputs: list[InputResult] = field(default_factory=list)
    p50_ms: float = 0.0
    p95_ms: float = 0.0
    passed: bool = False


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    a = a.ravel().astype(np.float64)
    b = b.ravel().astype(np.float64)
    denom = np.linalg.norm(a) * np.linalg.norm(b)
    return float(a @ b / denom) if denom else 1.0


def pick_providers(requested: list[str] | None) -> list[str]:
    available = ort.get_available_providers()
    if requested:
        missing = [p for p in requested if p not in available]
        if missing:
            raise SystemExit(f"providers not available here: {missing} (have {available})")
        return requested
    return [p for p in ("CUDAExecutionProvider", "CPUExecutionProvider") if p in available]


def check_graph(model_path: Path) -> int:
    model = onnx.load(str(model_path))
    onnx.checker.check_model(model)
    return max(op.version for op in model.opset_import if op.domain in ("", "ai.onnx"))


def golden_cases(model_name: str) -> list[Path]:
    folder = GOLDEN / model_name
    cases = sorted(folder.glob("*.npz"))
    if not cases:
        raise SystemExit(f"no golden cases in {folder.relative_to(REPO)}")
    return cases


def run_case(sess: ort.InferenceSession, case: Path, tol: Tolerance, warmup: int) -> InputResult:
    data = np.load(case)
    feeds = {i.name: data[f"in_{i.name}"] for i in sess.get_inputs()}
    expected = [data[f"out_{o.name}"] for o in sess.get_outputs()]
    for _ in range(warmup):
        sess.run(None, feeds)
    t0 = time.perf_counter()
    actual = sess.run(None, feeds)
    ms = (time.perf_counter() - t0) * 1000
    worst_abs = max(float(np.max(np.abs(a - e))) for a, e in zip(actual, expected))
    worst_cos = min(cosine(a, e) for a, e in zip(actual, expected))
    ok = worst_abs <= tol.max_abs and worst_cos >= tol.min_cosine
    return InputResult(case.stem, worst_abs, worst_cos, ms, ok)


def latency(sess: ort.InferenceSession, case: Path, rounds: int) -> list[float]:
    data = np.load(case)
    feeds = {i.name: data[f"in_{i.name}"] for i in sess.get_inputs()}
    out = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        sess.run(None, feeds)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main(argv: list[str]) -> int:
    cli = ArgumentParser(prog="onnx_check")
    cli.add_argument("model", type=Path, help="path to the exported .onnx inside models/")
    cli.add_argument("--name", help="golden folder name (default: file stem)")
    cli.add_argument("--providers", nargs="*")
    cli.add_argument("--max-abs", type=float, default=Tolerance.max_abs)
    cli.add_argument("--min-cosine", type=float, default=Tolerance.min_cosine)
    cli.add_argument("--rounds", type=int, default=50)
    opts = cli.parse_args(argv)

    model_path = opts.model.resolve()
    if (REPO / "models").resolve() not in model_path.parents:
        raise SystemExit("the candidate model must be under models/")
    name = opts.name or model_path.stem
    tol = Tolerance(opts.max_abs, opts.min_cosine)

    opset = check_graph(model_path)
    providers = pick_providers(opts.providers)
    so = ort.SessionOptions()
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    sess = ort.InferenceSession(str(model_path), sess_options=so, providers=providers)

    verdict = Verdict(model=name, providers=providers, opset=opset)
    cases = golden_cases(name)
    for case in cases:
        res = run_case(sess, case, tol, warmup=2)
        verdict.inputs.append(res)
        flag = "ok " if res.ok else "BAD"
        print(f"{flag} {res.name:<24} max|Δ|={res.max_abs:.2e} cos={res.cosine:.6f} {res.ms:.1f}ms")

    timings = latency(sess, cases[0], opts.rounds)
    verdict.p50_ms = statistics.median(timings)
    verdict.p95_ms = float(np.percentile(timings, 95))
    verdict.passed = all(r.ok for r in verdict.inputs)

    REPORTS.mkdir(parents=True, exist_ok=True)
    report = REPORTS / f"{name}.json"
    report.write_text(json.dumps(asdict(verdict), indent=2), encoding="utf-8")
    print(f"opset {opset}, providers {providers}, p50 {verdict.p50_ms:.1f}ms p95 {verdict.p95_ms:.1f}ms")
    print(f"{'PASS' if verdict.passed else 'FAIL'}: report at {report.relative_to(REPO)}")
    return 0 if verdict.passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
