#!/usr/bin/env python3
"""Monthly spend snapshot across the GCP projects and Azure subscriptions of
the data team. Read-only: it queries billing data and resource inventories,
writes reports/spend-<YYYY-MM>.csv and .md, and can email nothing, post
nothing, delete nothing.

GCP: uses the BigQuery billing export (bq CLI) configured in spend.toml.
Azure: `az consumption usage list` per subscription.
Both CLIs use the developer's own login; this script never sees a token.
"""
import argparse
import csv
import datetime as dt
import io
import json
import shutil
import subprocess
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "spend.toml"
REPORTS = ROOT / "reports"


def need(tool):
    if shutil.which(tool) is None:
        raise SystemExit(f"{tool} CLI not found; install it and log in first")


def cli_json(argv, timeout=300):
    res = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    if res.returncode != 0:
        raise RuntimeError(f"{argv[0]} {argv[1]}: {res.stderr.strip()[:400]}")
    return json.loads(res.stdout or "[]")


def month_bounds(month):
    start = dt.date.fromisoformat(f"{month}-01")
    end = (start.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return start, end


def gcp_rows(cfg, month):
    table = cfg["gcp"]["billing_table"]
    if not all(part.replace("-", "").replace("_", "").isalnum() for part in table.split(".")):
        raise SystemExit(f"suspicious billing table name {table!r}")
    start, end = month_bounds(month)
    sql = (
        "SELECT project.id AS project, service.description AS service, "
        "ROUND(SUM(cost) + SUM(IFNULL((SELECT SUM(c.amount) FROM UNNEST(credits) c), 0)), 2) AS cost "
        f"FROM `{table}` "
        f"WHERE usage_start_time >= '{start}' AND usage_start_time < '{end}' "
        "GROUP BY project, service HAVING cost > 0.01 ORDER BY cost DESC"
    )
    rows = cli_json(["bq", "query", "--use_legacy_sql=false", "--format=json", "--max_rows=5000", sql])
    return [{"cloud": "gcp", "scope": r["project"], "service": r["service"], "cost": float(r["cost"])} for r in rows]


def azure_rows(cfg, month):
    start, end = month_bounds(month)
    out = []
    for sub in cfg["azure"]["subscriptions"]:
        usage = cli_json([
            "az", "consumption", "usage", "list", "--subscription", sub,
            "--start-date", str(start), "--end-date", str(end - dt.timedelta(days=1)), "-o", "json",
        ])
        per_service = defaultdict(float)
        for item in usage:
            cost = item.get("pretaxCost") or 0
            per_service[item.get("consumedService") or "unknown"] += float(cost)
        for service, cost in per_service.items():
            if cost > 0.01:
                out.append({"cloud": "azure", "scope": sub, "service": service, "cost": round(cost, 2)})
    return out


def idle_disks(cfg):
    findings = []
    for project in cfg["gcp"].get("projects", []):
        disks = cli_json(["gcloud", "compute", "disks", "list", "--project", project,
                          "--filter=-users:*", "--format=json"], timeout=120)
        for d in disks:
            findings.append(f"gcp {project}: unattached disk {d['name']} ({d.get('sizeGb')} GB)")
    for sub in cfg["azure"]["subscriptions"]:
        disks = cli_json(["az", "disk", "list", "--subscription", sub,
                          "--query", "[?diskState=='Unattached'].{n:name,g:diskSizeGb}", "-o", "json"])
        for d in disks:
            findings.append(f"azure {sub[:8]}…: unattached disk {d['n']} ({d['g']} GB)")
    return findings


def previous_month_totals(month):
    """Totals per cloud from last month's CSV, for the trend line."""
    start, _ = month_bounds(month)
    prev = (start - dt.timedelta(days=1)).strftime("%Y-%m")
    path = REPORTS / f"spend-{prev}.csv"
    if not path.exists():
        return prev, {}
    totals = defaultdict(float)
    with path.open() as fh:
        for row in csv.DictReader(fh):
            totals[row["cloud"]] += float(row["cost"])
    return prev, dict(totals)


def trend_lines(month, rows):
    prev, before = previous_month_totals(month)
    if not before:
        return [f"(no report for the previous month to compare with)"]
    now = defaultdict(float)
    for r in rows:
        now[r["cloud"]] += r["cost"]
    lines = ["", f"## Change since {prev}", "", "| cloud | before | now | delta |", "|---|---:|---:|---:|"]
    for cloud in sorted(set(now) | set(before)):
        a, b = before.get(cloud, 0.0), now.get(cloud, 0.0)
        lines.append(f"| {cloud} | {a:,.2f} | {b:,.2f} | {b - a:+,.2f} |")
    return lines


def top_services(rows, n=10):
    agg = defaultdict(float)
    for r in rows:
        agg[(r["cloud"], r["service"])] += r["cost"]
    return sorted(agg.items(), key=lambda kv: -kv[1])[:n]


def to_csv(rows):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=["cloud", "scope", "service", "cost"])
    w.writeheader()
    for r in sorted(rows, key=lambda r: -r["cost"]):
        w.writerow(r)
    return buf.getvalue()


def to_markdown(month, rows, idle, budget):
    total = sum(r["cost"] for r in rows)
    by_scope = defaultdict(float)
    for r in rows:
        by_scope[(r["cloud"], r["scope"])] += r["cost"]
    lines = [f"# Spend {month}", "", f"Total: **{total:,.2f}** (budget {budget:,.0f})", ""]
    if total > budget:
        lines += [f"> over budget by {total - budget:,.2f}", ""]
    lines += ["| cloud | project / subscription | cost |", "|---|---|---:|"]
    for (cloud, scope), cost in sorted(by_scope.items(), key=lambda kv: -kv[1]):
        lines.append(f"| {cloud} | {scope} | {cost:,.2f} |")
    if idle:
        lines += ["", "## Review: idle resources (nothing was deleted)", ""]
        lines += [f"- {x}" for x in idle]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--month", default=(dt.date.today().replace(day=1) - dt.timedelta(days=1)).strftime("%Y-%m"))
    ap.add_argument("--skip-azure", action="store_true")
    ap.add_argument("--skip-idle", action="store_true")
    args = ap.parse_args()

    cfg = tomllib.loads(CONFIG.read_text())
    need("bq")
    need("gcloud")
    rows = gcp_rows(cfg, args.month)
    if not args.skip_azure:
        need("az")
        rows += azure_rows(cfg, args.month)
    idle = [] if args.skip_idle else idle_disks(cfg)

    REPORTS.mkdir(exist_ok=True)
    (REPORTS / f"spend-{args.month}.csv").write_text(to_csv(rows))
    md = to_markdown(args.month, rows, idle, float(cfg.get("budget", 0)))
    md += "\n".join(trend_lines(args.month, rows)) + "\n"
    md += "\n## Top services\n\n" + "\n".join(
        f"- {cloud}/{service}: {cost:,.2f}" for (cloud, service), cost in top_services(rows)
    ) + "\n"
    (REPORTS / f"spend-{args.month}.md").write_text(md)
    print(md)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as exc:
        print(f"spend: {exc}", file=sys.stderr)
        sys.exit(1)
