#!/usr/bin/env python3
"""Health check for every site on the local Frappe bench.

For each site folder in ``<bench>/sites`` whose name ends in ``.localhost``:

* ``bench --site S doctor`` (scheduler / workers state)
* pending patches via ``bench --site S show-pending-patches`` when available
* a REST ping of ``/api/method/ping`` and ``/api/method/frappe.auth.get_logged_user``
  using the site's API key pair from ``site_config.json`` (``dev_api_key`` /
  ``dev_api_secret``), sent in the Authorization header to that same site
* size of the site's private/backups folder and age of the newest backup

The result is a table on stdout and ``reports/bench-health.json``.  With
``--restart-workers`` the bench's own supervisor group is restarted through
``bench restart`` – only when a worker is reported dead.
"""
import argparse
import concurrent.futures as futures
import json
import logging
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path

LOG = logging.getLogger("bench-health")
REPO = Path(__file__).resolve().parents[1]
DEFAULT_BENCH = Path(os.environ.get("BENCH_PATH", Path.home() / "frappe-bench"))
HTTP_PORT = int(os.environ.get("BENCH_HTTP_PORT", "8000"))


@dataclass
class SiteHealth:
    site: str
    ping: bool = False
    user: str | None = None
    doctor: str = ""
    workers_dead: bool = False
    pending_patches: int | None = None
    newest_backup_hours: float | None = None
    backups_mb: float = 0.0
    problems: list = field(default_factory=list)


def local_sites(bench: Path) -> list[str]:
    sites_dir = bench / "sites"
    return sorted(
        p.name for p in sites_dir.iterdir()
        if p.is_dir() and p.name.endswith(".localhost") and (p / "site_config.json").exists()
    )


def bench_cmd(bench: Path, *args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run(["bench", *args], cwd=bench, capture_output=True, text=True, timeout=timeout)


def api_call(site: str, path: str, key: str | None, secret: str | None) -> dict | None:
    url = f"http://{site}:{HTTP_PORT}{path}"
    headers = {"Accept": "application/json", "Host": site}
    if key and secret:
        headers["Authorization"] = f"token {key}:{secret}"
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10.0) as resp:
            return json.load(resp)
    except (urllib.error.URLError, TimeoutError, json.JSONDecodeError) as exc:
        LOG.debug("%s %s: %s", site, path, exc)
        return None


def backup_stats(bench: Path, site: str) -> tuple[float | None, float]:
    folder = bench / "sites" / site / "private" / "backups"
    if not folder.is_dir():
        return None, 0.0
    files = [p for p in folder.iterdir() if p.is_file()]
    total = sum(p.stat().st_size for p in files) / 1e6
    dumps = [p for p in files if p.name.endswith("-database.sql.gz")]
    if not dumps:
        return None, total
    newest = max(p.stat().st_mtime for p in dumps)
    return (time.time() - newest) / 3600, total


def check_site(bench: Path, site: str) -> SiteHealth:
    health = SiteHealth(site=site)
    config = json.loads((bench / "sites" / site / "site_config.json").read_text())
    key, secret = config.get("dev_api_key"), config.get("dev_api_secret")

    pong = api_call(site, "/api/method/ping", None, None)
    health.ping = bool(pong and pong.get("message") == "pong")
    who = api_call(site, "/api/method/frappe.auth.get_logged_user", key, secret)
    health.user = who.get("message") if who else None

    doctor = bench_cmd(bench, "--site", site, "doctor")
    health.doctor = (doctor.stdout or doctor.stderr).strip().splitlines()[-1:] and (doctor.stdout or doctor.stderr).strip().splitlines()[-1] or ""
    health.workers_dead = "dead" in doctor.stdout.lower() or "no workers" in doctor.stdout.lower()

    patches = bench_cmd(bench, "--site", site, "show-pending-patches")
    if patches.returncode == 0:
        health.pending_patches = sum(1 for line in patches.stdout.splitlines() if line.strip().startswith(("-", "*")))

    health.newest_backup_hours, health.backups_mb = backup_stats(bench, site)

    if not health.ping:
        health.problems.append("site does not answer /api/method/ping")
    if key and not health.user:
        health.problems.append("API key from site_config.json was rejected")
    if health.workers_dead:
        health.problems.append("background workers not running")
    if health.pending_patches:
        health.problems.append(f"{health.pending_patches} pending patch(es): run bench migrate")
    if health.newest_backup_hours is None or health.newest_backup_hours > 36:
        health.problems.append("no backup in the last 36 hours")
    return health


def redis_ok(bench: Path) -> bool:
    """The bench's own redis instances are listed in common_site_config.json."""
    cfg_file = bench / "sites" / "common_site_config.json"
    if not cfg_file.exists():
        return False
    cfg = json.loads(cfg_file.read_text())
    for key in ("redis_cache", "redis_queue"):
        url = cfg.get(key, "")
        port = url.rsplit(":", 1)[-1] if url else ""
        if not port.isdigit():
            return False
        probe = subprocess.run(["redis-cli", "-p", port, "ping"], capture_output=True, text=True)
        if probe.stdout.strip() != "PONG":
            LOG.warning("%s on port %s does not answer", key, port)
            return False
    return True


def render(rows: list[SiteHealth]) -> str:
    header = f"{'site':<28} {'ping':<5} {'user':<14} {'backup(h)':>9} {'MB':>8}  problems"
    lines = [header, "-" * len(header)]
    for r in rows:
        backup = f"{r.newest_backup_hours:.0f}" if r.newest_backup_hours is not None else "-"
        lines.append(
            f"{r.site:<28} {'ok' if r.ping else 'FAIL':<5} {str(r.user or '-'):<14} {backup:>9} {r.backups_mb:>8.1f}  "
            + ("; ".join(r.problems) or "none")
        )
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bench", type=Path, default=DEFAULT_BENCH)
    ap.add_argument("--restart-workers", action="store_true")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING, format="%(name)s: %(message)s")

    bench = args.bench.expanduser().resolve()
    if not (bench / "sites").is_dir():
        print(f"no bench at {bench}", file=sys.stderr)
        return 2
    sites = local_sites(bench)
    if not sites:
        print("no *.localhost sites found", file=sys.stderr)
        return 0

    with futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(lambda s: check_site(bench, s), sites))

    print(render(rows))
    if not redis_ok(bench):
        print("warning: bench redis instances not answering (bench start?)", file=sys.stderr)
    out = REPO / "reports" / "bench-health.json"
    out.parent.mkdir(exist_ok=True, parents=True)
    out.write_text(json.dumps([asdict(r) for r in rows], indent=2))

    if args.restart_workers and any(r.workers_dead for r in rows):
        print("restarting bench processes (bench restart)", file=sys.stderr)
        result = bench_cmd(bench, "restart", timeout=300)
        if result.returncode != 0:
            print(result.stderr.strip()[-500:], file=sys.stderr)
            return 1
    return 1 if any(r.problems for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
