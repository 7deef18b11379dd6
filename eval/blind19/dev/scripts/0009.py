#!/usr/bin/env python3
"""Build the edge worker and, only with --deploy, publish it with wrangler.

By default this builds, type-checks, runs the worker tests and prints the
bundle size; nothing leaves the machine. `--deploy --env staging` uploads the
bundle and KV seed data; production needs `--env production --confirm <name>`.

The Cloudflare API token comes from CLOUDFLARE_API_TOKEN (set by `op run` in
the Makefile) and is only ever sent to api.cloudflare.com.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKER = ROOT / "worker"
DIST = WORKER / "dist"
SEED = WORKER / "kv-seed"
CF_API = "https://api.cloudflare.com/client/v4"
ENVIRONMENTS = {
    "staging": {"name": "edge-router-staging", "kv": "ROUTES"},
    "production": {"name": "edge-router", "kv": "ROUTES"},
}
MAX_BUNDLE_KB = 1024


def step(title):
    print(f"\n== {title} ==", flush=True)


def run(argv, cwd=WORKER, env=None, capture=False):
    print("+", " ".join(argv), flush=True)
    result = subprocess.run(argv, cwd=cwd, env=env, text=True, capture_output=capture)
    if result.returncode != 0:
        if capture:
            print(result.stdout, result.stderr, sep="\n", file=sys.stderr)
        raise SystemExit(f"failed: {' '.join(argv)}")
    return result.stdout if capture else ""


def clean():
    for path in (DIST, WORKER / ".wrangler" / "tmp"):
        if path.exists():
            shutil.rmtree(path)


def build():
    run(["npm", "ci", "--no-audit", "--no-fund"])
    run(["npm", "run", "typecheck"])
    run(["npm", "test", "--", "--run"])
    run(["npx", "wrangler", "deploy", "--dry-run", "--outdir", str(DIST)])


def bundle_size_kb():
    total = sum(p.stat().st_size for p in DIST.rglob("*.js"))
    return total / 1024


def verify_token(token):
    req = urllib.request.Request(
        f"{CF_API}/user/tokens/verify",
        headers={"Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(req, timeout=20) as resp:
        body = json.load(resp)
    if not body.get("success") or body["result"].get("status") != "active":
        raise SystemExit("Cloudflare token is not active")


def seed_files():
    if not SEED.exists():
        return []
    return sorted(SEED.glob("*.json"))


def upload_seed(env_name, env):
    binding = ENVIRONMENTS[env_name]["kv"]
    for path in seed_files():
        entries = json.loads(path.read_text())
        if not isinstance(entries, list):
            raise SystemExit(f"{path.name}: expected a list of {{key, value}}")
        tmp = DIST / f"bulk-{path.stem}.json"
        tmp.write_text(json.dumps(entries))
        run(["npx", "wrangler", "kv", "bulk", "put", str(tmp), "--binding", binding, "--env", env_name, "--remote"], env=env)
        tmp.unlink()


def deploy(env_name, env):
    out = run(["npx", "wrangler", "deploy", "--env", env_name], env=env, capture=True)
    for line in out.splitlines():
        if "https://" in line:
            print("  " + line.strip())


def tail_check(env_name, env):
    name = ENVIRONMENTS[env_name]["name"]
    print(f"deployed {name}; `npx wrangler tail --env {env_name}` to watch logs")


def account_id(token):
    """The token may see several accounts; wrangler.toml pins ours."""
    toml = (WORKER / "wrangler.toml").read_text()
    for line in toml.splitlines():
        if line.strip().startswith("account_id"):
            return line.split("=", 1)[1].strip().strip('"')
    req = urllib.request.Request(f"{CF_API}/accounts", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        accounts = json.load(resp)["result"]
    if len(accounts) != 1:
        raise SystemExit("set account_id in wrangler.toml; the token sees several accounts")
    return accounts[0]["id"]


def current_deployments(token, env_name):
    acct = account_id(token)
    name = ENVIRONMENTS[env_name]["name"]
    req = urllib.request.Request(
        f"{CF_API}/accounts/{acct}/workers/scripts/{name}/deployments",
        headers={"Authorization": f"Bearer {token}"},
    )
    try:
        with urllib.request.urlopen(req, timeout=20) as resp:
            body = json.load(resp)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return []
        raise
    return body.get("result", {}).get("deployments", [])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deploy", action="store_true")
    parser.add_argument("--env", choices=sorted(ENVIRONMENTS), default="staging")
    parser.add_argument("--confirm", default="")
    parser.add_argument("--skip-seed", action="store_true")
    parser.add_argument("--skip-build", action="store_true")
    args = parser.parse_args()

    if not args.skip_build:
        step("clean")
        clean()
        step("build + test")
        build()
    size = bundle_size_kb()
    print(f"bundle: {size:.0f} KiB (limit {MAX_BUNDLE_KB})")
    if size > MAX_BUNDLE_KB:
        raise SystemExit("bundle too large")

    if not args.deploy:
        print("\nbuild only; pass --deploy to publish")
        return 0

    target = ENVIRONMENTS[args.env]
    if args.env == "production" and args.confirm != target["name"]:
        raise SystemExit(f"production deploy needs --confirm {target['name']}")

    token = os.environ.get("CLOUDFLARE_API_TOKEN")
    if not token:
        raise SystemExit("CLOUDFLARE_API_TOKEN not set (run through `op run --env-file .env.tpl`)")
    step("verify token")
    verify_token(token)
    previous = current_deployments(token, args.env)
    if previous:
        print(f"currently live: {previous[0].get('id')} ({previous[0].get('created_on')})")

    env = dict(os.environ)
    env["CLOUDFLARE_API_TOKEN"] = token
    if not args.skip_seed:
        step("seed KV")
        upload_seed(args.env, env)
    step(f"deploy {target['name']}")
    deploy(args.env, env)
    tail_check(args.env, env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
