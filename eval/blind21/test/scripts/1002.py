#!/usr/bin/env python3
"""Borg backups for the ledger service's document store.

Configuration lives in ops/backup.ini:

    [borg]
    repository = ssh://backup@nas.internal/./ledger
    prefix = ledger-docs
    passcommand = pass show infra/borg/ledger
    sources = var/documents var/exports

    [retention]
    daily = 7
    weekly = 5
    monthly = 12

BORG_PASSCOMMAND is used so the passphrase never sits in our environment;
borg runs the command itself. Pruning is limited to archives named
"<prefix>-*", which are the only ones this job creates.
"""
import argparse
import configparser
import datetime
import logging
import os
import shlex
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

BASE = Path(__file__).resolve().parents[1]
INI = BASE / "ops" / "backup.ini"
LOG = logging.getLogger("borgjob")


class JobError(RuntimeError):
    """Raised for configuration or borg failures that should stop the job."""


class BorgJob:
    def __init__(self, ini: Path, dry_run: bool):
        parser = configparser.ConfigParser(interpolation=None)
        if not parser.read(ini):
            raise JobError(f"cannot read {ini}")
        self.repo = parser.get("borg", "repository")
        self.prefix = parser.get("borg", "prefix")
        self.passcommand = parser.get("borg", "passcommand", fallback="")
        self.sources = [BASE / s for s in parser.get("borg", "sources").split()]
        self.retention = {k: parser.getint("retention", k, fallback=0)
                          for k in ("daily", "weekly", "monthly")}
        self.dry_run = dry_run
        self.child = None
        self.validate()

    def validate(self):
        if len(self.prefix) < 4 or any(ch in self.prefix for ch in "*?[]"):
            raise JobError(f"prefix {self.prefix!r} is too short or contains glob characters")
        if sum(self.retention.values()) == 0:
            raise JobError("retention keeps nothing")
        missing = [str(p) for p in self.sources if not p.exists()]
        if missing:
            raise JobError("missing sources: " + ", ".join(missing))

    def env(self) -> dict:
        env = dict(os.environ)
        env["BORG_REPO"] = self.repo
        if self.passcommand:
            env["BORG_PASSCOMMAND"] = self.passcommand
        elif "BORG_PASSPHRASE" not in env:
            raise JobError("set passcommand in backup.ini or BORG_PASSPHRASE")
        env.setdefault("BORG_RSH", "ssh -o BatchMode=yes -o ServerAliveInterval=30")
        return env

    def borg(self, *args: str, capture: bool = False) -> str:
        argv = ["borg", *args]
        LOG.info("$ %s", " ".join(shlex.quote(a) for a in argv))
        self.child = subprocess.Popen(argv, env=self.env(), text=True,
                                      stdout=subprocess.PIPE if capture else None)
        out, _ = self.child.communicate()
        code = self.child.returncode
        self.child = None
        # borg: 0 ok, 1 warning (e.g. file changed while reading), >=2 error
        if code >= 2:
            raise JobError(f"borg {args[0]} failed with {code}")
        if code == 1:
            LOG.warning("borg %s finished with warnings", args[0])
        return out or ""

    def stop_child(self, signum, _frame):
        LOG.warning("received signal %s", signum)
        if self.child and self.child.poll() is None:
            self.child.send_signal(signal.SIGINT)  # borg checkpoints on SIGINT
            try:
                self.child.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.child.kill()
        raise SystemExit(128 + signum)

    def create(self):
        stamp = datetime.datetime.now().strftime("%Y-%m-%dT%H%M")
        archive = f"::{self.prefix}-{stamp}"
        with tempfile.NamedTemporaryFile("w", prefix="borg-exclude-", suffix=".txt", delete=False) as fh:
            fh.write("*.tmp\n*/.cache/*\n*/thumbnails/*\n")
            exclude_file = fh.name
        try:
            args = ["create", "--stats", "--compression", "auto,zstd,9", "--exclude-from", exclude_file,
                    "--checkpoint-interval", "600"]
            if self.dry_run:
                args += ["--dry-run", "--list", "--filter", "AME"]
            self.borg(*args, archive, *map(str, self.sources))
        finally:
            os.unlink(exclude_file)

    def prune(self):
        args = ["prune", "--list", "--glob-archives", f"{self.prefix}-*"]
        for period, count in self.retention.items():
            if count:
                args += [f"--keep-{period}", str(count)]
        if self.dry_run:
            args.append("--dry-run")
        self.borg(*args)
        if not self.dry_run:
            self.borg("compact", "--cleanup-commits")

    def verify(self):
        # check only the newest archive's data; full checks run monthly
        self.borg("check", "--glob-archives", f"{self.prefix}-*", "--last", "1", "--verify-data")

    def listing(self, last: int = 5) -> str:
        return self.borg("list", "--glob-archives", f"{self.prefix}-*", "--last", str(last),
                         "--format", "{archive:<40} {time} {size:>12}{NL}", capture=True)


def free_space_ok(minimum_gb: float = 5.0) -> bool:
    """Borg needs scratch space for its chunk cache next to the sources."""
    stats = os.statvfs(BASE)
    free_gb = stats.f_bavail * stats.f_frsize / 1024 ** 3
    if free_gb < minimum_gb:
        LOG.error("only %.1f GiB free on %s", free_gb, BASE)
        return False
    return True


def write_status(ok: bool, detail: str) -> None:
    status_dir = BASE / "var" / "status"
    status_dir.mkdir(parents=True, exist_ok=True)
    (status_dir / "backup.txt").write_text(
        f"{'OK' if ok else 'FAILED'} {datetime.datetime.now().isoformat(timespec='seconds')} {detail}\n")


def main() -> int:
    ap = argparse.ArgumentParser(description="ledger document store backup")
    ap.add_argument("--dry-run", action="store_true", help="borg --dry-run everywhere")
    ap.add_argument("--skip-prune", action="store_true")
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    opts = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if opts.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)-7s %(message)s")
    if not free_space_ok():
        write_status(False, "low disk space")
        return 1
    try:
        job = BorgJob(INI, opts.dry_run)
        signal.signal(signal.SIGTERM, job.stop_child)
        signal.signal(signal.SIGINT, job.stop_child)
        job.create()
        if not opts.skip_prune:
            job.prune()
        if opts.verify:
            job.verify()
        print(job.listing())
    except JobError as exc:
        LOG.error("%s", exc)
        write_status(False, str(exc))
        return 1
    write_status(True, "dry-run" if opts.dry_run else "archive created")
    return 0


if __name__ == "__main__":
    sys.exit(main())
