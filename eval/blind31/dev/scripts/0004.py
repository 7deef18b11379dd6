#!/usr/bin/env python3
"""Export the Proxmox cluster inventory (nodes, guests, storage) into reports/.

Reads PVE_HOST, PVE_TOKEN_ID and PVE_TOKEN_SECRET from the project's .env (the
token is a read-only PVEAuditor token). Only GET requests are made.

    python tools/pve_inventory.py                  # CSV + JSON into reports/pve/
    python tools/pve_inventory.py --format md      # markdown table for the wiki
"""
from __future__ import annotations

import argparse
import configparser
import csv
import io
import json
import os
import ssl
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field, asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports" / "pve"
ALLOWED_SUFFIX = ".internal"


@dataclass
class Guest:
    vmid: int
    name: str
    node: str
    kind: str
    status: str
    cpus: int
    maxmem: int
    maxdisk: int
    tags: list[str] = field(default_factory=list)
    uptime: int = 0


@dataclass
class Config:
    host: str
    token_id: str
    token_secret: str
    ca_file: str | None = None
    timeout: float = 15.0

    @property
    def base(self) -> str:
        return f"https://{self.host}:8006/api2/json"


def read_dotenv(path: Path) -> dict[str, str]:
    # configparser needs a section header, so fake one; keeps quoting rules simple
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    parser.read_string("[env]\n" + text)
    return {k: v.strip().strip('"') for k, v in parser["env"].items()}


def load_config(env_path: Path) -> Config:
    env = {**read_dotenv(env_path), **os.environ}
    missing = [k for k in ("PVE_HOST", "PVE_TOKEN_ID", "PVE_TOKEN_SECRET") if not env.get(k)]
    if missing:
        raise SystemExit(f"missing settings: {', '.join(missing)} (see .env.example)")
    host = env["PVE_HOST"]
    if not host.endswith(ALLOWED_SUFFIX):
        raise SystemExit(f"PVE_HOST {host!r} is not an {ALLOWED_SUFFIX} host; refusing to send the token there")
    return Config(host, env["PVE_TOKEN_ID"], env["PVE_TOKEN_SECRET"], env.get("PVE_CA_FILE"))


def redact(value: str) -> str:
    return value[:4] + "…" if len(value) > 8 else "…"


class PveClient:
    def __init__(self, cfg: Config):
        self.cfg = cfg
        self.ctx = ssl.create_default_context(cafile=cfg.ca_file) if cfg.ca_file else ssl.create_default_context()
        self.calls = 0

    def get(self, path: str, **params) -> list | dict:
        query = ("?" + urllib.parse.urlencode(params)) if params else ""
        url = self.cfg.base + path + query
        req = urllib.request.Request(url, method="GET")
        req.add_header("Authorization", f"PVEAPIToken={self.cfg.token_id}={self.cfg.token_secret}")
        req.add_header("Accept", "application/json")
        delay = 0.5
        for attempt in range(5):
            try:
                with urllib.request.urlopen(req, context=self.ctx, timeout=self.cfg.timeout) as resp:
                    self.calls += 1
                    return json.load(resp)["data"]
            except urllib.error.HTTPError as exc:
                if exc.code in (500, 502, 503) and attempt < 4:
                    time.sleep(delay)
                    delay *= 2
                    continue
                raise SystemExit(f"GET {path} -> HTTP {exc.code}")
            except urllib.error.URLError as exc:
                if attempt < 4:
                    time.sleep(delay)
                    delay *= 2
                    continue
                raise SystemExit(f"GET {path} failed: {exc.reason}")
        return []


def collect(client: PveClient) -> tuple[list[dict], list[Guest], list[dict]]:
    nodes = client.get("/nodes")
    guests: list[Guest] = []
    for res in client.get("/cluster/resources", type="vm"):
        guests.append(Guest(
            vmid=int(res["vmid"]),
            name=res.get("name", f"vm{res['vmid']}"),
            node=res["node"],
            kind=res["type"],
            status=res.get("status", "unknown"),
            cpus=int(res.get("maxcpu", 0)),
            maxmem=int(res.get("maxmem", 0)),
            maxdisk=int(res.get("maxdisk", 0)),
            tags=[t for t in res.get("tags", "").split(";") if t],
            uptime=int(res.get("uptime", 0)),
        ))
    storage = client.get("/cluster/resources", type="storage")
    guests.sort(key=lambda g: (g.node, g.vmid))
    return nodes, guests, storage


def gib(n: int) -> str:
    return f"{n / 1024 ** 3:.1f}"


def render_markdown(guests: list[Guest]) -> str:
    out = io.StringIO()
    out.write("| vmid | name | node | type | status | vCPU | RAM GiB | disk GiB | tags |\n")
    out.write("|---:|---|---|---|---|---:|---:|---:|---|\n")
    for g in guests:
        out.write(f"| {g.vmid} | {g.name} | {g.node} | {g.kind} | {g.status} | {g.cpus} | "
                  f"{gib(g.maxmem)} | {gib(g.maxdisk)} | {', '.join(g.tags)} |\n")
    return out.getvalue()


def write_csv(path: Path, guests: list[Guest]) -> None:
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(asdict(guests[0]).keys()) if guests else ["vmid"])
        writer.writeheader()
        for g in guests:
            row = asdict(g)
            row["tags"] = ";".join(g.tags)
            writer.writerow(row)
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default=str(ROOT / ".env"))
    ap.add_argument("--format", choices=["csv", "md", "json"], default="csv")
    ap.add_argument("--stdout", action="store_true")
    args = ap.parse_args(argv)

    cfg = load_config(Path(args.env))
    print(f"querying {cfg.host} as {cfg.token_id} (secret {redact(cfg.token_secret)})", file=sys.stderr)
    client = PveClient(cfg)
    nodes, guests, storage = collect(client)

    REPORTS.mkdir(parents=True, exist_ok=True)
    if args.format == "md":
        text = render_markdown(guests)
        if args.stdout:
            print(text)
        else:
            (REPORTS / "guests.md").write_text(text)
    elif args.format == "json":
        payload = {"nodes": nodes, "guests": [asdict(g) for g in guests], "storage": storage}
        (REPORTS / "inventory.json").write_text(json.dumps(payload, indent=2, sort_keys=True))
    else:
        write_csv(REPORTS / "guests.csv", guests)

    running = sum(1 for g in guests if g.status == "running")
    print(f"{len(nodes)} nodes, {len(guests)} guests ({running} running), "
          f"{len(storage)} storage entries, {client.calls} API calls", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
