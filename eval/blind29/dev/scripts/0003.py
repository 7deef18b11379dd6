#!/usr/bin/env python3
"""Export ERPNext fixtures for the custom_hr app from the local bench.

Runs ``bench --site <site> export-fixtures`` and then normalises the JSON files
so that diffs stay small: sorted keys, stripped modification timestamps and
owner fields, stable ordering of child tables.  Optionally it also pulls a few
doctypes through the site's REST API on erp.localhost to compare counts.

    python3 scripts/export_fixtures.py --site erp.localhost
    python3 scripts/export_fixtures.py --site erp.localhost --check-api
"""
import argparse
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

BENCH_DIR = Path(os.environ.get("BENCH_DIR", Path.home() / "frappe-bench"))
APP = "custom_hr"
VOLATILE_KEYS = {"modified", "creation", "owner", "modified_by", "idx_changed"}
LOCAL_SITES = (".localhost", "localhost")


class FixtureError(RuntimeError):
    pass


def log(*parts):
    print("[fixtures]", *parts, file=sys.stderr)


def site_is_local(site):
    return site == "localhost" or site.endswith(LOCAL_SITES)


def fixtures_dir():
    path = BENCH_DIR / "apps" / APP / APP / "fixtures"
    if not path.is_dir():
        raise FixtureError(f"no fixtures folder at {path}")
    return path


def run_bench(site, *args, timeout=600):
    argv = ["bench", "--site", site, *args]
    log("$", " ".join(argv))
    proc = subprocess.run(argv, cwd=BENCH_DIR, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.splitlines()[-20:])
        raise FixtureError(f"bench {' '.join(args)} failed ({proc.returncode}):\n{tail}")
    return proc.stdout


def strip_volatile(obj):
    if isinstance(obj, dict):
        return {k: strip_volatile(v) for k, v in sorted(obj.items()) if k not in VOLATILE_KEYS}
    if isinstance(obj, list):
        cleaned = [strip_volatile(v) for v in obj]
        if cleaned and all(isinstance(v, dict) and "name" in v for v in cleaned):
            cleaned.sort(key=lambda v: str(v.get("name")))
        return cleaned
    return obj


def normalise_file(path):
    before = path.read_text(encoding="utf-8")
    data = json.loads(before)
    after = json.dumps(strip_volatile(data), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if after != before:
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(after, encoding="utf-8")
        os.replace(tmp, path)
        return True
    return False


def load_site_config(site):
    cfg_path = BENCH_DIR / "sites" / site / "site_config.json"
    try:
        return json.loads(cfg_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def api_count(site, doctype, api_key, api_secret, retries=3):
    base = f"http://{site}:8000"
    query = urllib.parse.urlencode({"fields": json.dumps(["count(name) as n"])})
    url = f"{base}/api/resource/{urllib.parse.quote(doctype)}?{query}"
    req = urllib.request.Request(url, headers={
        "Authorization": f"token {api_key}:{api_secret}",
        "Accept": "application/json",
    })
    delay = 1.0
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                payload = json.load(resp)
                rows = payload.get("data") or [{}]
                return int(rows[0].get("n", 0))
        except urllib.error.HTTPError as exc:
            if exc.code in (401, 403):
                raise FixtureError(f"API refused credentials for {doctype}") from exc
            log(f"attempt {attempt}: HTTP {exc.code}")
        except urllib.error.URLError as exc:
            log(f"attempt {attempt}: {exc.reason}")
        time.sleep(delay)
        delay *= 2
    raise FixtureError(f"could not reach {base}")


def fixture_counts(folder):
    counts = {}
    for f in sorted(folder.glob("*.json")):
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise FixtureError(f"{f.name}: {exc}") from exc
        doctype = data[0].get("doctype") if data else f.stem.replace("_", " ").title()
        counts[doctype] = len(data)
    return counts


def compare_with_api(site, counts):
    cfg = load_site_config(site)
    key = os.environ.get("FRAPPE_API_KEY") or cfg.get("dev_api_key")
    secret = os.environ.get("FRAPPE_API_SECRET") or cfg.get("dev_api_secret")
    if not key or not secret:
        log("no API key configured; skipping API comparison")
        return []
    mismatches = []
    for doctype, local_n in counts.items():
        remote_n = api_count(site, doctype, key, secret)
        status = "ok" if remote_n == local_n else "DIFF"
        log(f"{doctype:<32} fixtures={local_n:<5} site={remote_n:<5} {status}")
        if remote_n != local_n:
            mismatches.append(doctype)
    return mismatches


def git_changed(folder):
    proc = subprocess.run(["git", "status", "--porcelain", "--", "."], cwd=folder,
                          capture_output=True, text=True)
    return [line[3:] for line in proc.stdout.splitlines() if line.strip()]


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default="erp.localhost")
    ap.add_argument("--skip-export", action="store_true", help="only normalise existing files")
    ap.add_argument("--check-api", action="store_true")
    ap.add_argument("--json", action="store_true", help="print a machine-readable summary")
    return ap.parse_args()


def main():
    args = parse_args()
    if not site_is_local(args.site):
        log(f"refusing to export from non-local site {args.site}")
        return 2
    try:
        folder = fixtures_dir()
        if not args.skip_export:
            run_bench(args.site, "export-fixtures", "--app", APP)
        changed = [f.name for f in sorted(folder.glob("*.json")) if normalise_file(f)]
        counts = fixture_counts(folder)
        mismatches = compare_with_api(args.site, counts) if args.check_api else []
    except FixtureError as exc:
        log("error:", exc)
        return 1
    except subprocess.TimeoutExpired:
        log("bench timed out")
        return 1

    summary = {
        "site": args.site,
        "normalised": changed,
        "counts": counts,
        "api_mismatches": mismatches,
        "git_changes": git_changed(folder),
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        log(f"{len(counts)} fixture files, {len(changed)} rewritten")
        for path in summary["git_changes"]:
            log("changed:", path)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
