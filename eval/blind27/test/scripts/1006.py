#!/usr/bin/env python3
"""Check candle data before a backtest campaign and fill the gaps.

  * reads the pair list and timeframes from user_data/config.backtest.json
  * inspects the feather files in user_data/data/binance/ with pandas
  * reports gaps, duplicated candles and stale pairs
  * with --fill, runs `freqtrade download-data` for the affected pairs only
  * spot-checks the last close against the public Binance ticker
    (api.binance.com, no key needed) to catch timezone mistakes

The script works only with the backtest config; it aborts if dry_run is false
and never starts `freqtrade trade`.
"""
import argparse
import json
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "user_data" / "config.backtest.json"
DATA = ROOT / "user_data" / "data" / "binance"
TICKER = "https://api.binance.com/api/v3/ticker/price"
TF_MINUTES = {"1m": 1, "5m": 5, "15m": 15, "1h": 60, "4h": 240, "1d": 1440}


def load_config():
    cfg = json.loads(CONFIG.read_text())
    if cfg.get("dry_run") is not True:
        sys.exit(f"{CONFIG.name}: dry_run must be true for research configs")
    for key in ("key", "secret"):
        if cfg.get("exchange", {}).get(key):
            print(f"note: exchange.{key} is set in {CONFIG.name}; backtests do not need it", file=sys.stderr)
    return cfg


def pairs_from(cfg):
    pairs = cfg.get("exchange", {}).get("pair_whitelist", [])
    if not pairs:
        sys.exit("no pair_whitelist in config")
    return pairs


def data_file(pair, tf):
    return DATA / f"{pair.replace('/', '_')}-{tf}.feather"


def inspect(pair, tf, max_age_h):
    path = data_file(pair, tf)
    if not path.exists():
        return {"pair": pair, "tf": tf, "status": "missing"}
    df = pd.read_feather(path)
    if df.empty:
        return {"pair": pair, "tf": tf, "status": "empty"}
    df = df.sort_values("date")
    step = pd.Timedelta(minutes=TF_MINUTES[tf])
    diffs = df["date"].diff().dropna()
    gaps = int((diffs > step).sum())
    dupes = int(df["date"].duplicated().sum())
    last = df["date"].iloc[-1]
    age_h = (pd.Timestamp.now(tz="UTC") - last).total_seconds() / 3600
    status = "ok"
    if gaps or dupes:
        status = "gaps"
    if age_h > max_age_h:
        status = "stale"
    return {
        "pair": pair,
        "tf": tf,
        "status": status,
        "rows": len(df),
        "first": str(df["date"].iloc[0])[:16],
        "last": str(last)[:16],
        "gaps": gaps,
        "dupes": dupes,
        "last_close": float(df["close"].iloc[-1]),
    }


def public_price(pair):
    symbol = pair.replace("/", "")
    url = f"{TICKER}?{urllib.parse.urlencode({'symbol': symbol})}"
    for attempt in range(3):
        try:
            with urllib.request.urlopen(url, timeout=10) as resp:
                return float(json.loads(resp.read())["price"])
        except OSError:
            time.sleep(1 + attempt)
    return None


def fill(pairs, timeframes, days):
    argv = ["freqtrade", "download-data", "--config", str(CONFIG), "--userdir", str(ROOT / "user_data"),
            "--days", str(days), "--timeframes", *timeframes, "--pairs", *pairs]
    if argv[1] in ("trade", "webserver"):
        raise SystemExit("refusing to start a live bot")
    print("running:", " ".join(argv[:6]), "...")
    return subprocess.run(argv, cwd=ROOT).returncode


def coverage_table(rows, timeframes):
    """Markdown table pair x timeframe with status, written next to the JSON."""
    pairs = sorted({r["pair"] for r in rows})
    lines = ["| pair | " + " | ".join(timeframes) + " |", "|---|" + "---|" * len(timeframes)]
    index = {(r["pair"], r["tf"]): r for r in rows}
    for pair in pairs:
        cells = []
        for tf in timeframes:
            r = index.get((pair, tf), {})
            cells.append(f"{r.get('status', '?')} ({r.get('rows', 0)})")
        lines.append(f"| {pair} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def remove_dupes(pair, tf):
    """Rewrite a feather file without duplicated candles (inside user_data only)."""
    path = data_file(pair, tf)
    df = pd.read_feather(path)
    before = len(df)
    df = df.drop_duplicates(subset="date", keep="last").sort_values("date").reset_index(drop=True)
    if len(df) != before:
        tmp = path.with_suffix(".feather.tmp")
        df.to_feather(tmp)
        tmp.replace(path)
    return before - len(df)


def main():
    ap = argparse.ArgumentParser(description="candle data checks for backtests")
    ap.add_argument("--dedupe", action="store_true", help="drop duplicated candles in place")
    ap.add_argument("--timeframes", nargs="+", default=["5m", "1h"])
    ap.add_argument("--max-age-h", type=float, default=36)
    ap.add_argument("--fill", action="store_true")
    ap.add_argument("--days", type=int, default=120)
    ap.add_argument("--price-check", action="store_true")
    args = ap.parse_args()

    cfg = load_config()
    pairs = pairs_from(cfg)
    bad = set()
    rows = []
    for pair in pairs:
        for tf in args.timeframes:
            r = inspect(pair, tf, args.max_age_h)
            rows.append(r)
            if r["status"] != "ok":
                bad.add(pair)
            print(f"{pair:<12} {tf:<4} {r['status']:<8} rows={r.get('rows', 0):<7} "
                  f"gaps={r.get('gaps', '-'):<4} last={r.get('last', '-')}")
    report = ROOT / "build" / "data_check.json"
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text(json.dumps(rows, indent=2))
    report.with_suffix(".md").write_text(coverage_table(rows, args.timeframes))
    if args.dedupe:
        for r in rows:
            if r.get("dupes"):
                print(f"  {r['pair']} {r['tf']}: removed {remove_dupes(r['pair'], r['tf'])} duplicate candles")

    if args.price_check:
        for r in rows:
            if r["status"] == "ok" and r["tf"] == args.timeframes[0]:
                live = public_price(r["pair"])
                if live:
                    drift = abs(live - r["last_close"]) / live * 100
                    flag = "  <-- check timezone/candle alignment" if drift > 5 else ""
                    print(f"  {r['pair']:<12} file {r['last_close']:.4f} vs ticker {live:.4f} ({drift:.1f}%){flag}")

    if bad and args.fill:
        rc = fill(sorted(bad), args.timeframes, args.days)
        if rc != 0:
            return rc
        print("re-run without --fill to verify")
    elif bad:
        print(f"{len(bad)} pair(s) need data; re-run with --fill")
    return 0


if __name__ == "__main__":
    sys.exit(main())
