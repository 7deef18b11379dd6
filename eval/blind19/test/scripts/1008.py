#!/usr/bin/env python3
"""Queue and compare DVC experiments for the demand-forecast model.

    python ml/experiments.py sweep lr=0.01,0.03 depth=6,8    # queue a grid
    python ml/experiments.py run                             # run the queue
    python ml/experiments.py best --metric val.mape          # show the best run
    python ml/experiments.py promote exp-3f2a1               # apply + commit it
    python ml/experiments.py cleanup                         # drop queued/failed exps, local gc

Experiments are ordinary DVC experiments (refs under refs/exps); `cleanup`
only removes experiment refs that were never promoted and then runs
`dvc gc --workspace` on the local cache. The remote is never garbage
collected from here.
"""
import argparse
import itertools
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARAMS = "params.yaml"
DEFAULT_METRIC = "val.mape"
LOWER_IS_BETTER = {"val.mape", "val.rmse", "val.loss"}
PROMOTED_LOG = ROOT / "ml" / "promoted.jsonl"


def dvc(*args, capture=False, check=True):
    argv = ["dvc", *args]
    print("dvc", " ".join(args), flush=True)
    proc = subprocess.run(argv, cwd=ROOT, text=True, capture_output=capture)
    if check and proc.returncode != 0:
        if capture:
            sys.stderr.write(proc.stderr)
        raise SystemExit(f"dvc {args[0]} failed ({proc.returncode})")
    return proc.stdout if capture else proc.returncode


def parse_axes(specs):
    axes = []
    for spec in specs:
        if "=" not in spec:
            raise SystemExit(f"bad axis {spec!r}; expected name=v1,v2")
        name, values = spec.split("=", 1)
        axes.append((name, [v for v in values.split(",") if v]))
    return axes


def grid(axes):
    names = [a[0] for a in axes]
    for combo in itertools.product(*(a[1] for a in axes)):
        yield dict(zip(names, combo))


def queue(combos):
    count = 0
    for combo in combos:
        args = ["exp", "run", "--queue"]
        for name, value in combo.items():
            args += ["-S", f"{PARAMS}:{name}={value}"]
        dvc(*args)
        count += 1
    return count


def run_queue(jobs):
    return dvc("queue", "start", "-j", str(jobs), check=False) or dvc("queue", "logs", "--follow", check=False)


def experiments():
    raw = dvc("exp", "show", "--json", "--all-commits", capture=True)
    data = json.loads(raw)
    rows = []
    for commit in data:
        for exp in commit.get("experiments") or []:
            for rev in exp.get("revs", []):
                payload = rev.get("data", {})
                metrics = {}
                for fname, content in (payload.get("metrics") or {}).items():
                    metrics.update(flatten(content.get("data", {})))
                rows.append(
                    {
                        "name": rev.get("name") or rev.get("rev", "")[:7],
                        "status": payload.get("status", "Unknown"),
                        "metrics": metrics,
                    }
                )
    return rows


def flatten(obj, prefix=""):
    out = {}
    for key, value in obj.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            out.update(flatten(value, full))
        else:
            out[full] = value
    return out


def best(rows, metric):
    scored = [r for r in rows if r["status"] == "Success" and metric in r["metrics"]]
    if not scored:
        return None
    reverse = metric not in LOWER_IS_BETTER
    return sorted(scored, key=lambda r: r["metrics"][metric], reverse=reverse)[0]


def table(rows, metric):
    """Plain text table of successful runs, best first."""
    ok = [r for r in rows if metric in r["metrics"]]
    ok.sort(key=lambda r: r["metrics"][metric], reverse=metric not in LOWER_IS_BETTER)
    lines = [f"{'experiment':<24} {'status':<10} {metric}"]
    for r in ok[:25]:
        lines.append(f"{r['name']:<24} {r['status']:<10} {r['metrics'][metric]}")
    return "\n".join(lines)


def promoted_names():
    if not PROMOTED_LOG.exists():
        return set()
    return {json.loads(l)["name"] for l in PROMOTED_LOG.read_text().splitlines() if l.strip()}


def promote(name):
    status = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout
    if status.strip():
        raise SystemExit("working tree not clean; commit or stash first")
    dvc("exp", "apply", name)
    subprocess.run(["git", "add", PARAMS, "dvc.lock", "metrics"], cwd=ROOT, check=True)
    subprocess.run(["git", "commit", "-m", f"model: promote experiment {name}"], cwd=ROOT, check=True)
    with PROMOTED_LOG.open("a") as fh:
        fh.write(json.dumps({"name": name}) + "\n")


def cleanup(rows, dry_run):
    keep = promoted_names()
    doomed = [r["name"] for r in rows if r["name"] not in keep and r["status"] in ("Failed", "Queued", "Success")]
    if not doomed:
        print("nothing to remove")
    elif dry_run:
        print("would remove:", ", ".join(doomed))
    else:
        dvc("exp", "remove", *doomed)
        dvc("queue", "remove", "--failed", check=False)
    if not dry_run:
        dvc("gc", "--workspace", "--force")


def main():
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    sw = sub.add_parser("sweep")
    sw.add_argument("axes", nargs="+")
    rn = sub.add_parser("run")
    rn.add_argument("-j", "--jobs", type=int, default=2)
    bs = sub.add_parser("best")
    bs.add_argument("--metric", default=DEFAULT_METRIC)
    pr = sub.add_parser("promote")
    pr.add_argument("name")
    cl = sub.add_parser("cleanup")
    cl.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    if args.cmd == "sweep":
        n = queue(grid(parse_axes(args.axes)))
        print(f"queued {n} experiment(s); run them with `experiments.py run`")
    elif args.cmd == "run":
        run_queue(args.jobs)
    elif args.cmd == "best":
        rows = experiments()
        print(table(rows, args.metric))
        row = best(rows, args.metric)
        if row is None:
            print(f"no successful experiment reports {args.metric}")
            return 1
        print(f"best by {args.metric}: {row['name']} = {row['metrics'][args.metric]}")
    elif args.cmd == "promote":
        promote(args.name)
    elif args.cmd == "cleanup":
        cleanup(experiments(), args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
