#!/usr/bin/env python3
"""Nightly restic backup of the project's uploads and database dumps.

Reads backup/config.yaml for the repository, the paths to back up and the
retention policy. The repository password comes from .env (RESTIC_PASSWORD)
and is handed to restic through its environment, never on the command line.

Only snapshots carrying this project's tag are ever forgotten or pruned.
"""
import argparse
import datetime as dt
import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "backup" / "config.yaml"
ENV_FILE = ROOT / ".env"
DUMP_DIR = ROOT / "var" / "dumps"

log = logging.getLogger("backup")
_child: subprocess.Popen | None = None


def read_dotenv(path: Path) -> dict:
    values = {}
    if not path.exists():
        return values
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, val = line.partition("=")
        val = val.strip().strip('"').strip("'")
        values[key.strip()] = val
    return values


def mask(secret: str) -> str:
    if not secret:
        return "<unset>"
    return "*" * max(len(secret) - 4, 4) + secret[-4:]


def load_config() -> dict:
    with CONFIG.open() as fh:
        cfg = yaml.safe_load(fh)
    required = ("repository", "tag", "paths", "retention")
    missing = [k for k in required if k not in cfg]
    if missing:
        raise SystemExit(f"backup/config.yaml missing keys: {', '.join(missing)}")
    repo = cfg["repository"]
    if not (repo.startswith("sftp:") or repo.startswith("rest:") or repo.startswith("./")
            or repo.startswith("s3:")):
        raise SystemExit(f"unexpected repository spec {repo!r}")
    if repo.startswith("./"):
        cfg["repository"] = str(ROOT / repo[2:])
    return cfg


def restic_env(cfg: dict) -> dict:
    dotenv = read_dotenv(ENV_FILE)
    env = dict(os.environ)
    password = env.get("RESTIC_PASSWORD") or dotenv.get("RESTIC_PASSWORD")
    if not password:
        raise SystemExit("RESTIC_PASSWORD not set in environment or .env")
    env["RESTIC_PASSWORD"] = password
    env["RESTIC_REPOSITORY"] = cfg["repository"]
    for key in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        if key in dotenv and key not in env:
            env[key] = dotenv[key]
    log.info("repository %s, password %s", cfg["repository"], mask(password))
    return env


def restic(args: list, env: dict, capture: bool = False, retries: int = 3) -> subprocess.CompletedProcess:
    global _child
    argv = ["restic", *args]
    delay = 5
    for attempt in range(1, retries + 1):
        log.debug("run %s (attempt %d)", argv, attempt)
        _child = subprocess.Popen(argv, env=env, text=True,
                                  stdout=subprocess.PIPE if capture else None,
                                  stderr=subprocess.PIPE if capture else None)
        out, err = _child.communicate()
        rc = _child.returncode
        _child = None
        if rc == 0:
            return subprocess.CompletedProcess(argv, rc, out, err)
        # exit code 1 with "repository is already locked" is worth retrying
        if capture and err and "locked" in err and attempt < retries:
            log.warning("repository locked, retrying in %ds", delay)
            time.sleep(delay)
            delay *= 2
            continue
        raise subprocess.CalledProcessError(rc, argv, out, err)
    raise RuntimeError("unreachable")


def on_signal(signum, _frame):
    log.warning("signal %d received, stopping restic", signum)
    if _child is not None and _child.poll() is None:
        _child.terminate()
        try:
            _child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            _child.kill()
    sys.exit(128 + signum)


def dump_database(cfg: dict) -> Path | None:
    db = cfg.get("database")
    if not db:
        return None
    DUMP_DIR.mkdir(parents=True, exist_ok=True)
    out = DUMP_DIR / f"{db['name']}-{dt.date.today():%Y%m%d}.sql.gz"
    # constant pipeline, values come from our own config file and are quoted
    cmd = (f"pg_dump --no-owner --dbname={db['name']!s} --host={db.get('host', 'localhost')!s} "
           f"| gzip -6 > '{out}'")
    subprocess.run(cmd, shell=True, check=True, env={**os.environ, "PGPASSWORD": db.get("password", "")})
    log.info("database dumped to %s (%d bytes)", out.relative_to(ROOT), out.stat().st_size)
    return out


def prune_old_dumps(keep: int) -> None:
    dumps = sorted(DUMP_DIR.glob("*.sql.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in dumps[keep:]:
        log.info("removing local dump %s", old.name)
        old.unlink()


def backup(cfg: dict, env: dict, dry_run: bool) -> None:
    paths = [str(ROOT / p) for p in cfg["paths"]]
    args = ["backup", "--tag", cfg["tag"], "--one-file-system", "--json"]
    for pattern in cfg.get("exclude", []):
        args += ["--exclude", pattern]
    if dry_run:
        args.append("--dry-run")
    res = restic(args + paths, env, capture=True)
    summary = [json.loads(l) for l in res.stdout.splitlines() if '"message_type":"summary"' in l]
    if summary:
        s = summary[-1]
        log.info("snapshot %s: %d new files, %d changed, %.1f MiB added",
                 s.get("snapshot_id", "dry-run"), s.get("files_new", 0),
                 s.get("files_changed", 0), s.get("data_added", 0) / 1048576)


def forget(cfg: dict, env: dict, dry_run: bool) -> None:
    r = cfg["retention"]
    args = ["forget", "--tag", cfg["tag"], "--group-by", "host,tags"]
    for flag in ("keep-daily", "keep-weekly", "keep-monthly"):
        n = int(r.get(flag.replace("-", "_"), 0))
        if n > 0:
            args += [f"--{flag}", str(n)]
    if len(args) == 5:
        raise SystemExit("retention policy keeps nothing; refusing to forget")
    args.append("--dry-run" if dry_run else "--prune")
    restic(args, env)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-forget", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if a.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    cfg = load_config()
    env = restic_env(cfg)
    if not a.dry_run:
        dump_database(cfg)
        prune_old_dumps(int(cfg.get("local_dumps_to_keep", 3)))
    backup(cfg, env, a.dry_run)
    if not a.skip_forget:
        forget(cfg, env, a.dry_run)
    restic(["snapshots", "--tag", cfg["tag"], "--compact"], env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
