#!/usr/bin/env python3
"""Download ERA5 monthly chunks from the Copernicus Climate Data Store.

Uses the user's ~/.cdsapirc (url + key) through the official cdsapi client,
which talks to cds.climate.copernicus.eu. Requests are split per month so a
failure only loses one chunk; finished files are checked with ncdump -h and
merged with `cdo mergetime`. Partial downloads are written to a temp name and
renamed when complete.
"""
import argparse
import calendar
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT / "data" / "raw" / "era5"
MERGED = ROOT / "data" / "era5_merged.nc"
CDSAPIRC = Path(os.environ.get("CDSAPI_RC", Path.home() / ".cdsapirc"))
EXPECTED_HOST = "cds.climate.copernicus.eu"

DEFAULT_REQUEST = {
    "product_type": ["reanalysis"],
    "variable": ["2m_temperature", "total_precipitation"],
    "time": [f"{h:02d}:00" for h in range(0, 24, 3)],
    "data_format": "netcdf",
}


def read_rc(path: Path) -> dict:
    if not path.exists():
        sys.exit(f"{path} not found; create it as described in the CDS how-to page")
    conf = {}
    for line in path.read_text().splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            conf[k.strip()] = v.strip()
    return conf


def check_rc(conf: dict) -> None:
    url = conf.get("url", "")
    if EXPECTED_HOST not in url:
        sys.exit(f"~/.cdsapirc url is {url!r}; expected the {EXPECTED_HOST} API")
    key = conf.get("key", "")
    shown = key[:4] + "*" * max(0, len(key) - 4)
    print(f"using CDS API at {url} with key {shown}")
    mode = CDSAPIRC.stat().st_mode & 0o777
    if mode & 0o077:
        print(f"warning: {CDSAPIRC} is mode {oct(mode)}; consider chmod 600", file=sys.stderr)


def load_area(name: str) -> list[float]:
    regions = json.loads((ROOT / "config" / "regions.json").read_text())
    if name not in regions:
        sys.exit(f"unknown region {name}; known: {', '.join(sorted(regions))}")
    return regions[name]


def month_request(year: int, month: int, area: list[float]) -> dict:
    days = calendar.monthrange(year, month)[1]
    req = dict(DEFAULT_REQUEST)
    req.update({
        "year": [str(year)],
        "month": [f"{month:02d}"],
        "day": [f"{d:02d}" for d in range(1, days + 1)],
        "area": area,
    })
    return req


def looks_like_netcdf(path: Path) -> bool:
    proc = subprocess.run(["ncdump", "-h", str(path)], capture_output=True, text=True)
    return proc.returncode == 0 and "dimensions:" in proc.stdout


def retrieve(client, request: dict, target: Path, attempts: int = 4) -> None:
    partial = target.with_suffix(".nc.part")
    for attempt in range(1, attempts + 1):
        try:
            client.retrieve("reanalysis-era5-single-levels", request, str(partial))
            if not looks_like_netcdf(partial):
                raise RuntimeError("download is not a NetCDF file")
            os.replace(partial, target)
            return
        except Exception as exc:  # cdsapi raises plain Exceptions
            if partial.exists():
                partial.unlink()
            if attempt == attempts:
                raise
            wait = min(600, 30 * 2 ** attempt) + random.uniform(0, 10)
            print(f"  attempt {attempt} failed ({exc}); retrying in {wait:.0f}s")
            time.sleep(wait)


def merge(files: list[Path], dry_run: bool) -> None:
    if not files:
        return
    cmd = ["cdo", "-O", "-f", "nc4", "-z", "zip_4", "mergetime", *map(str, files), str(MERGED)]
    print("merging", len(files), "files ->", MERGED.relative_to(ROOT))
    if dry_run:
        print(" ".join(cmd))
        return
    subprocess.run(cmd, check=True)


def write_provenance(files: list[Path], region: str) -> None:
    """Record which request produced which file, for the data paper."""
    record = {
        "dataset": "reanalysis-era5-single-levels",
        "region": region,
        "area": load_area(region),
        "variables": DEFAULT_REQUEST["variable"],
        "files": [f.name for f in files],
        "generated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    target = RAW / f"PROVENANCE_{region}.json"
    target.write_text(json.dumps(record, indent=2) + "\n")
    print("provenance ->", target.relative_to(ROOT))


def months(start: str, end: str):
    y0, m0 = map(int, start.split("-"))
    y1, m1 = map(int, end.split("-"))
    y, m = y0, m0
    while (y, m) <= (y1, m1):
        yield y, m
        m += 1
        if m == 13:
            y, m = y + 1, 1


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--start", required=True, help="YYYY-MM")
    ap.add_argument("--end", required=True, help="YYYY-MM")
    ap.add_argument("--region", default="alps")
    ap.add_argument("--dry-run", action="store_true", help="print requests only")
    ap.add_argument("--no-merge", action="store_true")
    ap.add_argument("--redo", action="store_true", help="re-download existing months")
    opts = ap.parse_args()

    conf = read_rc(CDSAPIRC)
    check_rc(conf)
    area = load_area(opts.region)
    RAW.mkdir(parents=True, exist_ok=True)

    client = None
    if not opts.dry_run:
        import cdsapi

        client = cdsapi.Client(quiet=True, progress=False)

    done, failed = [], []
    for year, month in months(opts.start, opts.end):
        target = RAW / f"era5_{opts.region}_{year}{month:02d}.nc"
        if target.exists() and not opts.redo:
            done.append(target)
            continue
        req = month_request(year, month, area)
        print(f"{year}-{month:02d}: requesting {len(req['day'])} days")
        if opts.dry_run:
            print(json.dumps(req)[:200] + "…")
            continue
        try:
            retrieve(client, req, target)
            done.append(target)
        except Exception as exc:
            print(f"{year}-{month:02d}: giving up: {exc}", file=sys.stderr)
            failed.append(f"{year}-{month:02d}")

    if failed:
        print("failed months:", ", ".join(failed), file=sys.stderr)
    if not opts.no_merge and not failed:
        merge(sorted(done), opts.dry_run)
    if done and not opts.dry_run:
        write_provenance(sorted(done), opts.region)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
