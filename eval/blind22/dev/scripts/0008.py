#!/usr/bin/env python3
"""Weekly cloud cost report for the platform team (read-only).

Collects
  * infracost breakdown for every Terraform root under infra/
  * the DigitalOcean droplet inventory and month-to-date balance
and writes reports/cost-<date>.md. Optionally posts a short summary to the
team Slack channel with --post (uses SLACK_BOT_TOKEN, chat.postMessage).

Nothing here creates, changes or deletes cloud resources.
"""
import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INFRA = ROOT / "infra"
REPORTS = ROOT / "reports"
DO_API = "https://api.digitalocean.com/v2"
SLACK_API = "https://slack.com/api/chat.postMessage"


def env_or_dotenv(name: str) -> str:
    if os.environ.get(name):
        return os.environ[name]
    dotenv = ROOT / ".env"
    if dotenv.exists():
        for line in dotenv.read_text().splitlines():
            if line.startswith(name + "="):
                return line.split("=", 1)[1].strip().strip('"')
    return ""


def http_json(url: str, token: str, body: dict = None, retries: int = 4) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    req.add_header("Authorization", f"Bearer {token}")
    req.add_header("Content-Type", "application/json")
    delay = 1.0
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return json.loads(resp.read().decode())
        except urllib.error.HTTPError as exc:
            if exc.code in (429, 500, 502, 503) and attempt < retries - 1:
                time.sleep(delay)
                delay *= 2
                continue
            raise
    return {}


def terraform_roots() -> list:
    roots = []
    for main_tf in INFRA.rglob("main.tf"):
        if ".terraform" in main_tf.parts:
            continue
        roots.append(main_tf.parent)
    return sorted(roots)


def infracost(root: Path) -> dict:
    argv = ["infracost", "breakdown", "--path", str(root), "--format", "json", "--no-color"]
    usage = root / "infracost-usage.yml"
    if usage.exists():
        argv += ["--usage-file", str(usage)]
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        print(f"infracost failed for {root.relative_to(ROOT)}: {res.stderr.strip()[:200]}")
        return {}
    return json.loads(res.stdout)


def summarize_infracost(report: dict) -> list:
    rows = []
    for project in report.get("projects", []):
        breakdown = project.get("breakdown", {})
        for res in breakdown.get("resources", []):
            cost = float(res.get("monthlyCost") or 0)
            if cost > 0:
                rows.append((res["name"], cost))
    rows.sort(key=lambda r: r[1], reverse=True)
    return rows


def droplets(token: str) -> list:
    items, url = [], f"{DO_API}/droplets?per_page=200"
    while url:
        page = http_json(url, token)
        items.extend(page.get("droplets", []))
        url = page.get("links", {}).get("pages", {}).get("next")
    return items


def balance(token: str) -> dict:
    return http_json(f"{DO_API}/customers/my/balance", token)


def render(date: str, tf: dict, drops: list, bal: dict) -> str:
    lines = [f"# Cloud cost report {date}", ""]
    total = 0.0
    lines.append("## Terraform (infracost)")
    lines.append("")
    lines.append("| root | monthly USD | top resources |")
    lines.append("|---|---:|---|")
    for root, rows in tf.items():
        subtotal = sum(c for _, c in rows)
        total += subtotal
        top = ", ".join(f"{n} ({c:.0f})" for n, c in rows[:3])
        lines.append(f"| {root} | {subtotal:,.2f} | {top} |")
    lines.append(f"| **total** | **{total:,.2f}** | |")
    lines.append("")
    if drops:
        lines.append("## DigitalOcean droplets")
        lines.append("")
        for d in sorted(drops, key=lambda d: d["name"]):
            price = d.get("size", {}).get("price_monthly", 0)
            tags = ",".join(d.get("tags", [])) or "-"
            lines.append(f"- {d['name']} ({d['region']['slug']}, {price} USD/mo, tags: {tags})")
        untagged = [d["name"] for d in drops if not d.get("tags")]
        if untagged:
            lines.append("")
            lines.append(f"Untagged droplets to review: {', '.join(untagged)}")
        lines.append("")
    if bal:
        lines.append(f"Month-to-date usage: {bal.get('month_to_date_usage', '?')} USD")
    return "\n".join(lines) + "\n"


def post_slack(token: str, channel: str, text: str) -> None:
    resp = http_json(SLACK_API, token, {"channel": channel, "text": text})
    if not resp.get("ok"):
        raise SystemExit(f"slack error: {resp.get('error')}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--post", action="store_true", help="post a summary to Slack")
    ap.add_argument("--channel", default="#platform-costs")
    ap.add_argument("--skip-do", action="store_true")
    args = ap.parse_args()

    date = dt.date.today().isoformat()
    tf = {}
    for root in terraform_roots():
        rows = summarize_infracost(infracost(root))
        tf[str(root.relative_to(ROOT))] = rows

    drops, bal = [], {}
    do_token = env_or_dotenv("DIGITALOCEAN_TOKEN")
    if do_token and not args.skip_do:
        drops = droplets(do_token)
        bal = balance(do_token)
    elif not args.skip_do:
        print("DIGITALOCEAN_TOKEN not set; skipping droplet inventory")

    REPORTS.mkdir(exist_ok=True)
    out = REPORTS / f"cost-{date}.md"
    out.write_text(render(date, tf, drops, bal))
    print(f"wrote {out.relative_to(ROOT)}")

    if args.post:
        slack_token = env_or_dotenv("SLACK_BOT_TOKEN")
        if not slack_token:
            raise SystemExit("SLACK_BOT_TOKEN missing")
        total = sum(c for rows in tf.values() for _, c in rows)
        text = f"Cost report {date}: Terraform estimate {total:,.0f} USD/month, {len(drops)} droplets."
        post_slack(slack_token, args.channel, text)
        print("posted summary to", args.channel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
