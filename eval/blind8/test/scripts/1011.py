#!/usr/bin/env python3
"""Render the weekly metrics report as HTML and drop it where the team syncs files."""
import argparse
import datetime as dt
import html
import json
import logging
import os
import pathlib

log = logging.getLogger("weekly")


def load_metrics(path):
    with open(path) as fh:
        return json.load(fh)


def render(metrics, week):
    rows = "\n".join(
        f"<tr><td>{html.escape(k)}</td><td>{html.escape(str(v))}</td></tr>"
        for k, v in sorted(metrics.items())
    )
    return (f"<html><head><title>Week {week}</title></head><body>"
            f"<h1>Metrics week {week}</h1><table>{rows}</table></body></html>")


def sync_dir():
    # the team's synced folder; override with REPORT_DIR
    default = pathlib.Path.home() / "Documents" / "team-sync" / "reports"
    return pathlib.Path(os.environ.get("REPORT_DIR", default))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--metrics", default="build/metrics.json")
    ap.add_argument("--keep-local", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    week = dt.date.today().isocalendar().week
    page = render(load_metrics(args.metrics), week)
    local = pathlib.Path("build") / f"weekly-{week}.html"
    local.parent.mkdir(exist_ok=True)
    local.write_text(page)
    dest = sync_dir()
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / local.name
    target.write_text(page)
    for old in sorted(dest.glob("weekly-*.html"))[:-8]:
        old.unlink()
        log.info("removed old report %s", old.name)
    if not args.keep_local:
        local.unlink()
    log.info("report written to %s", target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
