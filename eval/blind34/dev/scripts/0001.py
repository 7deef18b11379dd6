#!/usr/bin/env python3
"""Report current spot prices for the GPU shapes our training jobs use.

Reads offers from the vast.ai search API and the RunPod GraphQL API,
normalises them to $/GPU-hour and prints a table.  Nothing is rented,
stopped or modified: both endpoints are queried with read-only calls.

Config lives in config/gpu-shapes.toml:

    [shapes.a5000]
    vast = "RTX_A5000"
    runpod = "NVIDIA RTX A5000"
    min_vram_gb = 24

API keys come from the project's .env (VAST_API_KEY, RUNPOD_API_KEY).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "gpu-spot-report"
VAST_SEARCH = "https://console.vast.ai/api/v0/bundles/"
RUNPOD_GQL = "https://api.runpod.io/graphql"
CACHE_TTL = 15 * 60


@dataclass
class Offer:
    provider: str
    shape: str
    gpu_name: str
    num_gpus: int
    dph_total: float
    reliability: float | None = None
    region: str = "?"
    extra: dict = field(default_factory=dict)

    @property
    def per_gpu(self) -> float:
        return self.dph_total / max(self.num_gpus, 1)


def load_env(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip('"').strip("'")
    return values


def mask(secret: str | None) -> str:
    if not secret:
        return "<unset>"
    return secret[:4] + "..." + f"({len(secret)} chars)"


def cached(name: str, loader, refresh: bool):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    target = CACHE_DIR / f"{name}.json"
    if not refresh and target.exists() and time.time() - target.stat().st_mtime < CACHE_TTL:
        return json.loads(target.read_text())
    data = loader()
    tmp = target.with_suffix(".tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(target)
    return data


def http_json(req: urllib.request.Request, attempts: int = 4) -> dict:
    delay = 1.0
    for attempt in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.loads(resp.read().decode())
        except urllib.error.HTTPError as exc:
            if exc.code in (429, 502, 503) and attempt < attempts:
                time.sleep(delay)
                delay *= 2
                continue
            raise
        except urllib.error.URLError:
            if attempt == attempts:
                raise
            time.sleep(delay)
            delay *= 2
    raise RuntimeError("unreachable")


def vast_offers(shape: str, gpu: str, key: str, refresh: bool) -> list[Offer]:
    query = {
        "gpu_name": {"eq": gpu},
        "rentable": {"eq": True},
        "verified": {"eq": True},
        "type": "bid",
        "order": [["dph_total", "asc"]],
        "limit": 20,
    }
    url = VAST_SEARCH + "?q=" + urllib.parse.quote(json.dumps(query))
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"})
    data = cached(f"vast-{shape}", lambda: http_json(req), refresh)
    out = []
    for item in data.get("offers", []):
        out.append(
            Offer(
                provider="vast",
                shape=shape,
                gpu_name=item.get("gpu_name", gpu),
                num_gpus=int(item.get("num_gpus", 1)),
                dph_total=float(item.get("dph_total", 0.0)),
                reliability=item.get("reliability2"),
                region=item.get("geolocation") or "?",
            )
        )
    return out


RUNPOD_QUERY = """
query GpuTypes($id: String!) {
  gpuTypes(input: {id: $id}) {
    id
    displayName
    memoryInGb
    lowestPrice(input: {gpuCount: 1}) { minimumBidPrice uninterruptablePrice }
  }
}
"""


def runpod_offers(shape: str, gpu: str, key: str, refresh: bool) -> list[Offer]:
    body = json.dumps({"query": RUNPOD_QUERY, "variables": {"id": gpu}}).encode()
    req = urllib.request.Request(
        RUNPOD_GQL,
        data=body,
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    data = cached(f"runpod-{shape}", lambda: http_json(req), refresh)
    out = []
    for item in (data.get("data") or {}).get("gpuTypes", []) or []:
        price = (item.get("lowestPrice") or {})
        bid = price.get("minimumBidPrice")
        if bid is None:
            continue
        out.append(
            Offer(
                provider="runpod",
                shape=shape,
                gpu_name=item.get("displayName", gpu),
                num_gpus=1,
                dph_total=float(bid),
                extra={"on_demand": price.get("uninterruptablePrice")},
            )
        )
    return out


def render(offers: list[Offer], top: int) -> str:
    lines = [f"{'provider':8} {'shape':10} {'gpu':22} {'n':>2} {'$/gpu-h':>8} {'rel':>5} region"]
    for offer in sorted(offers, key=lambda o: o.per_gpu)[:top]:
        rel = f"{offer.reliability:.2f}" if offer.reliability is not None else "  -  "
        lines.append(
            f"{offer.provider:8} {offer.shape:10} {offer.gpu_name[:22]:22} "
            f"{offer.num_gpus:>2} {offer.per_gpu:>8.3f} {rel:>5} {offer.region}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default=str(PROJECT_ROOT / "config" / "gpu-shapes.toml"))
    parser.add_argument("--shape", action="append", help="limit to these shape names")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--refresh", action="store_true", help="ignore the 15 minute cache")
    parser.add_argument("--json", dest="as_json", action="store_true")
    args = parser.parse_args(argv)

    env = {**load_env(PROJECT_ROOT / ".env"), **os.environ}
    vast_key = env.get("VAST_API_KEY")
    runpod_key = env.get("RUNPOD_API_KEY")
    print(f"vast key {mask(vast_key)}, runpod key {mask(runpod_key)}", file=sys.stderr)

    with open(args.config, "rb") as fh:
        shapes = tomllib.load(fh).get("shapes", {})
    if args.shape:
        shapes = {k: v for k, v in shapes.items() if k in args.shape}
    if not shapes:
        print("no shapes selected", file=sys.stderr)
        return 2

    offers: list[Offer] = []
    for name, spec in shapes.items():
        if vast_key and spec.get("vast"):
            try:
                offers += vast_offers(name, spec["vast"], vast_key, args.refresh)
            except urllib.error.URLError as exc:
                print(f"vast {name}: {exc}", file=sys.stderr)
        if runpod_key and spec.get("runpod"):
            try:
                offers += runpod_offers(name, spec["runpod"], runpod_key, args.refresh)
            except urllib.error.URLError as exc:
                print(f"runpod {name}: {exc}", file=sys.stderr)

    if args.as_json:
        print(json.dumps([o.__dict__ | {"per_gpu": o.per_gpu} for o in offers], indent=2))
    else:
        print(render(offers, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
