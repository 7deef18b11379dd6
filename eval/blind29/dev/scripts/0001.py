#!/usr/bin/env python3
"""Upgrade a list of custom Odoo modules on the developer database.

Reads odoo.conf plus the project's .env, refuses to touch anything that looks
like a production database, runs ``odoo-bin -u`` once per module group with
``--stop-after-init`` and keeps a JSON report under build/upgrade-reports/.

Usage:
    python3 tools/upgrade_modules.py --db dev_erp stock_ext sale_ext
    python3 tools/upgrade_modules.py --db dev_erp --all-custom --with-tests
"""
from __future__ import annotations

import argparse
import configparser
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADDONS_DIR = ROOT / "addons"
REPORT_DIR = ROOT / "build" / "upgrade-reports"
PROD_MARKERS = ("prod", "live", "production")
DEFAULT_TIMEOUT = 1800

_children: list[subprocess.Popen] = []


def log(msg: str) -> None:
    stamp = time.strftime("%H:%M:%S")
    print(f"[{stamp}] {msg}", file=sys.stderr, flush=True)


def die(msg: str, code: int = 2) -> None:
    log(f"error: {msg}")
    sys.exit(code)


def load_env(path: Path) -> dict[str, str]:
    """Parse KEY=VALUE lines from the project's .env (no shell expansion)."""
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip('"').strip("'")
    return values


def read_odoo_conf(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    if not parser.read(path):
        die(f"cannot read {path}")
    if "options" not in parser:
        die(f"{path} has no [options] section")
    return parser["options"]


def mask(value: str | None) -> str:
    if not value:
        return "<unset>"
    if len(value) <= 4:
        return "****"
    return value[:2] + "*" * (len(value) - 4) + value[-2:]


def looks_like_prod(dbname: str, allowed: set[str]) -> bool:
    if dbname in allowed:
        return False
    lowered = dbname.lower()
    return any(marker in lowered for marker in PROD_MARKERS)


def custom_modules() -> list[str]:
    names = []
    for manifest in sorted(ADDONS_DIR.glob("*/__manifest__.py")):
        names.append(manifest.parent.name)
    return names


def build_argv(odoo_bin: str, conf: Path, db: str, modules: list[str],
               with_tests: bool, addons_path: str) -> list[str]:
    argv = [
        odoo_bin,
        "-c", str(conf),
        "-d", db,
        "-u", ",".join(modules),
        "--addons-path", addons_path,
        "--stop-after-init",
        "--no-http",
    ]
    if with_tests:
        tags = ",".join(f"/{m}" for m in modules)
        argv += ["--test-enable", "--test-tags", tags, "--log-level=test"]
    return argv


def terminate_children(signum=None, frame=None) -> None:
    for proc in _children:
        if proc.poll() is None:
            log(f"stopping odoo-bin pid {proc.pid}")
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    if signum is not None:
        sys.exit(128 + signum)


def run_group(argv: list[str], env: dict[str, str], logfile: Path, timeout: int) -> int:
    log("running: " + " ".join(argv))
    with logfile.open("w", encoding="utf-8") as fh:
        proc = subprocess.Popen(argv, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
        _children.append(proc)
        try:
            return proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            log(f"timeout after {timeout}s, killing pid {proc.pid}")
            proc.kill()
            return 124


def summarize_log(logfile: Path) -> dict[str, int]:
    counts = {"ERROR": 0, "WARNING": 0, "FAIL": 0}
    for line in logfile.read_text(encoding="utf-8", errors="replace").splitlines():
        for key in counts:
            if f" {key} " in line:
                counts[key] += 1
    return counts


def chunk(items: list[str], size: int) -> list[list[str]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Upgrade custom Odoo modules on a dev DB")
    p.add_argument("modules", nargs="*", help="module technical names")
    p.add_argument("--db", required=True, help="database name (must not be production)")
    p.add_argument("--conf", default=str(ROOT / "odoo.conf"))
    p.add_argument("--all-custom", action="store_true", help="every module under addons/")
    p.add_argument("--with-tests", action="store_true")
    p.add_argument("--group-size", type=int, default=4)
    p.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT)
    p.add_argument("--keep-logs", action="store_true")
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    env_file = load_env(ROOT / ".env")
    allowed = {d.strip() for d in env_file.get("ODOO_DEV_DATABASES", "dev_erp").split(",") if d.strip()}
    if looks_like_prod(args.db, allowed):
        die(f"refusing to upgrade '{args.db}': name looks like production; add it to ODOO_DEV_DATABASES if it is a copy")
    if args.db not in allowed:
        die(f"'{args.db}' is not listed in ODOO_DEV_DATABASES ({', '.join(sorted(allowed))})")

    conf_path = Path(args.conf)
    options = read_odoo_conf(conf_path)
    db_host = options.get("db_host", "localhost")
    if db_host not in ("localhost", "127.0.0.1", "db", "False") and not db_host.endswith(".localhost"):
        die(f"odoo.conf points at db_host={db_host}; this tool only runs against a local database")

    modules = custom_modules() if args.all_custom else args.modules
    if not modules:
        die("no modules given (use --all-custom or list them)")
    unknown = [m for m in modules if not (ADDONS_DIR / m / "__manifest__.py").exists()]
    if unknown:
        die("not custom modules in addons/: " + ", ".join(unknown))

    odoo_bin = shutil.which(env_file.get("ODOO_BIN", "odoo-bin")) or str(ROOT / "odoo" / "odoo-bin")
    addons_path = options.get("addons_path", str(ADDONS_DIR))
    child_env = dict(os.environ)
    child_env["PGPASSWORD"] = env_file.get("PGPASSWORD", "")
    log(f"db={args.db} host={db_host} user={options.get('db_user', '?')} password={mask(child_env['PGPASSWORD'])}")

    signal.signal(signal.SIGINT, terminate_children)
    signal.signal(signal.SIGTERM, terminate_children)

    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="odoo-upgrade-", dir=ROOT / "build"))
    results = []
    try:
        for group in chunk(modules, args.group_size):
            logfile = workdir / f"{'_'.join(group)[:60]}.log"
            started = time.monotonic()
            code = run_group(build_argv(odoo_bin, conf_path, args.db, group, args.with_tests, addons_path),
                             child_env, logfile, args.timeout)
            counts = summarize_log(logfile)
            results.append({
                "modules": group,
                "exit": code,
                "seconds": round(time.monotonic() - started, 1),
                **counts,
            })
            log(f"{','.join(group)}: exit={code} errors={counts['ERROR']} failures={counts['FAIL']}")
            if args.keep_logs:
                shutil.copy2(logfile, REPORT_DIR / logfile.name)
    finally:
        terminate_children()
        shutil.rmtree(workdir, ignore_errors=True)

    report = REPORT_DIR / f"upgrade-{args.db}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    tmp = report.with_suffix(".tmp")
    tmp.write_text(json.dumps({"db": args.db, "results": results}, indent=2), encoding="utf-8")
    tmp.replace(report)
    log(f"report written to {report.relative_to(ROOT)}")
    failed = [r for r in results if r["exit"] != 0 or r["FAIL"]]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
