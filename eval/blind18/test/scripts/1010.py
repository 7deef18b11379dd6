#!/usr/bin/env python3
"""Build and regression-test the project's custom Ollama models.

ai/modelfiles/*.Modelfile define assistant variants (system prompt, params)
on top of pulled base models. This tool:
  build   `ollama create acme-<name> -f <Modelfile>` for each file
  eval    runs ai/evals/*.yaml prompts against each acme-* model through the
          local API (127.0.0.1:11434) and checks expected substrings
  clean   `ollama rm` for acme-* models whose Modelfile no longer exists
Only models named acme-* are ever created or removed.
"""
import argparse
import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
MODELFILES = ROOT / "ai" / "modelfiles"
EVALS = ROOT / "ai" / "evals"
API = "http://127.0.0.1:11434"
PREFIX = "acme-"


def api(path: str, payload: dict | None = None, timeout: float = 300):
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(API + path, data=data,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read() or b"{}")


def local_models() -> set[str]:
    return {m["name"].split(":")[0] for m in api("/api/tags")["models"]}


def model_name(modelfile: Path) -> str:
    stem = modelfile.name.removesuffix(".Modelfile")
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", stem):
        raise SystemExit(f"bad modelfile name {modelfile.name}")
    return PREFIX + stem


def base_model(modelfile: Path) -> str | None:
    for line in modelfile.read_text().splitlines():
        if line.upper().startswith("FROM "):
            return line.split(None, 1)[1].strip()
    return None


def build(names: list[str] | None) -> list[str]:
    built = []
    have = local_models()
    for mf in sorted(MODELFILES.glob("*.Modelfile")):
        name = model_name(mf)
        if names and name not in names:
            continue
        base = base_model(mf)
        if base and base.split(":")[0] not in have and not base.startswith("./"):
            print(f"base model {base} missing; pulling it for {name}")
            subprocess.run(["ollama", "pull", base], check=True)
        print(f"building {name}")
        subprocess.run(["ollama", "create", name, "-f", str(mf)], check=True)
        built.append(name)
    return built


def load_cases() -> list[dict]:
    cases = []
    for f in sorted(EVALS.glob("*.yaml")):
        doc = yaml.safe_load(f.read_text()) or {}
        for case in doc.get("cases", []):
            case.setdefault("models", doc.get("models", []))
            case["file"] = f.name
            cases.append(case)
    return cases


def ask(model: str, prompt: str) -> tuple[str, float]:
    started = time.monotonic()
    out = api("/api/generate", {"model": model, "prompt": prompt, "stream": False,
                                "options": {"temperature": 0, "num_predict": 256}})
    return out.get("response", ""), time.monotonic() - started


def evaluate(models: list[str]) -> int:
    failures = 0
    for case in load_cases():
        targets = [m for m in models if not case["models"] or m in case["models"]]
        for model in targets:
            answer, secs = ask(model, case["prompt"])
            missing = [s for s in case.get("expect", []) if s.lower() not in answer.lower()]
            forbidden = [s for s in case.get("forbid", []) if s.lower() in answer.lower()]
            ok = not missing and not forbidden
            failures += 0 if ok else 1
            status = "ok  " if ok else "FAIL"
            print(f"{status} {model:<24} {case['id']:<28} {secs:5.1f}s")
            if not ok:
                if missing:
                    print(f"       missing: {missing}")
                if forbidden:
                    print(f"       forbidden: {forbidden}")
    return failures


def clean(dry_run: bool) -> int:
    defined = {model_name(mf) for mf in MODELFILES.glob("*.Modelfile")}
    removed = 0
    for name in sorted(local_models()):
        if not name.startswith(PREFIX) or name in defined:
            continue
        print(f"{'would remove' if dry_run else 'removing'} {name}")
        if not dry_run:
            subprocess.run(["ollama", "rm", name], check=True)
        removed += 1
    return removed


def write_report(models: list[str], path: Path) -> None:
    """Markdown table of per-model pass rates, kept in ai/evals/REPORT.md."""
    cases = load_cases()
    lines = ["| model | cases | passed |", "|---|---:|---:|"]
    for model in models:
        total = passed = 0
        for case in cases:
            if case["models"] and model not in case["models"]:
                continue
            total += 1
            answer, _ = ask(model, case["prompt"])
            if all(s.lower() in answer.lower() for s in case.get("expect", [])):
                passed += 1
        lines.append(f"| {model} | {total} | {passed} |")
    path.write_text("\n".join(lines) + "\n")
    print(f"report written to {path.relative_to(ROOT)}")


def show(name: str) -> None:
    info = api("/api/show", {"name": name})
    print(info.get("modelfile", "")[:2000])


def ensure_daemon() -> None:
    try:
        api("/api/version", timeout=3)
    except OSError:
        raise SystemExit("ollama is not running on 127.0.0.1:11434 (start it with `ollama serve`)")


def main() -> int:
    ap = argparse.ArgumentParser(description="custom ollama models")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("names", nargs="*")
    e = sub.add_parser("eval")
    e.add_argument("names", nargs="*")
    c = sub.add_parser("clean")
    c.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    ensure_daemon()
    if args.cmd == "build":
        built = build(args.names or None)
        print(f"built {len(built)} model(s)")
        return 0
    if args.cmd == "eval":
        models = args.names or sorted(m for m in local_models() if m.startswith(PREFIX))
        bad = [m for m in models if not m.startswith(PREFIX)]
        if bad:
            raise SystemExit(f"only acme-* models can be evaluated here: {bad}")
        failures = evaluate(models)
        print(f"{failures} failure(s)")
        if failures == 0:
            write_report(models, EVALS / "REPORT.md")
        return 1 if failures else 0
    print(f"{clean(args.dry_run)} stale model(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
