#!/usr/bin/env python3
"""Monthly Twilio usage and number inventory report for the clinic phone system.

Reads TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN from .env and calls the REST API
on api.twilio.com (basic auth, as documented) for:
  - usage records for last month (calls, SMS, recordings)
  - incoming phone numbers with their webhook URLs
  - recent message error codes
Writes reports/twilio_<yyyy-mm>.md and .json. Phone numbers of patients in
message logs are masked before anything is written.

--rename --apply updates only the FriendlyName of numbers listed in
config/numbers.yaml; webhooks are never touched by this script.
"""
import argparse
import base64
import calendar
import collections
import datetime as dt
import json
import os
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
API = "https://api.twilio.com/2010-04-01"
PHONE = re.compile(r"\+\d{6,15}")


def env():
    vals = {}
    p = ROOT / ".env"
    if p.exists():
        for line in p.read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                k, v = line.split("=", 1)
                vals[k.strip()] = v.strip().strip('"')
    vals.update({k: v for k, v in os.environ.items() if k.startswith("TWILIO_")})
    for k in ("TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"):
        if not vals.get(k):
            sys.exit(f"{k} missing in .env")
    return vals


def mask_number(num):
    return num[:4] + "•" * max(0, len(num) - 6) + num[-2:]


def mask_text(text):
    return PHONE.sub(lambda m: mask_number(m.group(0)), text or "")


class Client:
    def __init__(self, sid, token):
        self.sid = sid
        self.auth = "Basic " + base64.b64encode(f"{sid}:{token}".encode()).decode()

    def request(self, method, path, params=None, form=None):
        url = path if path.startswith("https://") else f"{API}/Accounts/{self.sid}{path}"
        if params:
            url += "?" + urllib.parse.urlencode(params)
        data = urllib.parse.urlencode(form).encode() if form else None
        for attempt in range(5):
            req = urllib.request.Request(url, data=data, method=method,
                                         headers={"Authorization": self.auth})
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    return json.loads(resp.read())
            except urllib.error.HTTPError as exc:
                if exc.code in (429, 503) and attempt < 4:
                    time.sleep(2 ** attempt)
                    continue
                raise SystemExit(f"Twilio {method} {path}: HTTP {exc.code}")
        return {}

    def pages(self, path, key, params=None):
        page = self.request("GET", path, params)
        while True:
            yield from page.get(key, [])
            nxt = page.get("next_page_uri")
            if not nxt:
                break
            page = self.request("GET", "https://api.twilio.com" + nxt)


def last_month():
    today = dt.date.today().replace(day=1)
    end = today - dt.timedelta(days=1)
    start = end.replace(day=1)
    return start, end


def usage(client, start, end):
    rows = client.pages("/Usage/Records.json", "usage_records",
                        {"StartDate": start.isoformat(), "EndDate": end.isoformat(), "PageSize": 200})
    wanted = {"calls", "sms", "recordings", "phonenumbers", "totalprice"}
    return {r["category"]: {"count": r["count"], "usage": r["usage"], "price": r["price"]}
            for r in rows if r["category"] in wanted}


def numbers(client):
    out = []
    for n in client.pages("/IncomingPhoneNumbers.json", "incoming_phone_numbers", {"PageSize": 100}):
        out.append({"sid": n["sid"], "number": n["phone_number"], "name": n["friendly_name"],
                    "sms_url": n["sms_url"], "voice_url": n["voice_url"]})
    return out


def errors(client, start, end):
    counts = collections.Counter()
    samples = {}
    for m in client.pages("/Messages.json", "messages",
                          {"DateSent>": start.isoformat(), "DateSent<": (end + dt.timedelta(days=1)).isoformat(),
                           "PageSize": 500}):
        if m.get("error_code"):
            code = str(m["error_code"])
            counts[code] += 1
            samples.setdefault(code, mask_text(m.get("to")))
    return counts, samples


def rename(client, inventory, apply):
    wanted = yaml.safe_load((ROOT / "config" / "numbers.yaml").read_text()).get("names", {})
    for n in inventory:
        new = wanted.get(n["number"])
        if not new or new == n["name"]:
            continue
        if not apply:
            print(f"[plan] {mask_number(n['number'])}: '{n['name']}' -> '{new}'")
            continue
        client.request("POST", f"/IncomingPhoneNumbers/{n['sid']}.json", form={"FriendlyName": new})
        print(f"renamed {mask_number(n['number'])} to '{new}'")


def webhook_hosts(inventory):
    """Count webhook hosts so unexpected ones stand out in the report."""
    hosts = collections.Counter()
    for n in inventory:
        for url in (n["sms_url"], n["voice_url"]):
            if url:
                hosts[urllib.parse.urlparse(url).hostname or "?"] += 1
    return hosts


def main():
    ap = argparse.ArgumentParser(description="Twilio usage report")
    ap.add_argument("--rename", action="store_true")
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    e = env()
    client = Client(e["TWILIO_ACCOUNT_SID"], e["TWILIO_AUTH_TOKEN"])
    start, end = last_month()
    label = f"{start.year}-{start.month:02d}"
    print(f"period {start} .. {end} ({calendar.month_name[start.month]})")

    use = usage(client, start, end)
    inv = numbers(client)
    err_counts, err_samples = errors(client, start, end)
    report = {"period": label, "usage": use, "numbers": len(inv),
              "errors": dict(err_counts), "error_samples": err_samples}
    out = ROOT / "reports"
    out.mkdir(exist_ok=True)
    (out / f"twilio_{label}.json").write_text(json.dumps(report, indent=2))
    md = [f"# Twilio usage {label}", "", "| category | count | price |", "|---|---|---|"]
    md += [f"| {k} | {v['count']} | {v['price']} |" for k, v in sorted(use.items())]
    md += ["", f"{len(inv)} phone numbers.", "", "## Message errors", ""]
    md += [f"- {code}: {n} (e.g. to {err_samples[code]})" for code, n in err_counts.most_common()]
    md += ["", "## Webhook hosts", ""]
    md += [f"- {host}: {n}" for host, n in webhook_hosts(inv).most_common()]
    (out / f"twilio_{label}.md").write_text("\n".join(md) + "\n")
    print(f"report written to reports/twilio_{label}.md")
    if args.rename:
        rename(client, inv, args.apply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
