#!/usr/bin/env python3
"""Create or refresh the analysis conda environment from environment.yml.

- resolves with mamba when available, conda otherwise
- environment prefix lives in ./.conda/env (never the base env, never ~/envs)
- writes a lock file and a small activation helper
- `--recreate` removes the project prefix and builds again

Run with `python3 tools/envbuild.py` from anywhere in the repo.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ENV_FILE = REPO / "environment.yml"
PREFIX = REPO / ".conda" / "env"
STAMP = REPO / ".conda" / "env.stamp.json"
LOCK = REPO / "environment.lock.yml"
PKGS_CACHE = REPO / ".conda" / "pkgs"


def solver() -> str:
    for name in ("micromamba", "mamba", "conda"):
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("need micromamba, mamba or conda on PATH")


def call(argv, env=None, capture=False):
    print("+", " ".join(map(str, argv)), flush=True)
    res = subprocess.run(
        [str(a) for a in argv],
        env=env,
        text=True,
        capture_output=capture,
    )
    if res.returncode != 0:
        if capture:
            sys.stderr.write(res.stderr[-4000:])
        raise SystemExit(f"{Path(str(argv[0])).name} failed with {res.returncode}")
    return res.stdout if capture else ""


def env_digest() -> str:
    h = hashlib.sha256(ENV_FILE.read_bytes())
    extra = REPO / "requirements-dev.txt"
    if extra.exists():
        h.update(extra.read_bytes())
    return h.hexdigest()[:16]


def up_to_date() -> bool:
    if not PREFIX.exists() or not STAMP.exists():
        return False
    try:
        stamp = json.loads(STAMP.read_text())
    except json.JSONDecodeError:
        return False
    return stamp.get("digest") == env_digest()


def safe_prefix(path: Path) -> Path:
    resolved = path.resolve()
    if REPO not in resolved.parents:
        raise SystemExit(f"refusing to touch {resolved}: outside the repository")
    if resolved.name != "env" or resolved.parent.name != ".conda":
        raise SystemExit(f"unexpected prefix layout {resolved}")
    return resolved


def solver_env() -> dict:
    env = dict(os.environ)
    env["CONDA_PKGS_DIRS"] = str(PKGS_CACHE)
    env["MAMBA_NO_BANNER"] = "1"
    env.setdefault("CONDA_CHANNEL_PRIORITY", "strict")
    return env


def create_env(tool: str, recreate: bool):
    prefix = safe_prefix(PREFIX)
    if recreate and prefix.exists():
        print(f"removing project env {prefix.relative_to(REPO)}")
        shutil.rmtree(prefix)
    PKGS_CACHE.mkdir(parents=True, exist_ok=True)
    env = solver_env()
    if prefix.exists():
        call([tool, "env", "update", "--prefix", prefix, "--file", ENV_FILE, "--prune"], env=env)
    else:
        call([tool, "env", "create", "--prefix", prefix, "--file", ENV_FILE], env=env)


def pip_extras(tool: str):
    extra = REPO / "requirements-dev.txt"
    if not extra.exists():
        return
    call([tool, "run", "--prefix", PREFIX, "python", "-m", "pip", "install",
          "--no-deps", "-r", extra], env=solver_env())
    call([tool, "run", "--prefix", PREFIX, "python", "-m", "pip", "install",
          "--no-deps", "-e", REPO], env=solver_env())


def write_lock(tool: str):
    out = call([tool, "env", "export", "--prefix", PREFIX, "--no-builds"], capture=True)
    lines = [ln for ln in out.splitlines() if not ln.startswith("prefix:")]
    LOCK.write_text("\n".join(lines) + "\n")
    print(f"wrote {LOCK.name} ({len(lines)} lines)")


def smoke_test(tool: str):
    code = "import numpy, pandas, pyarrow; print(pandas.__version__)"
    out = call([tool, "run", "--prefix", PREFIX, "python", "-c", code], capture=True)
    print(f"pandas {out.strip()} importable")


def write_activate_helper():
    helper = REPO / ".conda" / "activate.sh"
    helper.write_text(
        "# source this file: . .conda/activate.sh\n"
        f'eval "$(conda shell.bash hook)"\nconda activate "{PREFIX}"\n'
    )


def clean_cache(days: int):
    if not PKGS_CACHE.exists():
        return
    cutoff = time.time() - days * 86400
    removed = 0
    for entry in PKGS_CACHE.iterdir():
        if entry.stat().st_mtime < cutoff:
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
            removed += 1
    print(f"pruned {removed} cached package entries older than {days} days")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("--force", action="store_true", help="rebuild even if stamp matches")
    ap.add_argument("--prune-cache-days", type=int, default=0)
    args = ap.parse_args()

    if not ENV_FILE.exists():
        raise SystemExit("environment.yml not found")
    tool = solver()

    if up_to_date() and not (args.force or args.recreate):
        print("environment up to date")
    else:
        started = time.monotonic()
        create_env(tool, args.recreate)
        pip_extras(tool)
        write_lock(tool)
        smoke_test(tool)
        STAMP.write_text(json.dumps({
            "digest": env_digest(),
            "solver": Path(tool).name,
            "built_at": int(time.time()),
            "seconds": round(time.monotonic() - started, 1),
        }, indent=2))
    write_activate_helper()
    if args.prune_cache_days:
        clean_cache(args.prune_cache_days)
    print(f"activate with: conda activate {PREFIX}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
