#!/usr/bin/env python3
"""Run a local command with secrets decrypted by sops injected into its environment.

    python3 tools/with_secrets.py dev -- python -m app.worker
    python3 tools/with_secrets.py test -- pytest -q tests/integration

The encrypted files live in secrets/<env>.enc.yaml and are decrypted with the
developer's age key via `sops -d`. The plaintext only ever exists in memory and
in the child's environment; nothing is written to disk. Keys that are not
UPPER_SNAKE are rejected so a malformed file cannot smuggle e.g. LD_PRELOAD.
Production files are refused here; prod runs through the deploy pipeline.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECRETS_DIR = ROOT / "secrets"
ALLOWED_ENVS = ("dev", "test", "e2e")
KEY_RE = re.compile(r"^[A-Z][A-Z0-9_]{1,63}$")
BLOCKED_KEYS = {
    "PATH", "HOME", "LD_PRELOAD", "LD_LIBRARY_PATH", "DYLD_INSERT_LIBRARIES",
    "PYTHONPATH", "NODE_OPTIONS", "BASH_ENV", "ENV", "PROMPT_COMMAND",
}
LOCAL_HOST_KEYS = ("DATABASE_URL", "REDIS_URL", "AMQP_URL")


class SecretError(Exception):
    pass


def sops_binary() -> str:
    path = shutil.which("sops")
    if not path:
        raise SecretError("sops not found on PATH (brew install sops / apt install sops)")
    return path


def decrypt(env_name: str) -> dict:
    if env_name not in ALLOWED_ENVS:
        raise SecretError(f"environment {env_name!r} not allowed here; use one of {ALLOWED_ENVS}")
    enc = SECRETS_DIR / f"{env_name}.enc.yaml"
    if not enc.exists():
        raise SecretError(f"{enc.relative_to(ROOT)} does not exist")
    res = subprocess.run(
        [sops_binary(), "--decrypt", "--output-type", "json", str(enc)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if res.returncode != 0:
        hint = ""
        if "no key could decrypt" in res.stderr.lower() or "failed to get the data key" in res.stderr.lower():
            hint = " (is SOPS_AGE_KEY_FILE set and your key listed in .sops.yaml?)"
        raise SecretError("sops could not decrypt " + enc.name + hint)
    data = json.loads(res.stdout)
    data.pop("sops", None)
    return flatten(data)


def flatten(data: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in data.items():
        name = f"{prefix}_{key}" if prefix else str(key)
        name = name.upper().replace("-", "_").replace(".", "_")
        if isinstance(value, dict):
            out.update(flatten(value, name))
        elif isinstance(value, list):
            out[name] = ",".join(str(v) for v in value)
        elif value is None:
            continue
        else:
            out[name] = str(value)
    return out


def validate(values: dict) -> dict:
    clean = {}
    for key, value in values.items():
        if not KEY_RE.match(key):
            raise SecretError(f"invalid key name {key!r}")
        if key in BLOCKED_KEYS:
            raise SecretError(f"refusing to override {key}")
        clean[key] = value
    for key in LOCAL_HOST_KEYS:
        url = clean.get(key, "")
        if url and not re.search(r"@(localhost|127\.0\.0\.1|[a-z0-9-]+)(:\d+)?/", url):
            raise SecretError(f"{key} must point at a local service for {ALLOWED_ENVS}")
    return clean


def redacted_summary(values: dict) -> str:
    rows = []
    for key in sorted(values):
        v = values[key]
        shown = "<empty>" if not v else f"<{len(v)} chars>"
        rows.append(f"  {key:32} {shown}")
    return "\n".join(rows)


def diff_against_example(values: dict) -> list:
    """Compare decrypted keys with .env.example so new settings are noticed.

    .env.example is committed and lists every key the app reads, with dummy
    values. Keys present there but missing from the decrypted file usually mean
    somebody forgot to `sops -e` the new value into secrets/<env>.enc.yaml.
    """
    example = ROOT / ".env.example"
    if not example.exists():
        return []
    expected = set()
    for raw in example.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        expected.add(line.split("=", 1)[0].strip())
    missing = sorted(expected - set(values))
    return missing


def warn_missing(values: dict) -> None:
    missing = diff_against_example(values)
    if not missing:
        return
    print("with_secrets: keys in .env.example but not in the secrets file:", file=sys.stderr)
    for key in missing:
        print(f"  - {key}", file=sys.stderr)


def run_child(argv, extra_env, workdir):
    env = dict(os.environ)
    env.update(extra_env)
    env["SECRETS_SOURCE"] = "sops"
    proc = subprocess.Popen(argv, env=env, cwd=workdir)

    def forward(signum, _frame):
        if proc.poll() is None:
            proc.send_signal(signum)

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, forward)
    return proc.wait()


def main():
    ap = argparse.ArgumentParser(usage="%(prog)s ENV [--list] -- COMMAND...")
    ap.add_argument("env", choices=ALLOWED_ENVS)
    ap.add_argument("--list", action="store_true", help="show key names and lengths only")
    ap.add_argument("--cwd", default=str(ROOT))
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()

    try:
        values = validate(decrypt(args.env))
    except SecretError as exc:
        print(f"with_secrets: {exc}", file=sys.stderr)
        return 2

    if args.list:
        print(f"{len(values)} keys from secrets/{args.env}.enc.yaml:")
        print(redacted_summary(values))
        warn_missing(values)
        return 0
    warn_missing(values)

    command = args.command
    if command and command[0] == "--":
        command = command[1:]
    if not command:
        ap.error("missing command after --")
    if shutil.which(command[0]) is None and not Path(command[0]).exists():
        print(f"with_secrets: command not found: {command[0]}", file=sys.stderr)
        return 127

    print(f"with_secrets: injecting {len(values)} keys into {command[0]}", file=sys.stderr)
    rc = run_child(command, values, args.cwd)
    values.clear()
    return rc


if __name__ == "__main__":
    sys.exit(main())
