#!/usr/bin/env python3
"""Run freqtrade backtests for every strategy/timeframe combination.

Reads user_data/config.json, checks that it is a dry-run config, writes a
temporary per-run config into build/bt/ (exchange keys blanked, since
backtesting never needs them), launches `freqtrade backtesting` for each
combination in parallel, and collects the summary into build/bt/summary.csv.

This tool refuses to start live trading. `freqtrade trade` is deliberately
not wrapped here; use the documented runbook for that.
"""
import argparse
import copy
import csv
import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
USER_DATA = ROOT / "user_data"
BASE_CONFIG = USER_DATA / "config.json"
OUT = ROOT / "build" / "bt"
FORBIDDEN_SUBCOMMANDS = {"trade", "webserver"}
RUNNING: list[subprocess.Popen] = []


def load_config(path: Path) -> dict:
    cfg = json.loads(path.read_text())
    if not cfg.get("dry_run", False):
        sys.exit(f"{path} has dry_run=false; this helper only works with dry-run configs")
    return cfg


def masked(cfg: dict) -> dict:
    safe = copy.deepcopy(cfg)
    ex = safe.get("exchange", {})
    for key in ("key", "secret", "password", "uid"):
        if ex.get(key):
            ex[key] = ""
    tg = safe.get("telegram", {})
    if tg.get("token"):
        tg["token"] = ""
        tg["enabled"] = False
    api = safe.get("api_server", {})
    if api:
        api["enabled"] = False
    return safe


def freqtrade_argv(subcommand: str, *extra: str) -> list[str]:
    if subcommand in FORBIDDEN_SUBCOMMANDS:
        raise SystemExit(f"refusing to run 'freqtrade {subcommand}' from the backtest runner")
    exe = shutil.which("freqtrade") or sys.exit("freqtrade not found in PATH (activate .venv)")
    return [exe, subcommand, *extra]


def run_one(strategy: str, timeframe: str, timerange: str, base: dict) -> dict:
    tag = f"{strategy}_{timeframe}"
    run_dir = OUT / tag
    if run_dir.exists():
        shutil.rmtree(run_dir)
    run_dir.mkdir(parents=True)
    cfg = masked(base)
    cfg["timeframe"] = timeframe
    cfg_path = run_dir / "config.json"
    cfg_path.write_text(json.dumps(cfg, indent=2))
    argv = freqtrade_argv(
        "backtesting",
        "--config", str(cfg_path),
        "--userdir", str(USER_DATA),
        "--strategy", strategy,
        "--timerange", timerange,
        "--export", "trades",
        "--backtest-directory", str(run_dir),
    )
    log_path = run_dir / "freqtrade.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
        RUNNING.append(proc)
        rc = proc.wait()
        RUNNING.remove(proc)
    result = {"strategy": strategy, "timeframe": timeframe, "rc": rc}
    if rc == 0:
        result.update(read_result(run_dir, strategy))
    return result


def read_result(run_dir: Path, strategy: str) -> dict:
    zips = sorted(run_dir.glob("backtest-result-*.zip"))
    if not zips:
        return {}
    with zipfile.ZipFile(zips[-1]) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".json") and "_config" not in n)
        data = json.loads(zf.read(name))
    stats = data.get("strategy", {}).get(strategy, {})
    return {
        "trades": stats.get("total_trades"),
        "profit_pct": round(100 * (stats.get("profit_total") or 0.0), 2),
        "max_drawdown_pct": round(100 * (stats.get("max_drawdown_account") or 0.0), 2),
        "winrate": stats.get("winrate"),
    }


def stop_children(signum, _frame):
    print(f"\nsignal {signum}: stopping {len(RUNNING)} backtest(s) started by this run")
    for proc in list(RUNNING):
        if proc.poll() is None:
            proc.terminate()
    for proc in list(RUNNING):
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    sys.exit(130)


def write_summary(rows: list[dict]) -> Path:
    path = OUT / "summary.csv"
    keys = ["strategy", "timeframe", "rc", "trades", "profit_pct", "max_drawdown_pct", "winrate"]
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=keys, extrasaction="ignore")
        w.writeheader()
        for row in sorted(rows, key=lambda r: -(r.get("profit_pct") or -1e9)):
            w.writerow(row)
    return path


def ensure_data(base: dict, timeframes: list[str], timerange: str, download: bool) -> None:
    if not download:
        return
    cfg_path = OUT / "download-config.json"
    cfg_path.write_text(json.dumps(masked(base), indent=2))
    argv = freqtrade_argv("download-data", "--config", str(cfg_path), "--userdir", str(USER_DATA),
                          "--timerange", timerange, "--timeframes", *timeframes)
    print("downloading candles:", " ".join(argv[1:4]), "...")
    subprocess.run(argv, check=True, cwd=ROOT)


def main() -> int:
    ap = argparse.ArgumentParser(description="freqtrade backtest matrix (dry-run only)")
    ap.add_argument("--strategy", action="append", required=True)
    ap.add_argument("--timeframe", action="append", default=["5m"])
    ap.add_argument("--timerange", default="20260101-20261101")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--download", action="store_true", help="fetch candles first")
    ap.add_argument("--clean", action="store_true", help="remove build/bt before starting")
    args = ap.parse_args()

    base = load_config(BASE_CONFIG)
    if args.clean and OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGINT, stop_children)
    signal.signal(signal.SIGTERM, stop_children)
    ensure_data(base, args.timeframe, args.timerange, args.download)

    combos = list(itertools.product(args.strategy, args.timeframe))
    print(f"{len(combos)} backtests with {args.jobs} workers")
    rows = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(run_one, s, tf, args.timerange, base): (s, tf) for s, tf in combos}
        for fut in as_completed(futs):
            s, tf = futs[fut]
            row = fut.result()
            rows.append(row)
            state = "ok" if row["rc"] == 0 else f"failed rc={row['rc']}"
            print(f"  {s:<24} {tf:<4} {state} profit={row.get('profit_pct')}")
    print("summary:", write_summary(rows).relative_to(ROOT))
    return 0 if all(r["rc"] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
