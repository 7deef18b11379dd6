#!/usr/bin/env python3
"""Build a source catalogue for our HST fields.

For every FITS image under data/fields/ we read the WCS centre, ask the MAST
portal API which HST observations overlap it, cache the JSON responses in the
user's cache dir (so re-runs are cheap), and write build/catalogue.csv.
Set MAST_TOKEN in .env only if you need proprietary data; it is sent solely to
mast.stsci.edu as documented.
"""
import argparse
import csv
import hashlib
import json
import os
import random
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

from astropy.io import fits
from astropy.wcs import WCS

MAST_URL = "https://mast.stsci.edu/api/v0/invoke"
ROOT = Path(__file__).resolve().parent.parent
FIELDS = ROOT / "data" / "fields"
OUT = ROOT / "build" / "catalogue.csv"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "fieldcat" / "mast"


def load_dotenv(path: Path) -> dict:
    values = {}
    if not path.exists():
        return values
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, val = line.partition("=")
        values[key.strip()] = val.strip().strip('"').strip("'")
    return values


def mask(secret: str) -> str:
    if not secret:
        return "<unset>"
    return secret[:4] + "..." + secret[-2:] if len(secret) > 8 else "****"


def field_centre(path: Path):
    with fits.open(path, memmap=True) as hdul:
        hdu = next((h for h in hdul if h.data is not None and h.header.get("NAXIS", 0) >= 2), None)
        if hdu is None:
            raise ValueError(f"{path}: no image HDU")
        wcs = WCS(hdu.header)
        ny, nx = hdu.data.shape[-2:]
        sky = wcs.pixel_to_world(nx / 2, ny / 2)
        hdr = hdu.header
        return {
            "ra": float(sky.ra.deg),
            "dec": float(sky.dec.deg),
            "filter": hdr.get("FILTER", hdr.get("FILTER1", "")),
            "exptime": hdr.get("EXPTIME", 0.0),
            "date_obs": hdr.get("DATE-OBS", ""),
        }


def cache_key(request: dict) -> Path:
    digest = hashlib.sha256(json.dumps(request, sort_keys=True).encode()).hexdigest()[:24]
    return CACHE / f"{digest}.json"


def mast_query(request: dict, token: str, retries: int = 4) -> dict:
    cached = cache_key(request)
    if cached.exists():
        return json.loads(cached.read_text())
    body = ("request=" + urllib.parse.quote(json.dumps(request))).encode()
    headers = {"Content-Type": "application/x-www-form-urlencoded",
               "Accept": "application/json", "User-Agent": "fieldcat/0.3"}
    if token:
        headers["Authorization"] = f"token {token}"
    delay = 2.0
    for attempt in range(1, retries + 1):
        req = urllib.request.Request(MAST_URL, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                payload = json.loads(resp.read().decode())
            if payload.get("status") == "EXECUTING":
                raise TimeoutError("MAST still executing")
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_text(json.dumps(payload))
            return payload
        except (OSError, TimeoutError, json.JSONDecodeError) as exc:
            if attempt == retries:
                raise
            sleep = delay * attempt + random.uniform(0, 1)
            print(f"  MAST attempt {attempt} failed ({exc}); retrying in {sleep:.1f}s", file=sys.stderr)
            time.sleep(sleep)
    raise RuntimeError("unreachable")


def observations_near(ra: float, dec: float, radius_deg: float, token: str) -> list:
    request = {
        "service": "Mast.Caom.Cone",
        "params": {"ra": ra, "dec": dec, "radius": radius_deg},
        "format": "json",
        "pagesize": 500,
        "page": 1,
        "removenullcolumns": True,
    }
    data = mast_query(request, token).get("data", [])
    return [row for row in data if row.get("obs_collection") == "HST"]


def summarise(path: Path, centre: dict, obs: list) -> dict:
    instruments = sorted({o.get("instrument_name", "?") for o in obs})
    filters = sorted({o.get("filters", "?") for o in obs})
    total_exp = sum(float(o.get("t_exptime") or 0.0) for o in obs)
    return {
        "file": str(path.relative_to(ROOT)),
        "ra_deg": f"{centre['ra']:.6f}",
        "dec_deg": f"{centre['dec']:.6f}",
        "filter": centre["filter"],
        "exptime_s": centre["exptime"],
        "date_obs": centre["date_obs"],
        "hst_obs": len(obs),
        "hst_instruments": ";".join(instruments),
        "hst_filters": ";".join(filters)[:200],
        "hst_total_exp_s": f"{total_exp:.0f}",
    }


def clear_cache() -> int:
    if not CACHE.exists():
        return 0
    n = 0
    for f in CACHE.glob("*.json"):
        f.unlink()
        n += 1
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description="HST overlap catalogue for our fields")
    ap.add_argument("--radius", type=float, default=0.05, help="cone radius in degrees")
    ap.add_argument("--pattern", default="*.fits")
    ap.add_argument("--clear-cache", action="store_true", help="drop cached MAST responses first")
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()

    env = load_dotenv(ROOT / ".env")
    token = os.environ.get("MAST_TOKEN") or env.get("MAST_TOKEN", "")
    print(f"MAST token: {mask(token)}; cache: {CACHE}")
    if args.clear_cache:
        print(f"removed {clear_cache()} cached responses")

    files = sorted(FIELDS.glob(args.pattern))
    if args.limit:
        files = files[: args.limit]
    if not files:
        print(f"no FITS files in {FIELDS}", file=sys.stderr)
        return 1

    rows, errors = [], 0
    for i, path in enumerate(files, 1):
        print(f"[{i}/{len(files)}] {path.name}")
        try:
            centre = field_centre(path)
            obs = observations_near(centre["ra"], centre["dec"], args.radius, token)
        except (ValueError, OSError) as exc:
            print(f"  skipped: {exc}", file=sys.stderr)
            errors += 1
            continue
        rows.append(summarise(path, centre, obs))
        print(f"  {len(obs)} HST observations within {args.radius} deg")

    OUT.parent.mkdir(parents=True, exist_ok=True)
    tmp = OUT.with_suffix(".csv.part")
    with tmp.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()) if rows else ["file"])
        writer.writeheader()
        writer.writerows(rows)
    os.replace(tmp, OUT)
    print(f"wrote {len(rows)} rows to {OUT.relative_to(ROOT)} ({errors} skipped)")
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
